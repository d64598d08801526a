/**
 * The threads of a series: every annotation of an earlier round, where its
 * lines are now and its state. Pure: the CLI reads the texts and acts from
 * git, this decides.
 *
 * - Where: the lines the round recorded, followed through a line diff from
 *   the text the round recorded to the text now (suggestions/followRange.ts):
 *   edits inside the range grow or shrink it, edits around it move it. A
 *   suggestion is *applied* when the file now holds its suggested code where
 *   its lines went, however far they moved: the apply planner's own rule
 *   (apply/appliedWhereLinesWent.ts); its lines are where that code is.
 * - *open* when the lines are still there as recorded (re-anchored by
 *   reanchorAnnotations, which also finds lines moved elsewhere); *changed*
 *   when their text changed: the lines now are the whole range now; *outdated*
 *   when every line of it is gone, or the file is.
 * - Then the acts, oldest first: resolve → *resolved*, addressed →
 *   *addressed*, reopen → back to what the code says; a reply changes nothing.
 *   Only the thread's own reviewer resolves or reopens it (seed 001: only the
 *   objector resolves an objection): a teammate's resolve stays in its
 *   history as they sent it but changes no state (mayActOnThread).
 */
import { diffLineRegions, type LineRegion } from '../suggestions/diffLineRegions.js';
import { codeToLines, splitText, toLines, type TextLayout } from '../diff/lines.js';
import { planApply } from '../apply/planApply.js';
import { appliedWhereLinesWent } from '../apply/appliedWhereLinesWent.js';
import { lineSpanAt, type LineSpan } from '../model/lineSpan.js';
import { followRange } from '../suggestions/followRange.js';
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
  const followed = followTogether(inputs);
  return inputs.map((input, i) => {
    const own = ordered.filter((act) => act.thread === input.annotation.id);
    const where = locate(input, followed[i]);
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

/** One file's two texts, diffed once: the re-anchoring of one annotation and the diff and text now it was followed through. */
interface Followed {
  moved: ReanchoredAnnotation;
  regions: readonly LineRegion[];
  /** The diff gave up (over its budget): its one coarse region says where lines went, not whether code is in place. */
  fallback: boolean;
  beforeLength: number;
  now: TextLayout;
}

/**
 * Re-anchoring and the line diff, one per file and pair of texts: the
 * annotations of one round on one file share one diff (200 threads on one
 * file took 10-20 ms one by one).
 */
function followTogether(inputs: readonly ThreadInput[]): (Followed | undefined)[] {
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
  const followed: (Followed | undefined)[] = inputs.map(() => undefined);
  for (const group of [...groups.values()].flatMap((byBefore) => [...byBefore.values()].flatMap((byAfter) => [...byAfter.values()]))) {
    const first = inputs[group[0]!]!;
    const before = first.before!;
    const after = first.after!.text;
    const texts = { [first.annotation.path]: { new: { before, after } } };
    const results = reanchorAnnotations(group.map((i) => inputs[i]!.annotation), texts);
    const beforeLines = toLines(before);
    const now = splitText(after);
    const { regions, fallback } = diffLineRegions(beforeLines, now.lines);
    group.forEach((index, k) => (followed[index] = { moved: results[k]!, regions, fallback, beforeLength: beforeLines.length, now }));
  }
  return followed;
}

function locate({ annotation, before, after }: ThreadInput, followed: Followed | undefined): Located {
  if (annotation.scope !== 'line') return { state: 'open', lines: null, applied: false };
  const recorded = { startLine: annotation.startLine, endLine: annotation.endLine };
  // The old side is the series' base, which a series never moves.
  if (annotation.side === 'old') return { state: 'open', lines: recorded, applied: false };
  if (after === null) return { state: 'outdated', lines: null, applied: false };
  // Without the round's text (or a diff that gave up), nothing says where the lines went, but apply's own planning still says whether the code is in place.
  const planned = () => (annotation.kind === 'suggestion' ? planApply({ text: after.text, sha256: after.sha256, suggestions: [annotation] }).outcomes[0] : undefined);
  if (before === null || followed === undefined) {
    const outcome = planned();
    return outcome?.status === 'already-applied' ? { state: 'open', lines: outcome.at, applied: true } : { state: 'outdated', lines: null, applied: false };
  }
  if (annotation.endLine > followed.beforeLength) return { state: 'outdated', lines: null, applied: false };
  const range = followRange(followed.regions, annotation.startLine - 1, annotation.endLine);
  if (annotation.kind === 'suggestion') {
    const suggested = annotation.deletion ? [] : codeToLines(annotation.suggestedCode, true);
    const outcome = followed.fallback ? planned() : undefined;
    const applied = followed.fallback ? (outcome?.status === 'already-applied' ? { at: outcome.at } : null) : appliedWhereLinesWent(followed.now, range, suggested);
    if (applied) return { state: 'open', lines: applied.at, applied: true };
  }
  const { moved } = followed;
  if (moved.status !== 'outdated' && moved.annotation.scope === 'line') {
    return { state: 'open', lines: { startLine: moved.annotation.startLine, endLine: moved.annotation.endLine }, applied: false };
  }
  const changed = lineSpanAt(range.start, range.end - range.start);
  return changed ? { state: 'changed', lines: changed, applied: false } : { state: 'outdated', lines: null, applied: false };
}

/** The recorded lines in the round's text, and the lines now where the thread is now. */
function codeOf({ annotation, before, after }: ThreadInput, lines: LineSpan | null): ThreadCode {
  if (annotation.scope !== 'line' || annotation.side === 'old') return { recorded: null, now: null };
  const slice = (text: string | null, span: LineSpan | null) => (text === null || span === null ? null : toLines(text).slice(span.startLine - 1, span.endLine).join('\n'));
  return { recorded: slice(before, annotation), now: slice(after?.text ?? null, lines) };
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
