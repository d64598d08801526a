import { describe, expect, it } from 'vitest';
import { compareFilePaths, sortByFileOrder } from './fileOrder.js';
import { buildFileTree, flattenFileTree } from './fileTree.js';

const sorted = (paths: string[]) => [...paths].sort(compareFilePaths);
/** The tree's file rows, top to bottom. */
const treeOrder = (paths: string[]) =>
  flattenFileTree(buildFileTree(paths.map((path) => ({ id: path, path }))), new Set())
    .flatMap((row) => (row.kind === 'file' ? [row.file.path] : []));

describe('the one file order', () => {
  it('puts folders before files at every depth', () => {
    expect(sorted(['README.md', 'src/index.ts', 'src/diff/base.ts', 'a.txt', 'docs/x.md'])).toEqual([
      'docs/x.md',
      'src/diff/base.ts',
      'src/index.ts',
      'README.md',
      'a.txt',
    ]);
    expect(sorted(['z/a', 'a', 'z/y/b'])).toEqual(['z/y/b', 'z/a', 'a']);
  });

  it('compares names byte-wise: upper case before lower, UTF-8 order above the BMP', () => {
    expect(sorted(['b.ts', 'B.ts', 'a.ts', 'A.ts'])).toEqual(['A.ts', 'B.ts', 'a.ts', 'b.ts']);
    // U+FF5E (UTF-8 EF BD 9E) before U+1F600 (F0 9F 98 80), though UTF-16's D83D < FF5E.
    expect(sorted(['\u{1F600}.md', '\uFF5E.md'])).toEqual(['\uFF5E.md', '\u{1F600}.md']);
    expect(sorted(['ab', 'a', 'a-b'])).toEqual(['a', 'a-b', 'ab']);
  });

  it('interleaves untracked files with tracked ones: a deleted base.js sits by an untracked base.ts', () => {
    const tracked = [
      { path: 'README.md', untracked: false },
      { path: 'components/bower.json', untracked: false },
      { path: 'src/diff/base.js', untracked: false },
      { path: 'src/index.js', untracked: false },
    ];
    const untracked = [{ path: 'src/diff/base.ts', untracked: true }, { path: 'src/types.ts', untracked: true }];
    expect(sortByFileOrder([...tracked, ...untracked], (f) => f.path).map((f) => f.path)).toEqual([
      'components/bower.json',
      'src/diff/base.js',
      'src/diff/base.ts',
      'src/index.js',
      'src/types.ts',
      'README.md',
    ]);
  });

  it('sorts a renamed file by its new path', () => {
    const files = [
      { path: 'z.ts', oldPath: 'lib/a.ts' },
      { path: 'lib/b.ts', oldPath: 'y.ts' },
    ];
    expect(sortByFileOrder(files, (f) => f.path).map((f) => f.path)).toEqual(['lib/b.ts', 'z.ts']);
  });

  it('is the file tree’s order, top to bottom (merged folder chains included)', () => {
    const paths = [
      'README.md', 'Zeta/a.ts', 'alpha/b/c/d.ts', 'alpha/b/c.ts', 'alpha/b.ts', 'alpha/B/x.ts', 'src/components/App.tsx',
      'src/components/Button.tsx', 'src/index.ts', 'src/utils/a.ts', 'docs/guide/intro.md', '\u{1F600}/a', '\uFF5E/b', 'a',
    ];
    expect(treeOrder(paths)).toEqual(sorted(paths));
    // 500 generated paths, several depths, mixed case.
    const many = Array.from({ length: 500 }, (_, i) => `${'aBc'[i % 3]}${i % 7}/${i % 2 ? `s${i % 5}/` : ''}F${(i * 7919) % 101}x${i}.ts`);
    expect(treeOrder(many)).toEqual(sorted(many));
  });
});
