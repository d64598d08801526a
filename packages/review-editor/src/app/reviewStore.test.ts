import { describe, expect, it } from 'vitest';
import { CALC_FILES, CALC_PATCH, KINDS_FILES, KINDS_PATCH, makeReview } from '../testing/fixtures.js';
import { viewedFingerprint } from '../viewed/viewedFingerprint.js';
import { selectionToTarget } from '../composer/composerSlice.js';
import { createReviewStore } from './reviewStore.js';

const review = makeReview(KINDS_PATCH + CALC_PATCH, [...KINDS_FILES, ...CALC_FILES]);

function loaded() {
  const store = createReviewStore();
  store.getState().loadReview(review, null);
  return store;
}

describe('the review store', () => {
  it('loads a review: files parsed, first file current, nothing annotated', () => {
    const s = loaded().getState();
    expect(s.phase).toBe('ready');
    expect(s.files).toHaveLength(10);
    expect(s.fileById.get('src/calc.ts')?.path).toBe('src/calc.ts');
    expect(s.currentFileId).toBe('src/calc.ts'); // the first in file order: folders first
    expect(s.annotations).toEqual([]);
  });

  it('restores a draft saved for the same diff, dropping viewed marks that no longer match', () => {
    const store = createReviewStore();
    const draft = {
      version: 2 as const,
      composer: null,
      fingerprint: review.fingerprint,
      annotations: [{ id: 'c1', kind: 'comment' as const, scope: 'general' as const, path: '' as const, text: 'hi', createdAt: '2025-01-01T00:00:00Z' }],
      viewed: { 'mod.txt': 'stale-fingerprint', 'new.ts': '' },
      verdict: 'approve' as const,
      summary: 'ok',
      updatedAt: '2025-01-01T00:00:00Z',
    };
    const fresh = createReviewStore();
    fresh.getState().loadReview(review, null);
    draft.viewed['new.ts'] = viewedFingerprint(fresh.getState().fileById.get('new.ts')!);
    store.getState().loadReview(review, draft);
    const s = store.getState();
    expect(s.annotations.map((a) => a.id)).toEqual(['c1']);
    expect(Object.keys(s.viewed)).toEqual(['new.ts']);
    expect([s.verdict, s.summary]).toEqual(['approve', 'ok']);
    // A draft for another diff is not applied.
    const other = createReviewStore();
    other.getState().loadReview(review, { ...draft, fingerprint: 'f'.repeat(64) });
    expect(other.getState().annotations).toEqual([]);
  });

  it('restores a draft that arrives after the review only while the reviewer has done nothing', () => {
    const draft = { version: 2 as const, composer: null, fingerprint: review.fingerprint, annotations: [], viewed: {}, verdict: 'approve' as const, summary: 'from draft', updatedAt: '' };
    const untouched = loaded();
    expect(untouched.getState().restoreDraft(draft)).toBe(true);
    expect(untouched.getState().summary).toBe('from draft');
    const busy = loaded();
    busy.getState().setSummary('typed already');
    expect(busy.getState().restoreDraft(draft)).toBe(false);
    expect(busy.getState().summary).toBe('typed already');
  });

  it('comments on lines through the form: Mod+Enter path validates, builds and closes', () => {
    const store = loaded();
    const s = store.getState();
    s.openComposer({ kind: 'comment', target: { scope: 'line', fileId: 'src/calc.ts', side: 'new', startLine: 2, endLine: 2 } });
    expect(store.getState().submitComposer()).toBeNull();
    expect(store.getState().composer?.error).toMatch(/Write a comment/);
    store.getState().updateComposer({ text: 'Why + 0?' });
    const annotation = store.getState().submitComposer();
    expect(annotation).toMatchObject({ kind: 'comment', scope: 'line', path: 'src/calc.ts', side: 'new', startLine: 2, endLine: 2, text: 'Why + 0?' });
    expect(store.getState().composer).toBeNull();
    expect(store.getState().annotations).toEqual([annotation]);
  });

  it('asks whether an emptied suggestion deletes the lines or leaves one empty line', () => {
    const store = loaded();
    store.getState().openComposer({
      kind: 'suggestion',
      target: { scope: 'line', fileId: 'src/calc.ts', side: 'new', startLine: 2, endLine: 2 },
      originalCode: '  return a + b + 0;',
      revision: 'r1',
    });
    expect(store.getState().composer?.suggestedCode).toBe('  return a + b + 0;');
    expect(store.getState().submitComposer()).toBeNull();
    expect(store.getState().composer?.error).toMatch(/same as the original/);
    store.getState().updateComposer({ suggestedCode: '' });
    expect(store.getState().submitComposer()).toBeNull();
    expect(store.getState().composer?.askEmptySuggestion).toBe(true);
    const deletion = store.getState().submitComposer({ emptySuggestion: 'delete' });
    expect(deletion).toMatchObject({ kind: 'suggestion', deletion: true, suggestedCode: '', originalCode: '  return a + b + 0;', revision: 'r1' });
  });

  it('edits an annotation in place; a suggestion gets the id of its new content', () => {
    const store = loaded();
    const s = store.getState();
    s.openComposer({ kind: 'suggestion', target: { scope: 'line', fileId: 'src/calc.ts', side: 'new', startLine: 9, endLine: 9 }, originalCode: 'export const VERSION = 2;' });
    s.updateComposer({ suggestedCode: 'export const VERSION = 3;' });
    const first = store.getState().submitComposer()!;
    store.getState().editAnnotation(first.id);
    expect(store.getState().composer?.editingId).toBe(first.id);
    store.getState().updateComposer({ suggestedCode: 'export const VERSION = 4;' });
    const second = store.getState().submitComposer()!;
    expect(second.id).not.toBe(first.id);
    expect(second.createdAt).toBe(first.createdAt);
    expect(store.getState().annotations.map((a) => a.id)).toEqual([second.id]);
  });

  it('deletes with an undo that puts the annotation back where it was', () => {
    const store = loaded();
    for (const text of ['one', 'two', 'three']) {
      store.getState().openComposer({ kind: 'comment', target: { scope: 'general' } });
      store.getState().updateComposer({ text });
      store.getState().submitComposer();
    }
    const middle = store.getState().annotations[1]!;
    store.getState().deleteAnnotation(middle.id);
    expect(store.getState().annotations.map((a) => a.text)).toEqual(['one', 'three']);
    const toast = store.getState().toasts.at(-1)!;
    expect(toast.message).toBe('Comment deleted');
    store.getState().undoDelete(toast.id);
    expect(store.getState().annotations.map((a) => a.text)).toEqual(['one', 'two', 'three']);
    expect(store.getState().toasts).toEqual([]);
  });

  it('keeps an unfinished form open rather than losing its text to another one', () => {
    const store = loaded();
    store.getState().openComposer({ kind: 'comment', target: { scope: 'file', fileId: 'mod.txt' } });
    store.getState().updateComposer({ text: 'half-written' });
    expect(store.getState().openComposer({ kind: 'comment', target: { scope: 'general' } })).toBe(false);
    expect(store.getState().composer?.text).toBe('half-written');
    expect(store.getState().toasts.at(-1)?.message).toMatch(/Finish or cancel/);
  });

  it('marks files viewed with their fingerprint, folding them away, and unmarks them', () => {
    const store = loaded();
    store.getState().toggleViewed('mod.txt');
    let s = store.getState();
    expect(s.viewed['mod.txt']).toBe(viewedFingerprint(s.fileById.get('mod.txt')!));
    expect(s.isViewed('mod.txt')).toBe(true);
    expect(s.isCollapsed('mod.txt')).toBe(true);
    s.toggleViewed('mod.txt');
    s = store.getState();
    expect(s.viewed).toEqual({});
    expect(s.isCollapsed('mod.txt')).toBe(false);
  });

  it('drops viewed marks of files whose diff changed when the review is replaced', () => {
    const store = loaded();
    store.getState().setViewed('src/calc.ts', true);
    store.getState().setViewed('mod.txt', true);
    const changed = makeReview(KINDS_PATCH + CALC_PATCH.replace('VERSION = 2', 'VERSION = 3'), [...KINDS_FILES, ...CALC_FILES]);
    store.getState().replaceReview(changed, store.getState().annotations);
    expect(Object.keys(store.getState().viewed)).toEqual(['mod.txt']);
  });

  it('searches the loaded files and steps through hits, wrapping around', () => {
    const store = loaded();
    store.getState().setSearchQuery('version');
    expect(store.getState().search.hits).toHaveLength(2);
    expect(store.getState().search.index).toBe(0);
    store.getState().stepSearch(1);
    expect(store.getState().search.index).toBe(1);
    store.getState().stepSearch(1);
    expect(store.getState().search.index).toBe(0);
    store.getState().stepSearch(-1);
    expect(store.getState().search.index).toBe(1);
  });
  it('carries a comment\'s highlighted text and approximate anchor (comments made in the editor) into the annotation', () => {
    const store = createReviewStore();
    store.getState().loadReview(makeReview(CALC_PATCH, CALC_FILES), null);
    const target = { scope: 'line' as const, fileId: 'src/calc.ts', side: 'new' as const, startLine: 2, endLine: 2 };
    store.getState().openComposer({ kind: 'comment', target, highlightedText: 'return a + b + 0;', approximate: true });
    store.getState().updateComposer({ text: 'Why + 0?' });
    expect(store.getState().submitComposer()).toMatchObject({ kind: 'comment', startLine: 2, endLine: 2, highlightedText: 'return a + b + 0;', approximate: true, text: 'Why + 0?' });
    store.getState().openComposer({ kind: 'comment', target });
    store.getState().updateComposer({ text: 'plain' });
    const plain = store.getState().submitComposer()!;
    expect('highlightedText' in plain || 'approximate' in plain).toBe(false);
  });
});

describe('selectionToTarget', () => {
  it('orders a range dragged upwards and maps the side', () => {
    expect(selectionToTarget({ fileId: 'f', range: { start: 9, end: 4, side: 'deletions', endSide: 'deletions' } })).toEqual({
      scope: 'line',
      fileId: 'f',
      side: 'old',
      startLine: 4,
      endLine: 9,
    });
  });

  it('anchors a range spanning both sides (unified view) to its end line', () => {
    expect(selectionToTarget({ fileId: 'f', range: { start: 3, end: 5, side: 'deletions', endSide: 'additions' } })).toMatchObject({
      side: 'new',
      startLine: 5,
      endLine: 5,
    });
  });
});
