import { describe, expect, it } from 'vitest';
import { parseHunks } from './parseHunks.js';

describe('parseHunks', () => {
  it('counts the unchanged lines before each hunk, and skips "no newline" markers', () => {
    const hunks = parseHunks('@@ -3,2 +3,2 @@\n-a\n+b\n c\n\\ No newline at end of file\n@@ -20 +20 @@\n-x\n+y\n', 100, 100);
    expect(hunks.map((h) => h.gapBefore)).toEqual([2, 15]);
    expect(hunks[1]!.rows).toEqual([
      { kind: 'deletion', oldLine: 20, newLine: null, text: 'x' },
      { kind: 'addition', oldLine: null, newLine: 20, text: 'y' },
    ]);
  });

  it('numbers a new file from 1 with nothing before it', () => {
    const [hunk] = parseHunks('@@ -0,0 +1,2 @@\n+a\n+b\n', 100, 100);
    expect(hunk!.gapBefore).toBe(0);
    expect(hunk!.rows.map((r) => r.newLine)).toEqual([1, 2]);
  });
});
