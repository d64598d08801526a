import { describe, expect, it } from 'vitest';
import { CALC_FILES, CALC_PATCH, KINDS_FILES, KINDS_PATCH, makeReview } from '../testing/fixtures.js';
import { createReviewStore } from '../store/reviewStore.js';
import { createItemsBuilder } from './buildItems.js';

function setup() {
  const store = createReviewStore();
  store.getState().loadReview(makeReview(KINDS_PATCH + CALC_PATCH, [...KINDS_FILES, ...CALC_FILES]), null);
  const build = createItemsBuilder();
  const items = () => {
    const s = store.getState();
    return build({ files: s.files, annotations: s.annotations, composer: s.composer, isCollapsed: s.isCollapsed });
  };
  return { store, items };
}

describe('CodeView items', () => {
  it('are one diff item per file, in order, with file notices where the diff alone says nothing', () => {
    const { items } = setup();
    const list = items();
    expect(list.map((i) => i.id)).toEqual([...KINDS_FILES.map((f) => f.path), 'src/calc.ts']);
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

  it('carry the collapse state: generated files folded, viewed files folded', () => {
    const { store, items } = setup();
    store.getState().setViewed('mod.txt', true);
    expect(items().find((i) => i.id === 'mod.txt')?.collapsed).toBe(true);
    expect(items().find((i) => i.id === 'new.ts')?.collapsed).toBe(false);
  });
});
