/**
 * The threads of an earlier round follow their lines through any edit,
 * checked on generated files and edits against a reference computed from
 * the edit itself (not from a diff).
 *
 * Each case: a file of 1-14 distinct lines; a thread on lines s..e (1-4
 * lines), a comment or a suggestion (a replacement by 0-3 new lines, 0 being
 * a deletion; the range with 1-2 lines inserted after it; 1-2 lines
 * inserted before it), the suggestion applied or not; then one edit: delete
 * d lines at position p and insert m new ones (p, d, m anywhere, so the edit
 * lands before, inside, after, across either end of, or over the whole
 * range, or right next to it). Every line is distinct, so the edit's own
 * line map (which line of the text now is which line of the round's text)
 * is the only diff there is.
 *
 * Invariant: `computeThreads` gives the reference's state, lines, applied
 * flag and code now, where the reference is, from that line map:
 * - applied: the suggestion was applied and the edit left its suggested
 *   lines whole and together (lines inserted next to them are not in them),
 *   its lines the suggested code's; a deletion is applied whenever no line
 *   is where the deleted ones were (whoever removed them), its lines null;
 * - otherwise the range now is every line that is one of its recorded lines,
 *   or a new line standing where recorded lines of it were removed, or a new
 *   line between two of its recorded lines (lines inserted at its ends are
 *   not in it); empty: outdated; the recorded text: open; else changed;
 * - code now: the text of those lines.
 *
 * 3,000 cases, fixed seed; the test also checks that each place of the edit
 * (before, inside, after, across the start, across the end, over the whole
 * range, touching an end) occurred at least 100 times.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Annotation } from '../model/types.js';
import { sha256Hex } from '../safety/sha256.js';
import { computeThreads } from './computeThreads.js';

const SEED = 20261205;
const RUNS = 3000;

type Shape = 'comment' | 'replace' | 'insertAfter' | 'insertBefore';

const scenario = fc
  .record({
    n: fc.integer({ min: 1, max: 14 }),
    startPick: fc.nat(),
    lengthPick: fc.integer({ min: 1, max: 4 }),
    shape: fc.constantFrom<Shape>('comment', 'replace', 'insertAfter', 'insertBefore'),
    added: fc.integer({ min: 0, max: 3 }),
    applied: fc.boolean(),
    editAt: fc.nat(),
    deletePick: fc.nat(),
    inserted: fc.integer({ min: 0, max: 3 }),
  })
  .map((c) => {
    const start = c.startPick % c.n;
    const end = start + Math.min(c.lengthPick, c.n - start);
    const added = c.shape === 'insertAfter' || c.shape === 'insertBefore' ? Math.max(1, Math.min(c.added, 2)) : c.added;
    return { ...c, start, end, added };
  });

/** A line of the text now: which recorded line it is (-1: a new line), and its text. */
interface Line {
  origin: number;
  text: string;
}

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function run(c: Scenario, seen: Map<string, number>) {
  const before: Line[] = Array.from({ length: c.n }, (_, i) => ({ origin: i, text: `line ${i}` }));
  const recorded = before.slice(c.start, c.end);
  const fresh = (prefix: string, count: number): Line[] => Array.from({ length: count }, (_, i) => ({ origin: -1, text: `${prefix} ${i}` }));
  const suggested = c.shape === 'insertAfter' ? [...recorded, ...fresh('suggested', c.added)] : c.shape === 'insertBefore' ? [...fresh('suggested', c.added), ...recorded] : fresh('suggested', c.added);
  const isSuggestion = c.shape !== 'comment';
  const applied = isSuggestion && c.applied;
  const middle = applied ? [...before.slice(0, c.start), ...suggested, ...before.slice(c.end)] : before;
  const p = c.editAt % (middle.length + 1);
  const d = c.deletePick % (middle.length - p + 1);
  const now = [...middle];
  now.splice(p, d, ...fresh('edited', c.inserted));

  // Where the edit landed, against the range as it stood before the edit.
  const rangeBefore = applied ? { from: c.start, to: c.start + suggested.length } : { from: c.start, to: c.end };
  const place =
    p + d < rangeBefore.from ? 'before' : p > rangeBefore.to ? 'after' : p === rangeBefore.to || p + d === rangeBefore.from ? 'touching an end' : p <= rangeBefore.from && p + d >= rangeBefore.to ? 'over the whole range' : p < rangeBefore.from ? 'across the start' : p + d > rangeBefore.to ? 'across the end' : 'inside';
  seen.set(place, (seen.get(place) ?? 0) + 1);

  const beforeText = before.map((l) => l.text).join('\n') + '\n';
  const nowText = now.map((l) => l.text + '\n').join('');
  const base = { id: 't', path: 'f.txt', scope: 'line' as const, side: 'new' as const, startLine: c.start + 1, endLine: c.end, text: '', createdAt: '' };
  const annotation: Annotation = isSuggestion
    ? { ...base, kind: 'suggestion', originalCode: recorded.map((l) => l.text).join('\n'), suggestedCode: suggested.map((l) => l.text).join('\n'), deletion: suggested.length === 0, revision: sha256Hex(beforeText) }
    : { ...base, kind: 'comment' };
  const [thread] = computeThreads([{ round: 1, reviewer: null, annotation, before: beforeText, after: { text: nowText, sha256: sha256Hex(nowText) } }], []);

  const expected = reference(c, now, recorded, suggested, isSuggestion, applied, { p, d, m: c.inserted });
  expect({ state: thread!.state, lines: thread!.lines, applied: thread!.kind === 'suggestion' && thread!.applied, now: thread!.code.now }).toEqual(expected);
}

function reference(
  c: { start: number; end: number },
  now: readonly Line[],
  recorded: readonly Line[],
  suggested: readonly Line[],
  isSuggestion: boolean,
  applied: boolean,
  edit: { p: number; d: number; m: number },
) {
  const textOf = (from: number, to: number) => now.slice(from, to).map((l) => l.text).join('\n');
  // A deletion is applied while nothing stands where the lines were, whoever removed them.
  if (isSuggestion && suggested.length === 0 && rangeNow(c, now) === null) return { state: 'open', lines: null, applied: true, now: null };
  if (applied && suggested.length > 0) {
    const { p, d, m } = edit;
    const from = c.start;
    const to = c.start + suggested.length;
    if ((d === 0 && m === 0) || p + d <= from || p >= to) {
      const shift = p + d <= from ? m - d : 0;
      const at = { startLine: from + shift + 1, endLine: to + shift };
      return { state: 'open', lines: at, applied: true, now: textOf(at.startLine - 1, at.endLine) };
    }
  }
  const range = rangeNow(c, now);
  if (range === null) return { state: 'outdated', lines: null, applied: false, now: null };
  const text = textOf(range.from, range.to);
  const state = text === recorded.map((l) => l.text).join('\n') ? 'open' : 'changed';
  return { state, lines: { startLine: range.from + 1, endLine: range.to }, applied: false, now: text };
}

/** The lines of the text now that are the range's: its recorded lines, and new lines where its lines were removed or between two of them. */
function rangeNow({ start, end }: { start: number; end: number }, now: readonly Line[]): { from: number; to: number } | null {
  const inRange: number[] = [];
  now.forEach((line, q) => {
    if (line.origin >= 0) {
      if (line.origin >= start && line.origin < end) inRange.push(q);
      return;
    }
    // The gap of removed recorded lines this new line stands in: (above, below) exclusive.
    let above = -1;
    for (let k = q - 1; k >= 0; k--) if (now[k]!.origin >= 0) { above = now[k]!.origin; break; }
    let below = Infinity;
    for (let k = q + 1; k < now.length; k++) if (now[k]!.origin >= 0) { below = now[k]!.origin; break; }
    const removedInRange = Math.max(above + 1, start) < Math.min(below, end);
    const betweenTwo = above >= start && above < end && below >= start && below < end;
    if (removedInRange || betweenTwo) inRange.push(q);
  });
  if (inRange.length === 0) return null;
  return { from: inRange[0]!, to: inRange[inRange.length - 1]! + 1 };
}

describe('computeThreads: ranges and "applied" follow any edit (property)', () => {
  it(`matches the reference on ${RUNS} generated files and edits`, () => {
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(scenario, (c) => run(c, seen)),
      { seed: SEED, numRuns: RUNS },
    );
    for (const place of ['before', 'inside', 'after', 'across the start', 'across the end', 'over the whole range', 'touching an end']) {
      expect(seen.get(place) ?? 0, place).toBeGreaterThanOrEqual(100);
    }
  });
});
