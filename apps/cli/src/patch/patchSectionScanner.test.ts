/** The per-file sections of a git patch and what numstat would count for each (real git output is compared in readTrackedDiff.test.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PatchSectionScanner, scanPatchSections } from './patchSectionScanner.js';

const FULL_A = 'a'.repeat(40);
const FULL_B = 'b'.repeat(40);

const PATCH = [
  'diff --git a/one.txt b/one.txt',
  `index ${FULL_A}..${FULL_B} 100644`,
  '--- a/one.txt',
  '+++ b/one.txt',
  '@@ -1,4 +1,4 @@',
  ' context',
  '-old line',
  '+--- not a header: an added line',
  '+++ also an added line',
  '-- a deleted line',
  '',
  '\\ No newline at end of file',
  '@@ -10,2 +10,2 @@ function name() {',
  '-x',
  '+y',
  'diff --git a/bin.dat b/bin.dat',
  `index ${FULL_A}..${FULL_B} 100644`,
  'Binary files a/bin.dat and b/bin.dat differ',
  'diff --git a/new.sh b/new.sh',
  'new file mode 100755',
  `index ${'0'.repeat(40)}..${FULL_B}`,
  '--- /dev/null',
  '+++ b/new.sh',
  '@@ -0,0 +1 @@',
  '+echo',
  'diff --git a/gone.txt b/gone.txt',
  'deleted file mode 100644',
  `index ${FULL_A}..${'0'.repeat(40)}`,
  '--- a/gone.txt',
  '+++ /dev/null',
  '@@ -1 +0,0 @@',
  '-bye',
  'diff --git a/mode.sh b/mode.sh',
  'old mode 100644',
  'new mode 100755',
  '',
].join('\n');

describe('PatchSectionScanner', () => {
  it('counts hunk lines only: header ---/+++ lines, "\\ No newline" and context (even an empty one) are not changes', () => {
    const { sections, strayLines } = scanPatchSections(PATCH);
    expect(strayLines).toBe(0);
    expect(sections.map((s) => [s.header, s.additions, s.deletions, s.binary, s.newBlob, s.newMode])).toEqual([
      ['diff --git a/one.txt b/one.txt', 3, 3, false, FULL_B, null],
      ['diff --git a/bin.dat b/bin.dat', 0, 0, true, FULL_B, null],
      ['diff --git a/new.sh b/new.sh', 1, 0, false, FULL_B, '100755'],
      ['diff --git a/gone.txt b/gone.txt', 0, 1, false, null, null],
      ['diff --git a/mode.sh b/mode.sh', 0, 0, false, null, '100755'],
    ]);
  });

  it('counts lines that come before any section as stray (git writes none)', () => {
    expect(scanPatchSections('garbage\n' + PATCH).strayLines).toBe(1);
  });

  it('reads a patch without a final newline', () => {
    expect(scanPatchSections(PATCH.replace(/\n$/, '') + '\n+last').sections.at(-1)).toMatchObject({ additions: 0 });
    expect(scanPatchSections('diff --git a/x b/x\n@@ -1 +1 @@\n-a\n+b').sections[0]).toMatchObject({ additions: 1, deletions: 1 });
  });

  it('INVARIANT: pushing the text in any pieces gives the sections of pushing it whole (500 cases, seed 4242)', () => {
    const whole = scanPatchSections(PATCH);
    fc.assert(
      fc.property(fc.array(fc.nat({ max: PATCH.length }), { maxLength: 30 }), (offsets) => {
        const points = [...new Set(offsets)].sort((a, b) => a - b);
        const scanner = new PatchSectionScanner();
        let start = 0;
        for (const point of [...points, PATCH.length]) {
          scanner.push(PATCH.slice(start, point));
          start = point;
        }
        expect(scanner.end()).toEqual(whole.sections);
        expect(scanner.strayLines).toBe(0);
      }),
      { numRuns: 500, seed: 4242 },
    );
  });
});
