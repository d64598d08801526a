import { parsePatchFiles } from '@pierre/diffs';
import { describe, expect, it } from 'vitest';
import { asWholeFile, fileEndShown } from './fileEndShown.js';

/** One file's parsed diff from its hunks (the file's lines are `l1`, `l2`, …). */
function patch(hunks: string): ReturnType<typeof parsePatchFiles>[number]['files'][number] {
  const text = `diff --git a/f.txt b/f.txt\nindex 1111111..2222222 100644\n--- a/f.txt\n+++ b/f.txt\n${hunks}`;
  return parsePatchFiles(text).flatMap((p) => p.files)[0]!;
}

const lines = (from: number, to: number, prefix = ' ') => Array.from({ length: to - from + 1 }, (_, i) => `${prefix}l${from + i}\n`).join('');

describe('fileEndShown', () => {
  it('a last hunk with fewer trailing context lines than git gives ends at the end of the file', () => {
    // 10 lines, line 9 changed: context 6–8 before, only line 10 after.
    expect(fileEndShown(patch(`@@ -6,5 +6,5 @@\n${lines(6, 8)}-l9\n+L9\n${lines(10, 10)}`))).toBe(true);
    // The last line changed: no context after it.
    expect(fileEndShown(patch(`@@ -7,4 +7,4 @@\n${lines(7, 9)}-l10\n+L10\n`))).toBe(true);
  });

  it('a last hunk with a full three lines after its change may have more after it', () => {
    // 20 lines, line 2 changed: 3–5 shown, 6–20 are not.
    expect(fileEndShown(patch(`@@ -1,5 +1,5 @@\n${lines(1, 1)}-l2\n+L2\n${lines(3, 5)}`))).toBe(false);
  });

  it('"No newline at end of file" is the end', () => {
    expect(fileEndShown(patch(`@@ -1,5 +1,5 @@\n${lines(1, 1)}-l2\n+L2\n${lines(3, 4)} l5\n\\ No newline at end of file\n`))).toBe(true);
  });

  it('reads the context size from the patch: with -U1, one line after the change may be followed by more', () => {
    const u1 = `@@ -4,3 +4,3 @@\n${lines(4, 4)}-l5\n+L5\n${lines(6, 6)}@@ -9,3 +9,3 @@\n${lines(9, 9)}-l10\n+L10\n${lines(11, 11)}`;
    expect(fileEndShown(patch(u1))).toBe(false);
    const u1End = `@@ -4,3 +4,3 @@\n${lines(4, 4)}-l5\n+L5\n${lines(6, 6)}@@ -9,2 +9,2 @@\n${lines(9, 9)}-l10\n+L10\n`;
    expect(fileEndShown(patch(u1End))).toBe(true);
  });
});

describe('asWholeFile', () => {
  it('a patch whose one hunk runs from line 1 to the end holds the whole file: not partial', () => {
    // 4 lines, line 2 changed: 1 before, 2 after (fewer than 3: the end).
    const whole = patch(`@@ -1,4 +1,4 @@\n${lines(1, 1)}-l2\n+L2\n${lines(3, 4)}`);
    expect(asWholeFile(whole).isPartial).toBe(false);
    expect(asWholeFile(whole).hunks).toBe(whole.hunks);
    // An added file: the old side is empty.
    const added = parsePatchFiles(`diff --git a/n.txt b/n.txt\nnew file mode 100644\n--- /dev/null\n+++ b/n.txt\n@@ -0,0 +1,2 @@\n+a\n+b\n`).flatMap((p) => p.files)[0]!;
    expect(asWholeFile(added).isPartial).toBe(false);
  });

  it('stays partial when lines before the hunk are missing, with two hunks, or when the end is not sure', () => {
    const later = patch(`@@ -6,5 +6,5 @@\n${lines(6, 8)}-l9\n+L9\n${lines(10, 10)}`);
    expect(asWholeFile(later)).toBe(later);
    const two = patch(`@@ -1,4 +1,4 @@\n${lines(1, 1)}-l2\n+L2\n${lines(3, 4)}@@ -9,2 +9,2 @@\n${lines(9, 9)}-l10\n+L10\n`);
    expect(asWholeFile(two)).toBe(two);
    const unsure = patch(`@@ -1,5 +1,5 @@\n${lines(1, 1)}-l2\n+L2\n${lines(3, 5)}`);
    expect(asWholeFile(unsure)).toBe(unsure);
  });
});
