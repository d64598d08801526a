/**
 * What `planApply` says about each suggestion, and the one place its
 * sentences are written.
 */
import type { Candidate, Placement } from './toCandidate.js';
import { lineSpanAt, lineSpanWords, type LineSpan } from '../model/lineSpan.js';
import type { Suggestion } from '../model/types.js';

export type ApplyStatus = 'applied' | 'relocated' | 'already-applied' | 'outdated' | 'conflict' | 'refused';

/** Why a suggestion was not applied (null for applied, relocated and already applied). */
export type PlanReasonCode =
  /** The suggestion's revision is unknown (the review could not read the file): nothing proves where its lines are. */
  | 'invalid-suggestion'
  /** Already marked outdated when the review was exported. */
  | 'outdated-in-review'
  /** The file is the reviewed revision, yet the range does not hold the original code. */
  | 'original-mismatch'
  /** The file changed and the original code is no longer in it. */
  | 'original-changed'
  /** The file changed and the original code now occurs at several places. */
  | 'ambiguous-relocation'
  /** The file changed, the original moved, and the suggested code already occurs elsewhere. */
  | 'suggested-code-elsewhere'
  /** Overlaps a suggestion accepted before it. */
  | 'overlap'
  /** The spliced text failed verification; nothing in the file is applied. */
  | 'verify-failed';

export interface SuggestionOutcome {
  id: string;
  status: ApplyStatus;
  reason: PlanReasonCode | null;
  /** One line for people: what happened and why. */
  message: string;
  /** Where the suggestion's lines are in the current file: the original code to replace, or the suggested code already there. */
  at: LineSpan | null;
  /** For relocated suggestions: current start line minus the stated one. */
  movedBy: number | null;
  /** For conflicts: the id of the suggestion this one collides with. */
  conflictsWith: string | null;
}

export function rangeLabel(span: LineSpan): string {
  return span.endLine < span.startLine ? 'the empty file' : lineSpanWords(span);
}

export function refusal(id: string, status: ApplyStatus, reason: PlanReasonCode, message: string): SuggestionOutcome {
  return { id, status, reason, message, at: null, movedBy: null, conflictsWith: null };
}

export function outdatedOutcome(c: Candidate, reason: PlanReasonCode, message: string): SuggestionOutcome {
  return refusal(c.id, 'outdated', reason, message);
}

export function conflictOutcome(c: Candidate, other: Candidate, where = ''): SuggestionOutcome {
  return {
    ...refusal(
      c.id,
      'conflict',
      'overlap',
      `overlaps suggestion ${other.id} (${rangeLabel(other)})${where ? ` ${where}` : ''}, which comes first and is kept`,
    ),
    conflictsWith: other.id,
  };
}

export function acceptedOutcome(p: Extract<Placement, { kind: 'apply' }>): SuggestionOutcome {
  const c = p.candidate;
  const at = c.emptyInsert ? null : lineSpanAt(p.pos, c.original.length);
  const here = at ? rangeLabel(at) : 'the empty file';
  if (p.relocated !== null) {
    const movedBy = p.pos - p.relocated.from;
    const direction = movedBy > 0 ? 'down' : 'up';
    const how = p.relocated.how === 'only-match' ? 'its only exact match' : 'where a line diff from the reviewed text takes its lines';
    return {
      id: c.id,
      status: 'relocated',
      reason: null,
      message: `the file changed since the review; the original code moved ${Math.abs(movedBy)} line(s) ${direction} to ${here}, ${how}, and is replaced there`,
      at,
      movedBy,
      conflictsWith: null,
    };
  }
  const shifted =
    p.shift !== 0 ? ` (${Math.abs(p.shift)} line(s) ${p.shift > 0 ? 'down' : 'up'} because of suggestions already applied above)` : '';
  const verb = c.deletion ? 'deleted' : c.emptyInsert ? 'inserted into' : 'replaced';
  return { id: c.id, status: 'applied', reason: null, message: `${verb} ${here}${shifted}`, at, movedBy: null, conflictsWith: null };
}

export function alreadyOutcome(p: Extract<Placement, { kind: 'already' }>): SuggestionOutcome {
  const c = p.candidate;
  const at = lineSpanAt(p.pos, p.length);
  const message = c.deletion
    ? 'the lines are already deleted; nothing to do'
    : at
      ? `the suggested code is already at ${rangeLabel(at)}; nothing to do`
      : 'the suggested code (an empty last line, which is the final newline) is already in place; nothing to do';
  return { id: c.id, status: 'already-applied', reason: null, message, at, movedBy: null, conflictsWith: null };
}

/** Every suggestion gets an outcome above; this keeps a bug visible instead of dropping one silently. */
export function internalGap(a: Suggestion): SuggestionOutcome {
  return refusal(a.id, 'refused', 'verify-failed', 'internal error: no decision was reached for this suggestion');
}
