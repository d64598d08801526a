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
});
