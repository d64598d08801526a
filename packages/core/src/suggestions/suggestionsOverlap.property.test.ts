/**
 * The page and `redline apply` agree on overlaps, checked on generated
 * suggestion sets: the page flags overlapping suggestions by
 * findSuggestionOverlaps (components/overlaps.ts calls it), apply refuses
 * all but the first of them as conflicts (planApply), and both go by the one
 * rule in suggestionsOverlap.ts.
 *
 * Invariant, for every generated file and set of suggestions made on it
 * (a known revision, each valid against the file):
 * (1) the page flags some suggestion exactly when planApply reports a conflict;
 * (2) every conflict planApply reports is flagged by the page, linked to the
 *     suggestion planApply names in `conflictsWith`.
 * (Not "flagged exactly when in conflict": in a chain a-b-c where only
 * neighbours overlap, apply keeps a and c, yet the page rightly flags c.)
 *
 * 1,000 cases, fixed seed. Files have 0-10 lines from a 3-word vocabulary;
 * each case has 1-6 suggestions (replacements, deletions, no-op replacements,
 * insertions into an empty file, some marked outdated, which apply skips
 * and the page does not flag).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planApply } from '../apply/planApply.js';
import { linesToCode } from '../diff/lines.js';
import type { Suggestion } from '../model/types.js';
import { sha256Hex } from '../safety/sha256.js';
import { findSuggestionOverlaps } from './suggestionsOverlap.js';

const SEED = 20261201;
const RUNS = 1000;

const spec = fc.record({
  start: fc.nat(),
  length: fc.integer({ min: 1, max: 4 }),
  change: fc.constantFrom('replace', 'delete', 'same' as const),
  /** 0 (one case in eight): the review had marked the suggestion outdated. */
  outdatedPick: fc.integer({ min: 0, max: 7 }),
});

type Spec = { start: number; length: number; change: 'replace' | 'delete' | 'same'; outdatedPick: number };

const caseArbitrary = fc.record({
  lines: fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 10 }),
  specs: fc.array(spec, { minLength: 1, maxLength: 6 }),
});

const textOf = (lines: readonly string[]) => lines.map((l) => l + '\n').join('');

function buildSuggestions(lines: readonly string[], specs: readonly Spec[]): Suggestion[] {
  const revision = sha256Hex(textOf(lines));
  return specs.map((s, i) => {
    const empty = lines.length === 0;
    const startLine = empty ? 1 : (s.start % lines.length) + 1;
    const endLine = empty ? 0 : Math.min(lines.length, startLine + s.length - 1);
    const originalCode = empty ? '' : linesToCode(lines.slice(startLine - 1, endLine));
    const deletion = !empty && s.change === 'delete';
    const suggestedCode = deletion ? '' : s.change === 'same' && !empty ? originalCode : `new ${i}`;
    const suggestion: Suggestion = {
      id: `s${i}`,
      kind: 'suggestion',
      scope: 'line',
      path: 'f.txt',
      side: 'new',
      startLine,
      endLine,
      text: '',
      originalCode,
      suggestedCode,
      deletion,
      revision,
      createdAt: '2026-12-01T00:00:00.000Z',
    };
    if (s.outdatedPick === 0) suggestion.outdated = true;
    return suggestion;
  });
}

describe('suggestion overlaps: the page and redline apply agree', () => {
  it(`the page flags an overlap exactly when planApply reports a conflict, and flags every conflict it reports (${RUNS} cases, seed ${SEED})`, () => {
    let conflicts = 0;
    let flaggedCases = 0;
    fc.assert(
      fc.property(caseArbitrary, ({ lines, specs }) => {
        const text = textOf(lines);
        const suggestions = buildSuggestions(lines, specs);
        const flags = findSuggestionOverlaps(suggestions);
        const plan = planApply({ text, sha256: sha256Hex(text), suggestions });
        const reported = plan.outcomes.filter((o) => o.status === 'conflict');
        expect(flags.size > 0).toBe(reported.length > 0);
        for (const o of reported) expect(flags.get(o.id), o.id).toContain(o.conflictsWith);
        conflicts += reported.length;
        if (flags.size > 0) flaggedCases++;
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // The generator must really produce both outcomes, empty-file insertions included.
    expect(conflicts).toBeGreaterThan(100);
    expect(flaggedCases).toBeLessThan(RUNS);
  }, 120_000);

  it('two insertions into the same empty file overlap for the page as they conflict for apply', () => {
    const [first, second] = buildSuggestions([], [
      { start: 0, length: 1, change: 'replace', outdatedPick: 1 },
      { start: 0, length: 1, change: 'replace', outdatedPick: 1 },
    ]);
    expect(findSuggestionOverlaps([first!, second!]).get(second!.id)).toEqual([first!.id]);
    expect(planApply({ text: '', sha256: sha256Hex(''), suggestions: [first!, second!] }).outcomes[1]).toMatchObject({
      status: 'conflict',
      conflictsWith: first!.id,
    });
  });
});
