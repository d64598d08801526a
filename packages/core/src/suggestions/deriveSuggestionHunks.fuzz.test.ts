import { describe, expect, it } from 'vitest';
import { deriveSuggestionHunks, type SuggestionHunk } from './deriveSuggestionHunks.js';
import { applySuggestionHunks } from './applySuggestionHunks.js';
import { codeToLines, toLines } from '../diff/lines.js';
import { generateEditCase, mulberry32, type EditCase } from '../testing/editFuzz.js';

const SEED = 0x5eed_0002;
const CASES = 12_000;
const MIN_MULTI_HUNK_CASES = 5_000;
// No wall-clock cap inside the fuzz: a timeout could fire under CI load and make
// two runs differ. The cost caps are exercised through maxEditLength instead.
const NO_TIMEOUT = { timeoutMs: Infinity };

/** Names the first broken invariant of one case, or returns null. */
function violation(testCase: EditCase, hunks: readonly SuggestionHunk[]): string | null {
  const before = toLines(testCase.before);
  let previousEnd = 0;
  for (const hunk of hunks) {
    if (hunk.startLine <= previousEnd) return 'overlap';
    previousEnd = hunk.endLine;
    const count = hunk.endLine - hunk.startLine + 1;
    const original = codeToLines(hunk.originalCode, count > 0);
    if (original.length !== count || original.some((line, i) => line !== before[hunk.startLine - 1 + i])) {
      return 'originalCode mismatch';
    }
    // Anchored: an empty range only for an empty file, zero suggested lines only when everything is deleted.
    if (count === 0 && before.length > 0) return 'empty range in a non-empty file';
    if (hunk.deletion && (hunk.suggestedCode !== '' || toLines(testCase.after).length > 0)) return 'unanchored deletion';
  }
  let applied: string[];
  try {
    applied = applySuggestionHunks(before, hunks);
  } catch (error) {
    return `apply threw: ${(error as Error).message}`;
  }
  const expected = toLines(testCase.after);
  if (applied.length !== expected.length || applied.some((line, i) => line !== expected[i])) return 'round trip';
  return null;
}

describe('deriveSuggestionHunks fuzz (seeded)', () => {
  it(`${CASES} seeded multi-region edits (>= ${MIN_MULTI_HUNK_CASES} with several hunks): no overlap, originalCode matches, round trip, deterministic`, () => {
    const rng = mulberry32(SEED);
    const failures: string[] = [];
    let multiHunk = 0;
    let fallbacks = 0;
    for (let n = 0; n < CASES; n++) {
      const testCase = generateEditCase(rng);
      // The generator must produce the line views it claims (else the oracle is wrong).
      expect(toLines(testCase.before)).toEqual(testCase.beforeLines);
      expect(toLines(testCase.after)).toEqual(testCase.afterLines);
      const options = { ...NO_TIMEOUT, ...testCase.options };
      const result = deriveSuggestionHunks(testCase.before, testCase.after, options);
      const again = deriveSuggestionHunks(testCase.before, testCase.after, options);
      if (JSON.stringify(again) !== JSON.stringify(result)) failures.push(`case ${n}: not deterministic`);
      const problem = violation(testCase, result.hunks);
      if (problem) failures.push(`case ${n} (${testCase.pattern}): ${problem}`);
      if (result.hunks.length > 1) multiHunk++;
      if (result.fallback) fallbacks++;
    }
    expect(failures.slice(0, 5)).toEqual([]);
    expect(multiHunk).toBeGreaterThanOrEqual(MIN_MULTI_HUNK_CASES);
    // The forced tiny caps really exercise the fallback path.
    expect(fallbacks).toBeGreaterThan(100);
  }, 60_000);
});
