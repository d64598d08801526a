import { describe, expect, it, vi } from 'vitest';
import { CALC_FILES, CALC_NEW, CALC_OLD, CALC_PATCH, makeReview } from '../testing/fixtures.js';
import { createHarness } from '../testing/renderWithReview.js';

describe('the review controller', () => {
  it('expands context only with contents consistent with the patch', async () => {
    const h = createHarness(makeReview(CALC_PATCH, CALC_FILES), { 'src/calc.ts': [CALC_OLD, CALC_NEW] });
    const fileDiff = h.store.getState().fileById.get('src/calc.ts')!.fileDiff;
    const loaded = await h.controller.loadDiffFiles(fileDiff);
    expect(loaded.newFile.contents).toBe(CALC_NEW);
    expect(loaded.oldFile?.contents).toBe(CALC_OLD);

    const stale = createHarness(makeReview(CALC_PATCH, CALC_FILES), { 'src/calc.ts': [CALC_OLD, CALC_NEW.replace('VERSION = 2', 'VERSION = 99')] });
    const staleDiff = stale.store.getState().fileById.get('src/calc.ts')!.fileDiff;
    await expect(stale.controller.loadDiffFiles(staleDiff)).rejects.toThrow(/changed on disk since the diff was read \(line 9, new side\)/);
    expect(stale.store.getState().toasts.at(-1)?.message).toMatch(/Cannot show more context/);
  });

  it('falls back to the diff’s own lines (no revision) when the file cannot be served', async () => {
    const h = createHarness(makeReview(CALC_PATCH, CALC_FILES), {});
    expect(await h.controller.openSuggestion({ scope: 'line', fileId: 'src/calc.ts', side: 'new', startLine: 2, endLine: 2 })).toBe(true);
    expect(h.store.getState().composer).toMatchObject({ originalCode: '  return a + b + 0;', kind: 'suggestion' });
    expect(h.store.getState().composer?.revision).toBeUndefined();
    h.store.getState().closeComposer();
    // Lines the diff does not show and the server cannot serve: refused with a reason.
    expect(await h.controller.openSuggestion({ scope: 'line', fileId: 'src/calc.ts', side: 'new', startLine: 5, endLine: 5 })).toBe(false);
    expect(h.store.getState().toasts.at(-1)?.message).toMatch(/not available/);
  });

  it('re-anchors annotations by content after a refresh, and marks those whose lines are gone outdated', async () => {
    const h = createHarness(makeReview(CALC_PATCH, CALC_FILES), { 'src/calc.ts': [CALC_OLD, CALC_NEW] });
    const s = h.store.getState();
    s.addAnnotation({ id: 'moves', kind: 'comment', scope: 'line', path: 'src/calc.ts', side: 'new', startLine: 9, endLine: 9, text: 'version', createdAt: '' });
    s.addAnnotation({ id: 'goes', kind: 'comment', scope: 'line', path: 'src/calc.ts', side: 'new', startLine: 2, endLine: 2, text: '+ 0?', createdAt: '' });
    // Warm the contents cache as creating annotations does.
    await h.controller.fetchContents('src/calc.ts');

    // On disk: two lines inserted at the top, and line 2 rewritten.
    const newer = '// a\n// b\n' + CALC_NEW.replace('  return a + b + 0;', '  return b + a;');
    const patch = [
      'diff --git a/src/calc.ts b/src/calc.ts',
      'index 744121b..9999999 100644',
      '--- a/src/calc.ts',
      '+++ b/src/calc.ts',
      '@@ -1,3 +1,5 @@',
      '+// a',
      '+// b',
      ' export function add(a: number, b: number) {',
      '-  return a + b;',
      '+  return b + a;',
      ' }',
      '@@ -8,2 +10,2 @@ export function sub(a: number, b: number) {',
      ' ',
      '-export const VERSION = 1;',
      '+export const VERSION = 2;',
      '',
    ].join('\n');
    h.api.review = makeReview(patch, [{ ...CALC_FILES[0]!, additions: 4, deletions: 2 }]);
    h.api.contents.set('src/calc.ts', [CALC_OLD, newer]);
    await h.controller.refresh();
    const after = h.store.getState().annotations;
    expect(after.find((a) => a.id === 'moves')).toMatchObject({ startLine: 11, endLine: 11 });
    expect(after.find((a) => a.id === 'goes')).toMatchObject({ outdated: true, anchorSnippet: '  return a + b + 0;', startLine: 2 });
    expect(h.store.getState().review?.fingerprint).toBe(h.api.review.fingerprint);
    expect(h.store.getState().toasts.at(-1)?.message).toBe('Diff refreshed · 1 moved with their code · 1 outdated');
  });

  it('keeps annotations added or deleted while a refresh was fetching contents', async () => {
    const h = createHarness(makeReview(CALC_PATCH, CALC_FILES), { 'src/calc.ts': [CALC_OLD, CALC_NEW] });
    const s = h.store.getState();
    s.addAnnotation({ id: 'kept', kind: 'comment', scope: 'line', path: 'src/calc.ts', side: 'new', startLine: 9, endLine: 9, text: 'a', createdAt: '' });
    s.addAnnotation({ id: 'deleted-meanwhile', kind: 'comment', scope: 'line', path: 'src/calc.ts', side: 'new', startLine: 2, endLine: 2, text: 'b', createdAt: '' });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const getFile = h.api.getFile;
    h.api.getFile = async (path, fingerprint) => {
      await gate;
      return getFile(path, fingerprint);
    };
    h.api.review = makeReview(CALC_PATCH.replace('index 744121b..8c15866', 'index 744121b..8c15867'), CALC_FILES);
    const refreshing = h.controller.refresh();
    await vi.waitFor(() => expect(h.api.calls.filter((c) => c.startsWith('review')).length).toBe(1));
    h.store.getState().addAnnotation({ id: 'added-meanwhile', kind: 'comment', scope: 'general', path: '', text: 'c', createdAt: '' });
    h.store.getState().deleteAnnotation('deleted-meanwhile');
    release();
    await refreshing;
    expect(h.store.getState().annotations.map((a) => a.id)).toEqual(['kept', 'added-meanwhile']);
  });

  it('moves between files with j/k and marks the current file viewed with v', () => {
    const h = createHarness();
    const scrolled: string[] = [];
    h.controller.setViewport({ scrollToTop: vi.fn(), scrollToFile: (id) => scrolled.push(id), scrollToLine: vi.fn(), revealLine: vi.fn() });
    h.controller.stepFile(1);
    h.controller.stepFile(1);
    h.controller.stepFile(-1);
    expect(scrolled).toEqual(['del.txt', 'link', 'del.txt']);
    h.controller.toggleViewedCurrent();
    expect(h.store.getState().isViewed('del.txt')).toBe(true);
  });

  it('a file opened from the tree with the keyboard goes to the top with the cursor on its first line, not only as far as that line', () => {
    const h = createHarness(makeReview(CALC_PATCH, CALC_FILES), { 'src/calc.ts': [CALC_OLD, CALC_NEW] });
    const moves: string[] = [];
    h.controller.setViewport({
      scrollToTop: vi.fn(),
      scrollToFile: (id) => moves.push(`file ${id}`),
      scrollToLine: vi.fn(),
      revealLine: (id) => moves.push(`line ${id}`),
    });
    h.controller.openFileWithCursor('src/calc.ts');
    // The last scroll asked for is the one CodeView does: "as far as the line" after the jump left the file at the bottom edge.
    expect(moves.at(-1)).toBe('file src/calc.ts');
    expect(h.store.getState().lineCursor?.fileId).toBe('src/calc.ts');
    expect(h.store.getState().currentFileId).toBe('src/calc.ts');
    expect(h.controller.currentFilePinnedFor()).toBeGreaterThan(0);
  });
});
