import { describe, expect, it } from 'vitest';
import { mapSelectionAnchor, type SelectionAnchor } from './mapSelectionAnchor.js';
import { toLines } from '../diff/lines.js';
import { generateSelectionCase, mulberry32, type SelectionCase } from '../testing/editFuzz.js';

const SEED = 0x5eed_a2c4;
const CASES = 6_000;

/** The invariants every answer must keep; names the first broken one, or returns null. */
function violation(testCase: SelectionCase, anchor: SelectionAnchor): string | null {
  const pre = toLines(testCase.before);
  const edited = toLines(testCase.after);
  if (pre.length === 0) return anchor.startLine === 1 && anchor.endLine === 1 && !anchor.exact ? null : 'empty pre-edit';
  if (!(anchor.startLine >= 1 && anchor.startLine <= anchor.endLine && anchor.endLine <= pre.length)) return 'out of range';
  if (anchor.exact) {
    const low = Math.min(testCase.selection.startLine, testCase.selection.endLine);
    const high = Math.max(testCase.selection.startLine, testCase.selection.endLine);
    const first = Math.min(Math.max(low, 1), edited.length);
    const last = Math.min(Math.max(high, 1), edited.length);
    const selected = edited.slice(first - 1, last);
    const anchored = pre.slice(anchor.startLine - 1, anchor.endLine);
    if (selected.length !== anchored.length || selected.some((line, i) => line !== anchored[i])) return 'exact but different text';
  }
  return null;
}

/**
 * With unique lines and no cost cap, the diff is the generator's own history,
 * so the right answer is known: a selection of untouched, consecutive lines is
 * exact at their origins; anything else is approximate.
 */
function oracleMismatch(testCase: SelectionCase, anchor: SelectionAnchor): string | null {
  if (testCase.vocabulary !== 'unique' || testCase.options || testCase.beforeLines.length === 0) return null;
  const n = testCase.afterLines.length;
  if (n === 0) return null;
  const first = Math.min(Math.max(Math.min(testCase.selection.startLine, testCase.selection.endLine), 1), n) - 1;
  const last = Math.min(Math.max(Math.max(testCase.selection.startLine, testCase.selection.endLine), 1), n) - 1;
  const origins = testCase.afterOrigins.slice(first, last + 1);
  const untouched = origins.every((origin, i) => origin >= 0 && (i === 0 || origin === origins[i - 1]! + 1));
  if (untouched) {
    const expected = { startLine: origins[0]! + 1, endLine: origins[origins.length - 1]! + 1, exact: true };
    return JSON.stringify(anchor) === JSON.stringify(expected) ? null : `expected ${JSON.stringify(expected)}`;
  }
  return anchor.exact ? 'exact claimed over edited lines' : null;
}

describe('mapSelectionAnchor fuzz (seeded)', () => {
  it(`${CASES} seeded selections in edited buffers: never out of range, exact only when the text is identical, and right on known histories`, () => {
    const rng = mulberry32(SEED);
    const failures: string[] = [];
    let exactCount = 0;
    let oracleChecked = 0;
    for (let n = 0; n < CASES; n++) {
      const testCase = generateSelectionCase(rng);
      // No wall-clock cap: a timeout under CI load would make the oracle flaky.
      const anchor = mapSelectionAnchor(testCase.before, testCase.after, testCase.selection, { timeoutMs: Infinity, ...testCase.options });
      const problem = violation(testCase, anchor) ?? oracleMismatch(testCase, anchor);
      if (problem) failures.push(`case ${n} (${testCase.pattern}, ${JSON.stringify(testCase.selection)}): ${problem}`);
      if (anchor.exact) exactCount++;
      if (testCase.vocabulary === 'unique' && !testCase.options) oracleChecked++;
    }
    expect(failures.slice(0, 5)).toEqual([]);
    // Both kinds of answer occur often enough for the invariants to mean something.
    expect(exactCount).toBeGreaterThan(CASES / 5);
    expect(CASES - exactCount).toBeGreaterThan(CASES / 5);
    expect(oracleChecked).toBeGreaterThan(CASES / 6);
  }, 60_000);
});
