/**
 * Unified view's old numbers for unchanged lines, against jsdiff's own
 * alignment of the two texts: every unchanged line (in a hunk or in a gap
 * between hunks, which expanding shows), for random edits of random files.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTwoFilesPatch, diffLines } from 'diff';
import { parsePatchFiles } from '@pierre/diffs';
import { oldLineOfUnchanged } from './bothLineNumbers.js';

/** [new line, old line] of every line the two texts share, by jsdiff. */
function unchangedPairs(oldText: string, newText: string): [number, number][] {
  const pairs: [number, number][] = [];
  let oldAt = 1;
  let newAt = 1;
  for (const part of diffLines(oldText, newText)) {
    const n = part.count ?? 0;
    if (!part.added && !part.removed) for (let i = 0; i < n; i++) pairs.push([newAt + i, oldAt + i]);
    if (!part.added) oldAt += n;
    if (!part.removed) newAt += n;
  }
  return pairs;
}

const line = fc.constantFrom('a', 'b', 'c', 'd', 'e', '');
const text = fc.array(line, { minLength: 0, maxLength: 40 }).map((lines) => lines.map((l) => `${l}\n`).join(''));

describe('oldLineOfUnchanged', () => {
  it('gives the old number jsdiff aligns with each unchanged new line (500 cases, seed 15)', () => {
    fc.assert(
      fc.property(text, text, fc.integer({ min: 0, max: 3 }), (oldText, newText, context) => {
        const patch = createTwoFilesPatch('a/f.txt', 'b/f.txt', oldText, newText, '', '', { context });
        const hunks = parsePatchFiles(patch.replace(/^Index.*\n=+\n/, 'diff --git a/f.txt b/f.txt\n'))[0]?.files[0]?.hunks ?? [];
        for (const [newLine, oldLine] of unchangedPairs(oldText, newText)) expect(oldLineOfUnchanged(hunks, newLine)).toBe(oldLine);
      }),
      { numRuns: 500, seed: 15 },
    );
  });

  it('after a hunk whose new side is empty (git writes +2,0 for "after line 2")', () => {
    const patch = 'diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -3,2 +2,0 @@\n-c\n-d\n';
    const hunks = parsePatchFiles(patch)[0]!.files[0]!.hunks;
    expect(oldLineOfUnchanged(hunks, 1)).toBe(1);
    expect(oldLineOfUnchanged(hunks, 3)).toBe(5);
  });
});
