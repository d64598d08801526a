/** What the diff and the tree show: the filter, "hide viewed files" and collapse all, on the store itself. */
import { describe, expect, it } from 'vitest';
import { createReviewStore } from '../app/reviewStore.js';
import { CALC_FILES, CALC_PATCH, KINDS_FILES, KINDS_PATCH, makeReview } from '../testing/fixtures.js';
import { hiddenViewedCount, shownFiles } from './shownFiles.js';

function loaded() {
  const store = createReviewStore();
  store.getState().loadReview(makeReview(KINDS_PATCH + CALC_PATCH, [...KINDS_FILES, ...CALC_FILES]), null);
  return store;
}
const shownPaths = (store: ReturnType<typeof loaded>) => shownFiles(store.getState()).map((f) => f.path);

describe('the shown files', () => {
  it('are all the files, the same array, while nothing narrows them', () => {
    const store = loaded();
    expect(shownFiles(store.getState())).toBe(store.getState().files);
  });

  it('the filter keeps the matching paths (trimmed, any case) in the review order; clearing brings all back', () => {
    const store = loaded();
    store.getState().setFileFilter('  .TXT ');
    expect(shownPaths(store)).toEqual(['del.txt', 'mod.txt', 'nonl.txt', 'pure2.txt', 'ren2.txt']);
    store.getState().setFileFilter('');
    expect(shownPaths(store)).toHaveLength(10);
  });

  it('keeps the same array while the same files are shown (CodeView is not fed new items)', () => {
    const store = loaded();
    store.getState().setFileFilter('txt');
    const first = shownFiles(store.getState());
    store.getState().setCurrentFile('mod.txt');
    store.getState().setHideViewed(true); // nothing viewed: the same files
    expect(shownFiles(store.getState())).toBe(first);
  });

  it('hide viewed: the current file stays when marked viewed, and leaves once another is current; the counter says how many', () => {
    const store = loaded();
    const s = () => store.getState();
    s().setHideViewed(true);
    s().setViewed('del.txt', true);
    expect(shownPaths(store)).not.toContain('del.txt');
    expect(hiddenViewedCount(s())).toBe(1);

    s().setCurrentFile('mod.txt');
    s().setViewed('mod.txt', true);
    expect(shownPaths(store)).toContain('mod.txt');
    expect(hiddenViewedCount(s())).toBe(1);
    s().setCurrentFile('new.ts');
    expect(shownPaths(store)).not.toContain('mod.txt');
    expect(hiddenViewedCount(s())).toBe(2);

    s().setViewed('del.txt', false);
    expect(shownPaths(store)).toContain('del.txt');
    s().setHideViewed(false);
    expect(shownPaths(store)).toHaveLength(10);
    expect(hiddenViewedCount(s())).toBe(0);
  });

  it('the counter counts only what the filter leaves', () => {
    const store = loaded();
    store.getState().setCurrentFile('src/calc.ts');
    store.getState().setViewed('del.txt', true);
    store.getState().setViewed('new.ts', true);
    store.getState().setHideViewed(true);
    store.getState().setFileFilter('.ts');
    expect(hiddenViewedCount(store.getState())).toBe(1);
    expect(shownPaths(store)).toEqual(['src/calc.ts']);
  });

  it('search looks only at the shown files, again when the filter changes', () => {
    const store = loaded();
    store.getState().setSearchQuery('e');
    const everywhere = new Set(store.getState().search.hits.map((h) => h.fileId));
    expect(everywhere.size).toBeGreaterThan(2);
    store.getState().setFileFilter('calc');
    expect(new Set(store.getState().search.hits.map((h) => h.fileId))).toEqual(new Set(['src/calc.ts']));
    store.getState().setFileFilter('');
    expect(new Set(store.getState().search.hits.map((h) => h.fileId))).toEqual(everywhere);
  });
});

describe('collapse all / expand all', () => {
  it('folds every shown file, then unfolds them, leaving large files to their own "Load diff"', () => {
    const store = loaded();
    const s = () => store.getState();
    s().setFileFilter('.txt');
    s().toggleAllCollapsed();
    expect(s().foldAll).toBe('collapsed');
    expect(shownFiles(s()).every((f) => s().isCollapsed(f.id))).toBe(true);
    expect(s().isCollapsed('src/calc.ts')).toBe(false); // not shown: left as it was

    store.setState({ files: s().files.map((f) => (f.path === 'mod.txt' ? { ...f, large: true } : f)) });
    s().toggleAllCollapsed();
    expect(s().foldAll).toBe('expanded');
    expect(shownFiles(s()).filter((f) => f.path !== 'mod.txt').every((f) => !s().isCollapsed(f.id))).toBe(true);
    expect(s().isCollapsed('mod.txt')).toBe(true);
  });
});
