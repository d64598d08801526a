/**
 * A review that continues a series: round 1 recorded src/calc.ts as it was
 * then, and the core's computeThreads (the real one) says what became of
 * its annotations in CALC_NEW. One thread per state the page draws.
 */
import { computeThreads, sha256Hex, type Annotation, type ReviewData, type ReviewRoundsData, type ThreadAct, type ThreadInput } from '@redline/core';
import { CALC_FILES, CALC_NEW, CALC_PATCH, makeReview } from './fixtures.js';

const PATH = 'src/calc.ts';
/** Round 1 saw VERSION = 3 (now 2: `changed`) and `return a + b;` (the suggestion since applied). */
const ROUND1 = CALC_NEW.replace('VERSION = 2', 'VERSION = 3').replace('a + b + 0', 'a + b');

const line = (id: string, n: number, text: string) => ({ id, kind: 'comment' as const, scope: 'line' as const, path: PATH, side: 'new' as const, startLine: n, endLine: n, text, createdAt: '2026-01-01T00:00:00.000Z' });

export const ROUND1_ANNOTATIONS: Annotation[] = [
  line('c-open', 6, 'Why subtract here?'),
  line('c-changed', 9, 'Bump the version on purpose?'),
  line('c-resolved', 1, 'Name this sum.'),
  { ...line('s-applied', 2, 'Add zero for the type'), kind: 'suggestion', originalCode: '  return a + b;', suggestedCode: '  return a + b + 0;', deletion: false, revision: sha256Hex(ROUND1) },
];

const ACTS: ThreadAct[] = [
  { by: 'reviewer', reviewer: '@alice', thread: 'c-resolved', act: 'resolve', text: '', at: '2026-01-01T00:00:01.000Z' },
  { by: 'agent', thread: 'c-open', act: 'reply', text: 'Subtraction is the spec.', at: '2026-01-01T00:00:02.000Z' },
];

export function roundsData(): ReviewRoundsData {
  const inputs: ThreadInput[] = ROUND1_ANNOTATIONS.map((annotation) => ({ round: 1, reviewer: '@alice', annotation, before: ROUND1, after: { text: CALC_NEW, sha256: sha256Hex(CALC_NEW) } }));
  return {
    seriesId: 'abcdefabcdef-123456',
    baseCommit: 'a'.repeat(40),
    rounds: [{ number: 1, reviewer: '@alice', time: '2026-01-01T00:00:00.000Z', verdict: 'request-changes', counts: { comments: 3, suggestions: 1, acts: 0 }, commit: 'c'.repeat(40), state: { kind: 'recorded', tree: 'd'.repeat(40) }, signature: { kind: 'unsigned' } }],
    previousAnnotations: ROUND1_ANNOTATIONS,
    lastStateBlobs: { [PATH]: 'e'.repeat(40) },
    lastViewed: [PATH],
    threads: computeThreads(inputs, ACTS),
    fixSets: [],
    claims: [],
    refused: [],
  };
}

export function makeRoundReview(): ReviewData {
  return makeReview(CALC_PATCH, CALC_FILES, { rounds: roundsData() });
}
