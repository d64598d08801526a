import { describe, expect, it } from 'vitest';
import { createReviewStore } from '../app/reviewStore.js';
import { createItemsBuilder } from '../diff/buildItems.js';
import { CALC_FILES, CALC_PATCH, makeReview } from '../testing/fixtures.js';
import { isMarkdownFile } from './isMarkdownFile.js';

function setup() {
  const store = createReviewStore();
  store.getState().loadReview(makeReview(CALC_PATCH, CALC_FILES), null);
  const build = createItemsBuilder();
  const items = () => {
    const s = store.getState();
    return build({ files: s.files, annotations: s.annotations, composer: s.composer, isCollapsed: s.isCollapsed, isRendered: (id) => s.renderedFiles.has(id) });
  };
  return { store, items };
}

describe('a file shown rendered', () => {
  it('is its header and a rendered slot over each side, no source lines, until toggled back to the source', () => {
    const { store, items } = setup();
    const [source] = items();
    expect(source!.fileDiff.hunks.length).toBeGreaterThan(0);
    store.getState().toggleRendered('src/calc.ts');
    const [rendered] = items();
    expect(rendered!.fileDiff.hunks).toEqual([]);
    expect(rendered!.annotations).toEqual([
      { side: 'deletions', lineNumber: 0, metadata: { kind: 'markdown-file', fileId: 'src/calc.ts', side: 'old' } },
      { side: 'additions', lineNumber: 0, metadata: { kind: 'markdown-file', fileId: 'src/calc.ts', side: 'new' } },
    ]);
    expect(rendered!.version).toBeGreaterThan(source!.version!);
    // Nothing changed: the same item, so CodeView does not redraw it.
    expect(items()[0]).toBe(rendered);
    store.getState().toggleRendered('src/calc.ts');
    expect(items()[0]!.fileDiff).toBe(source!.fileDiff);
  });

  it('is offered for markdown files only', () => {
    const { store } = setup();
    const file = store.getState().files[0]!;
    expect(isMarkdownFile(file)).toBe(false);
    for (const path of ['README.md', 'docs/a.markdown', 'NOTES.MD']) expect(isMarkdownFile({ ...file, path })).toBe(true);
    expect(isMarkdownFile({ ...file, path: 'page.mdx' })).toBe(false);
    expect(isMarkdownFile({ ...file, path: 'logo.md', binary: true })).toBe(false);
  });
});
