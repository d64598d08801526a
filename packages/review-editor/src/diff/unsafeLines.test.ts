import { describe, expect, it } from 'vitest';
import { makeReview } from '../testing/fixtures.js';
import { parseReviewFiles } from '../reviewLoading/parseReviewFiles.js';
import { findUnsafeLines } from './unsafeLines.js';

const patch = [
  'diff --git a/auth.js b/auth.js',
  'index 1111111..2222222 100644',
  '--- a/auth.js',
  '+++ b/auth.js',
  '@@ -1,2 +1,2 @@',
  '-if (isAdmin) { grant(); }',
  '+if (isAdmin) { /* \u202E } \u2066if (isGuest)\u2069 \u2066 */ grant(); }',
  ' const x\u200B = 1;',
  '',
].join('\n');

describe('findUnsafeLines', () => {
  it('finds bidi and invisible characters with their side, line and column', () => {
    const [file] = parseReviewFiles(makeReview(patch, [{ path: 'auth.js', oldPath: null, status: 'modified', binary: false, oldMode: '100644', newMode: '100644', oldBlob: null, newBlob: null, oldSize: null, newSize: null, additions: 1, deletions: 1, symlink: false, submodule: false }]));
    const lines = findUnsafeLines(file!.fileDiff);
    expect(lines.map((l) => [l.side, l.lineNumber, l.chars.map((c) => c.codePoint.toString(16))])).toEqual([
      ['new', 1, ['202e', '2066', '2069', '2066']],
      ['new', 2, ['200b']],
    ]);
    expect(lines[0]!.chars[0]!.column).toBe(19);
  });

  it('finds a BOM only where it is not the first character of the file, and nothing in a clean file', () => {
    const bomPatch = ['diff --git a/a.txt b/a.txt', 'new file mode 100644', 'index 0000000..2222222', '--- /dev/null', '+++ b/a.txt', '@@ -0,0 +1,2 @@', '+\uFEFFfirst', '+\uFEFFsecond', ''].join('\n');
    const cleanPatch = ['diff --git a/b.txt b/b.txt', 'new file mode 100644', 'index 0000000..3333333', '--- /dev/null', '+++ b/b.txt', '@@ -0,0 +1,2 @@', '+\uFEFFonly a BOM', '+clean', ''].join('\n');
    const added = (path: string) => ({ path, oldPath: null, status: 'added' as const, binary: false, oldMode: null, newMode: '100644', oldBlob: null, newBlob: null, oldSize: null, newSize: null, additions: 2, deletions: 0, symlink: false, submodule: false });
    const [bom, clean] = parseReviewFiles(makeReview(bomPatch + cleanPatch, [added('a.txt'), added('b.txt')]));
    expect(findUnsafeLines(bom!.fileDiff).map((l) => [l.side, l.lineNumber, l.chars.map((c) => c.codePoint.toString(16))])).toEqual([['new', 2, ['feff']]]);
    expect(findUnsafeLines(clean!.fileDiff)).toEqual([]);
  });
});
