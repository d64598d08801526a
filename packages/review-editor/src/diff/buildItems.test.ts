import { describe, expect, it } from 'vitest';
import { CALC_FILES, CALC_PATCH, KINDS_FILES, KINDS_PATCH, makeReview } from '../testing/fixtures.js';
import { createReviewStore } from '../app/reviewStore.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';
import { createItemsBuilder } from './buildItems.js';
import type { ItemEditView } from './extensionSlots.js';

function setup(editView?: (file: ReviewFile) => ItemEditView | null) {
  const store = createReviewStore();
  store.getState().loadReview(makeReview(KINDS_PATCH + CALC_PATCH, [...KINDS_FILES, ...CALC_FILES]), null);
  const build = createItemsBuilder();
  const items = () => {
    const s = store.getState();
    return build({ files: s.files, annotations: s.annotations, composer: s.composer, isCollapsed: s.isCollapsed, ...(editView ? { editView } : {}) });
  };
  return { store, items };
}

describe('CodeView items', () => {
  it('are one diff item per file, in order, with file notices where the diff alone says nothing', () => {
    const { items } = setup();
    const list = items();
    // The one file order: the folder src/ before the root's files.
    expect(list.map((i) => i.id)).toEqual(['src/calc.ts', ...KINDS_FILES.map((f) => f.path)]);
    const noticed = list.filter((i) => i.annotations?.some((a) => a.metadata.kind === 'file-notices')).map((i) => i.id);
    expect(noticed).toEqual(['bin.dat', 'link', 'pure2.txt', 'run.sh']);
  });

  it('reuse the same item (same version) when nothing it shows changed', () => {
    const { store, items } = setup();
    const first = items();
    store.getState().setSummary('typing a summary');
    store.getState().setSearchQuery('version');
    const second = items();
    expect(second).not.toBe(first);
    second.forEach((item, i) => expect(item).toBe(first[i]));
  });

  it('republish only the file whose slots changed, with a higher version; typing in the form changes nothing', () => {
    const { store, items } = setup();
    const first = items();
    store.getState().openComposer({ kind: 'comment', target: { scope: 'line', fileId: 'src/calc.ts', side: 'new', startLine: 2, endLine: 2 } });
    const second = items();
    const calc = second.find((i) => i.id === 'src/calc.ts')!;
    const before = first.find((i) => i.id === 'src/calc.ts')!;
    expect(calc.version).toBeGreaterThan(before.version!);
    expect(calc.annotations?.at(-1)).toMatchObject({ side: 'additions', lineNumber: 2, metadata: { kind: 'composer' } });
    expect(second.filter((item, i) => item !== first[i]).map((i) => i.id)).toEqual(['src/calc.ts']);
    store.getState().updateComposer({ text: 'typing…' });
    expect(items().find((i) => i.id === 'src/calc.ts')).toBe(calc);
  });

  it('anchor line annotations at their last line and side, file comments and outdated ones above the first line', () => {
    const { store, items } = setup();
    store.getState().addAnnotation({ id: 'a', kind: 'comment', scope: 'line', path: 'src/calc.ts', side: 'old', startLine: 1, endLine: 2, text: 'x', createdAt: '' });
    store.getState().addAnnotation({ id: 'b', kind: 'comment', scope: 'file', path: 'src/calc.ts', text: 'y', createdAt: '' });
    store.getState().addAnnotation({ id: 'c', kind: 'comment', scope: 'line', path: 'src/calc.ts', side: 'new', startLine: 40, endLine: 40, outdated: true, anchorSnippet: 'gone', text: 'z', createdAt: '' });
    const calc = items().find((i) => i.id === 'src/calc.ts')!;
    expect(calc.annotations?.map((a) => [a.side, a.lineNumber, a.metadata.kind === 'annotation' ? a.metadata.id : a.metadata.kind])).toEqual([
      ['additions', 0, 'b'],
      ['additions', 0, 'c'],
      ['deletions', 2, 'a'],
    ]);
  });

  it('in an edit session: the edit diff, edit: true and the banner slot first; slots frozen until it ends', () => {
    let view: ItemEditView | null = null;
    const { store, items } = setup((file) => (file.id === 'src/calc.ts' ? view : null));
    const comment = (id: string, line: number) =>
      store.getState().addAnnotation({ id, kind: 'comment', scope: 'line', path: 'src/calc.ts', side: 'new', startLine: line, endLine: line, text: id, createdAt: '' });
    comment('a', 2);
    const plain = items().find((i) => i.id === 'src/calc.ts')!;
    expect(plain.edit).toBeUndefined();
    const hydrated = { ...plain.fileDiff, isPartial: false };

    view = { fileDiff: hydrated, editing: true, banner: true };
    const editing = items().find((i) => i.id === 'src/calc.ts')!;
    expect(editing).toMatchObject({ fileDiff: hydrated, edit: true });
    expect(editing.version).toBeGreaterThan(plain.version!);
    expect(editing.annotations?.map((a) => a.metadata.kind)).toEqual(['file-banner', 'annotation']);
    expect(editing.annotations?.[0]).toMatchObject({ side: 'additions', lineNumber: 0, metadata: { kind: 'file-banner', fileId: 'src/calc.ts' } });

    // New annotations and forms do not republish it (Pierre would read their lines against the edited text)...
    comment('b', 9);
    store.getState().openComposer({ kind: 'comment', target: { scope: 'line', fileId: 'src/calc.ts', side: 'new', startLine: 2, endLine: 2 } });
    expect(items().find((i) => i.id === 'src/calc.ts')).toBe(editing);
    // ...collapsing does, with the very same slots.
    store.getState().setCollapsed('src/calc.ts', true);
    const collapsed = items().find((i) => i.id === 'src/calc.ts')!;
    expect(collapsed).toMatchObject({ collapsed: true, edit: true });
    expect(collapsed.annotations).toBe(editing.annotations);
    store.getState().setCollapsed('src/calc.ts', false);

    // The end of the session: edit false, the current slots, the same (hydrated) diff.
    view = { fileDiff: hydrated, editing: false, banner: false };
    const after = items().find((i) => i.id === 'src/calc.ts')!;
    expect(after).toMatchObject({ fileDiff: hydrated, edit: false, collapsed: false });
    expect(after.annotations?.map((a) => (a.metadata.kind === 'annotation' ? a.metadata.id : a.metadata.kind))).toEqual(['a', 'b', 'composer']);
  });

  it('carry the collapse state: generated files folded, viewed files folded', () => {
    const { store, items } = setup();
    store.getState().setViewed('mod.txt', true);
    expect(items().find((i) => i.id === 'mod.txt')?.collapsed).toBe(true);
    expect(items().find((i) => i.id === 'new.ts')?.collapsed).toBe(false);
  });
});
