import { describe, expect, it } from 'vitest';
import { buildFileTree, flattenFileTree, rankFileRows } from './fileTree.js';

const files = ['src/components/App.tsx', 'src/components/Button.tsx', 'src/index.ts', 'README.md', 'docs/guide/intro.md', 'src/utils/a.ts'].map((path) => ({
  id: path,
  path,
}));
const describeRows = (rows: ReturnType<typeof flattenFileTree>) =>
  rows.map((r) => `${'  '.repeat(r.depth)}${r.kind === 'folder' ? `${r.folder.name}/` : r.name}`);

describe('the file tree', () => {
  const tree = buildFileTree(files);

  it('lists folders before files, merges single-folder chains, and counts files', () => {
    expect(describeRows(flattenFileTree(tree, new Set()))).toEqual([
      'docs/guide/',
      '  intro.md',
      'src/',
      '  components/',
      '    App.tsx',
      '    Button.tsx',
      '  utils/',
      '    a.ts',
      '  index.ts',
      'README.md',
    ]);
    expect(tree.fileCount).toBe(6);
  });

  it('hides a collapsed folder’s contents', () => {
    expect(describeRows(flattenFileTree(tree, new Set(['src'])))).toEqual(['docs/guide/', '  intro.md', 'src/', 'README.md']);
  });

  it('filters by path, case-insensitively, keeping only folders with matches (expanded)', () => {
    expect(describeRows(flattenFileTree(tree, new Set(['src', 'src/components']), 'BUTTON'))).toEqual(['src/', '  components/', '    Button.tsx']);
    expect(flattenFileTree(tree, new Set(), 'nothing-matches')).toEqual([]);
  });

  it('builds and flattens a 2,000-file tree (its speed is measured in npm run bench, not here)', () => {
    const many = Array.from({ length: 2000 }, (_, i) => {
      const path = `pkg${i % 20}/src/module${i % 37}/file${i}.ts`;
      return { id: path, path };
    });
    const big = buildFileTree(many);
    const rows = flattenFileTree(big, new Set());
    flattenFileTree(big, new Set(), 'file1');
    expect(rows.filter((r) => r.kind === 'file')).toHaveLength(2000);
  });
});

describe('rankFileRows: the files ranked flat, largest first', () => {
  const files = [
    { id: 'a', path: 'src/a.ts', lines: 3 },
    { id: 'b', path: 'src/b.ts', lines: 40 },
    { id: 'c', path: 'lib/c.ts', lines: 3 },
    { id: 'd', path: 'docs/d.md', lines: 12 },
  ];
  it('by the measure, ties in the given (review) order, each row the whole path at depth 0', () => {
    const rows = rankFileRows(files, (f) => f.lines);
    expect(rows.map((r) => (r.kind === 'file' ? r.name : ''))).toEqual(['src/b.ts', 'docs/d.md', 'src/a.ts', 'lib/c.ts']);
    expect(rows.every((r) => r.kind === 'file' && r.depth === 0)).toBe(true);
  });
  it('keeps only the files the filter matches', () => {
    expect(rankFileRows(files, (f) => f.lines, 'src/').map((r) => r.key)).toEqual(['f:b', 'f:a']);
  });
});
