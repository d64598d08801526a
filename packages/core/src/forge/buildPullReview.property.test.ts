/**
 * A round published to a pull request loses nothing and never offers GitHub
 * a suggestion it would refuse, on generated diffs and rounds.
 *
 * Each case: one file of 80 lines whose diff has 0-6 disjoint hunks (each a
 * span of new-side lines and one of old-side lines); 0-12 annotations, each
 * a general, file, line comment (either side) or suggestion (a replacement,
 * a deletion or the empty-file insertion), on lines 1-80 anywhere (inside a
 * hunk, across two, outside all), some outdated; their words and code hold
 * runs of up to 5 backticks. Every annotation's words carry a token of their
 * own, and every suggestion's code one of its own.
 *
 * Invariant: each annotation's token, and each suggestion's code token,
 * occurs exactly once in the payload (body and comments together); every
 * comment's lines lie inside one hunk on its side; every `suggestion`
 * block is on the new side (RIGHT), its lines inside one hunk's new-side
 * span, fenced longer than any backtick run in it; the round's marker occurs
 * once, in the body.
 *
 * 2,000 cases, fixed seed; the test also checks that each placement (a
 * line, a range, and each reason for the body) occurred at least 50 times.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LineSpan } from '../model/lineSpan.js';
import type { Annotation, Side } from '../model/types.js';
import { longestBacktickRun } from '../export/fences.js';
import { buildPullReview } from './buildPullReview.js';
import type { DiffHunkSpan } from './pullDiffHunks.js';
import type { ReviewCommentPayload } from './pullReviewTypes.js';

const SEED = 20261205;
const RUNS = 2000;
const LINES = 80;
const CREATED = '2026-12-05T00:00:00.000Z';

const spanArb = fc.tuple(fc.integer({ min: 1, max: LINES }), fc.integer({ min: 0, max: 15 })).map(([start, extra]) => ({
  startLine: start,
  endLine: Math.min(LINES, start + extra),
}));

/** Disjoint hunks: sorted cut points taken in pairs. */
const hunksArb = fc.uniqueArray(fc.integer({ min: 1, max: LINES }), { maxLength: 12 }).map((points) => {
  const sorted = [...points].sort((a, b) => a - b);
  const hunks: DiffHunkSpan[] = [];
  for (let i = 0; i + 1 < sorted.length; i += 2) {
    const span = { startLine: sorted[i]!, endLine: sorted[i + 1]! - 1 };
    if (span.endLine >= span.startLine) hunks.push({ old: span, new: { startLine: span.startLine + 1, endLine: span.endLine + 1 } });
  }
  return hunks;
});

const ticks = fc.integer({ min: 0, max: 5 }).map((n) => '`'.repeat(n));

type Shape =
  | { kind: 'general' }
  | { kind: 'file' }
  | { kind: 'line'; side: Side; span: LineSpan; outdated: boolean }
  | { kind: 'suggestion'; span: LineSpan; deletion: boolean; empty: boolean; outdated: boolean };

const shapeArb: fc.Arbitrary<Shape> = fc.oneof(
  fc.constant({ kind: 'general' as const }),
  fc.constant({ kind: 'file' as const }),
  fc.record({ kind: fc.constant('line' as const), side: fc.constantFrom<Side>('old', 'new'), span: spanArb, outdated: fc.constantFrom(false, false, true) }),
  fc.record({ kind: fc.constant('suggestion' as const), span: spanArb, deletion: fc.boolean(), empty: fc.constantFrom(false, false, false, true), outdated: fc.constantFrom(false, false, true) }),
);

function annotationOf(shape: Shape, i: number, tick: string): Annotation {
  const common = { id: `a${i}`, text: `note ${tick} tok-${i}-end`, createdAt: CREATED };
  switch (shape.kind) {
    case 'general':
      return { ...common, kind: 'comment', scope: 'general', path: '' };
    case 'file':
      return { ...common, kind: 'comment', scope: 'file', path: 'f.ts' };
    case 'line':
      return { ...common, kind: 'comment', scope: 'line', path: 'f.ts', side: shape.side, ...shape.span, ...(shape.outdated ? { outdated: true } : {}) };
    case 'suggestion': {
      const span = shape.empty ? { startLine: 1, endLine: 0 } : shape.span;
      const count = span.endLine - span.startLine + 1;
      const originalCode = Array.from({ length: count }, (_, k) => `old ${k}`).join('\n');
      return {
        ...common, kind: 'suggestion', scope: 'line', path: 'f.ts', side: 'new', ...span, originalCode, revision: null,
        deletion: shape.deletion && !shape.empty,
        suggestedCode: shape.deletion && !shape.empty ? '' : `code ${tick}\ncode-${i}-end`,
        ...(shape.outdated ? { outdated: true } : {}),
      };
    }
  }
}

function occurrences(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

function insideOneHunk(hunks: readonly DiffHunkSpan[], side: Side, start: number, end: number): boolean {
  return hunks.some((h) => h[side] !== null && h[side].startLine <= start && end <= h[side].endLine);
}

function linesOf(comment: ReviewCommentPayload): { side: Side; start: number; end: number } {
  const side: Side = comment.side === 'LEFT' ? 'old' : 'new';
  return { side, start: 'start_line' in comment ? comment.start_line : comment.line, end: comment.line };
}

describe('buildPullReview (property)', () => {
  it('places every annotation exactly once and every suggestion block inside one new-side hunk', () => {
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(hunksArb, fc.array(fc.tuple(shapeArb, ticks), { maxLength: 12 }), (hunks, shapes) => {
        const annotations = shapes.map(([shape, tick], i) => annotationOf(shape, i, tick));
        const { payload, placed } = buildPullReview({
          roundId: 'abc123', headCommit: 'h'.repeat(40), review: { verdict: 'comment', summary: 'sum', annotations }, diff: new Map([['f.ts', hunks]]),
        });
        expect(placed.map((p) => p.annotation.id)).toEqual(annotations.map((a) => a.id));
        for (const { placement } of placed) {
          const key = placement.kind === 'in-body' ? placement.reason : placement.kind;
          seen.set(key, (seen.get(key) ?? 0) + 1);
        }
        const all = [payload.body, ...payload.comments.map((c) => c.body)].join('\n\u0000\n');
        annotations.forEach((a, i) => {
          expect(occurrences(all, `tok-${i}-end`)).toBe(1);
          if (a.kind === 'suggestion' && !a.deletion) expect(occurrences(all, `code-${i}-end`)).toBe(1);
        });
        expect(occurrences(all, '<!-- redline-round: abc123 -->')).toBe(1);
        expect(occurrences(payload.body, '<!-- redline-round: abc123 -->')).toBe(1);
        for (const comment of payload.comments) {
          const { side, start, end } = linesOf(comment);
          expect(insideOneHunk(hunks, side, start, end)).toBe(true);
          const open = /^(`{3,})suggestion$/m.exec(comment.body);
          if (!open) continue;
          expect(side).toBe('new');
          const fence = open[1]!;
          const content = comment.body.slice(open.index + open[0].length + 1);
          expect(content.endsWith(fence)).toBe(true);
          expect(longestBacktickRun(content.slice(0, -fence.length))).toBeLessThan(fence.length);
        }
        const blocks = payload.comments.filter((c) => /^`{3,}suggestion$/m.test(c.body)).length;
        expect(blocks).toBe(placed.filter((p) => 'block' in p && p.block === 'suggestion').length);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    for (const key of ['line', 'range', 'general', 'file', 'outside-diff', 'across-hunks', 'outdated', 'empty-file']) {
      expect(seen.get(key) ?? 0, key).toBeGreaterThanOrEqual(50);
    }
  });
});
