import { describe, expect, it } from 'vitest';
import { buildFileTree, flattenFileTree } from './fileTree.js';

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
