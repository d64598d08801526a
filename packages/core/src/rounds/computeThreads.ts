/**
 * The threads of a series: every annotation of an earlier round, where its
 * lines are now and its state. Pure: the CLI reads the texts and acts from
 * git, this decides.
 *
 * - Where: the core's re-anchoring (reanchorAnnotations) from the text the
 *   round recorded to the text now. A suggestion whose suggested code is now
 *   in place is *applied*, by the apply planner's own "already applied"
 *   (planApply); its lines are where that code is.
 * - *outdated* when re-anchoring loses the lines and no line is left where
 *   they were (deleted, or the file is gone); *changed* when it loses them
 *   because they were edited: the lines now are those that replaced them.
 * - Then the acts, oldest first: resolve → *resolved*, addressed →
 *   *addressed*, reopen → back to what the code says; a reply changes nothing.
 *   Only the thread's own reviewer resolves or reopens it (seed 001: only the
 *   objector resolves an objection): a teammate's resolve stays in its
 *   history as they sent it but changes no state (mayActOnThread).
 */
import { diffLineRegions } from '../suggestions/diffLineRegions.js';
import { toLines } from '../diff/lines.js';
import { planApply } from '../apply/planApply.js';
import type { LineSpan } from '../apply/suggestionOutcome.js';
import { reanchorAnnotations, type ReanchoredAnnotation } from '../suggestions/reanchorAnnotations.js';
import type { Annotation } from '../model/types.js';
import { isSameReviewer } from './reviewerIdentity.js';
import type { Thread, ThreadAct, ThreadCode, ThreadState } from './roundTypes.js';

export interface ThreadInput {
  round: number;
  /** The reviewer of that round, as recorded. */
  reviewer: string | null;
  annotation: Annotation;
  /** The file as the round recorded it; null when it did not exist (or cannot be read). */
  before: string | null;
  /** The file now, and the sha256 of its bytes; null when it is gone. */
  after: { text: string; sha256: string } | null;
}

export function computeThreads(inputs: readonly ThreadInput[], acts: readonly ThreadAct[]): Thread[] {
  const ordered = [...acts].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const moved = reanchorTogether(inputs);
  return inputs.map((input, i) => {
    const own = ordered.filter((act) => act.thread === input.annotation.id);
    const where = locate(input, moved[i]);
    const state = applyActs(where.state, own, input.reviewer);
    const code = codeOf(input, where.lines);
    const base = { id: input.annotation.id, round: input.round, reviewer: input.reviewer, path: input.annotation.path, lines: where.lines, state, annotation: input.annotation, acts: own, code };
    return input.annotation.kind === 'suggestion' ? { ...base, kind: 'suggestion', applied: where.applied } : { ...base, kind: 'comment' };
  });
}

interface Located {
  state: ThreadState;
  lines: LineSpan | null;
  applied: boolean;
}

/**
 * Re-anchoring, one call per file and pair of texts: the annotations of one
 * round on one file share one line diff (200 threads on one file took 10-20
 * ms one by one).
 */
function reanchorTogether(inputs: readonly ThreadInput[]): (ReanchoredAnnotation | undefined)[] {
  // Keyed by the texts themselves in nested maps (not one joined key): a string's hash is computed once.
  const groups = new Map<string, Map<string, Map<string, number[]>>>();
  inputs.forEach((input, i) => {
    if (input.annotation.scope !== 'line' || input.before === null || input.after === null) return;
    const byBefore = groups.get(input.annotation.path) ?? new Map<string, Map<string, number[]>>();
    const byAfter = byBefore.get(input.before) ?? new Map<string, number[]>();
    const group = byAfter.get(input.after.text);
    if (group) group.push(i);
    else byAfter.set(input.after.text, [i]);
    byBefore.set(input.before, byAfter);
    groups.set(input.annotation.path, byBefore);
  });
  const moved: (ReanchoredAnnotation | undefined)[] = inputs.map(() => undefined);
  for (const group of [...groups.values()].flatMap((byBefore) => [...byBefore.values()].flatMap((byAfter) => [...byAfter.values()]))) {
    const first = inputs[group[0]!]!;
    const texts = { [first.annotation.path]: { new: { before: first.before, after: first.after?.text ?? null } } };
    const results = reanchorAnnotations(group.map((i) => inputs[i]!.annotation), texts);
    group.forEach((index, k) => (moved[index] = results[k]));
  }
  return moved;
}

function locate({ annotation, before, after }: ThreadInput, moved: ReanchoredAnnotation | undefined): Located {
  if (annotation.scope !== 'line') return { state: 'open', lines: null, applied: false };
  const recorded = { startLine: annotation.startLine, endLine: annotation.endLine };
  // The old side is the series' base, which a series never moves.
  if (annotation.side === 'old') return { state: 'open', lines: recorded, applied: false };
  if (after === null) return { state: 'outdated', lines: null, applied: false };
  if (annotation.kind === 'suggestion') {
    const outcome = planApply({ text: after.text, sha256: after.sha256, suggestions: [annotation] }).outcomes[0];
    if (outcome?.status === 'already-applied') return { state: 'open', lines: outcome.at, applied: true };
  }
  if (before === null) return { state: 'outdated', lines: null, applied: false };
  if (moved && moved.status !== 'outdated' && moved.annotation.scope === 'line') {
    return { state: 'open', lines: { startLine: moved.annotation.startLine, endLine: moved.annotation.endLine }, applied: false };
  }
  const replaced = replacingLines(before, after.text, recorded);
  return replaced ? { state: 'changed', lines: replaced, applied: false } : { state: 'outdated', lines: null, applied: false };
}

/** The recorded lines in the round's text, and the lines now where the thread is now. */
function codeOf({ annotation, before, after }: ThreadInput, lines: LineSpan | null): ThreadCode {
  if (annotation.scope !== 'line' || annotation.side === 'old') return { recorded: null, now: null };
  const slice = (text: string | null, span: LineSpan | null) => (text === null || span === null ? null : toLines(text).slice(span.startLine - 1, span.endLine).join('\n'));
  return { recorded: slice(before, annotation), now: slice(after?.text ?? null, lines) };
}

/** The new lines of the changed regions that overlap the recorded range; null when the range was only deleted. */
function replacingLines(before: string, after: string, range: LineSpan): LineSpan | null {
  const start = range.startLine - 1;
  const end = range.endLine;
  const { regions } = diffLineRegions(toLines(before), toLines(after));
  const touching = regions.filter((region) => region.aStart < end && region.aEnd > start && region.bEnd > region.bStart);
  const first = touching[0];
  const last = touching[touching.length - 1];
  return first && last ? { startLine: first.bStart + 1, endLine: last.bEnd } : null;
}

/**
 * Whether `actor` may resolve or reopen a thread opened under `owner`: the
 * same person under the identity fold, or anyone when the thread was sent
 * without a name (nobody claimed it). A reply is anyone's.
 */
export function mayActOnThread(owner: string | null, actor: string | null): boolean {
  return owner === null || (actor !== null && isSameReviewer(owner, actor));
}

function applyActs(located: ThreadState, acts: readonly ThreadAct[], owner: string | null): ThreadState {
  let state = located;
  for (const act of acts) {
    if (act.by === 'reviewer' && act.act !== 'reply' && !mayActOnThread(owner, act.reviewer)) continue;
    if (act.act === 'resolve') state = 'resolved';
    else if (act.act === 'addressed') state = 'addressed';
    else if (act.act === 'reopen') state = located;
  }
  return state;
}
