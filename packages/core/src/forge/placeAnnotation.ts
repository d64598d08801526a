/**
 * Where GitHub can take an annotation: a review comment must sit on a line
 * of the pull request's diff, and a comment on several lines (a suggestion
 * block among them) inside one hunk, on one side. Anything else is written in
 * the review's body (docs/rounds.md, "Published to a pull request").
 */
import type { LineSpan } from '../model/lineSpan.js';
import type { Annotation, Side } from '../model/types.js';
import type { DiffHunkSpan, PullDiffHunks } from './pullDiffHunks.js';
import type { GithubSide, Placement } from './pullReviewTypes.js';

const GITHUB_SIDE = { old: 'LEFT', new: 'RIGHT' } as const satisfies Record<Side, GithubSide>;

export function placeAnnotation(annotation: Annotation, diff: PullDiffHunks): Placement {
  if (annotation.scope === 'general') return { kind: 'in-body', reason: 'general' };
  if (annotation.scope === 'file') return { kind: 'in-body', reason: 'file' };
  if (annotation.outdated) return { kind: 'in-body', reason: 'outdated' };
  if (annotation.endLine < annotation.startLine) return { kind: 'in-body', reason: 'empty-file' };
  const hunks = diff.get(annotation.path) ?? [];
  const start = hunkIndexOf(hunks, annotation.side, annotation.startLine);
  const end = hunkIndexOf(hunks, annotation.side, annotation.endLine);
  if (start < 0 || end < 0) return { kind: 'in-body', reason: 'outside-diff' };
  if (start !== end) return { kind: 'in-body', reason: 'across-hunks' };
  const side = GITHUB_SIDE[annotation.side];
  return annotation.startLine === annotation.endLine
    ? { kind: 'line', path: annotation.path, side, line: annotation.startLine }
    : { kind: 'range', path: annotation.path, side, startLine: annotation.startLine, endLine: annotation.endLine };
}

/** The index of the hunk showing `line` of `side`, or -1. */
export function hunkIndexOf(hunks: readonly DiffHunkSpan[], side: Side, line: number): number {
  return hunks.findIndex((hunk) => within(hunk[side], line));
}

function within(span: LineSpan | null, line: number): boolean {
  return span !== null && span.startLine <= line && line <= span.endLine;
}
