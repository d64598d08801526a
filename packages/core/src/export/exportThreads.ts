/**
 * What the export of round N tells the agent about earlier rounds:
 * every thread still asked of it, and what was settled since the last round.
 * Chosen from the threads the page shows (`ReviewData.rounds.threads`, the
 * core's computeThreads) and this Send's own acts, so the page's preview and
 * the CLI's output, both built by `buildFeedbackReview`, are one text.
 *
 * - Still open: states open, changed and addressed, less the suggestions
 *   already applied (the agent did them) and the threads this Send resolves;
 *   plus resolved threads this Send reopens (asked again: `open`).
 * - Settled: the threads this Send resolves, and the applied suggestions not
 *   resolved yet (resolved ones dropped out of the list in an earlier round).
 */
import type { LineSpan } from '../model/lineSpan.js';
import type { CommentLabel } from '../model/commentLabel.js';
import type { Annotation, CarriedFixSet, CarriedSuggestion, Side } from '../model/types.js';
import type { Thread, ThreadActInput, ThreadState } from '../rounds/roundTypes.js';
import { compareStrings } from './normalizeFeedbackReview.js';
import { suggestionsOverlap } from '../suggestions/suggestionsOverlap.js';

export type OpenThreadState = Extract<ThreadState, 'open' | 'changed' | 'addressed'>;

export interface ThreadReply {
  by: 'reviewer' | 'agent';
  text: string;
}

export interface ExportOpenThread {
  id: string;
  round: number;
  state: OpenThreadState;
  kind: 'comment' | 'suggestion';
  /** The label its annotation was sent with (docs/feedback-format.md, "Labels"); absent when none. */
  label?: CommentLabel;
  path: string;
  /** Where its lines are now; null for file and general threads. */
  where: { side: Side; lines: LineSpan } | null;
  text: string;
  /** The lines it points at now; null where there are none (file, general and old-side threads). */
  codeNow: string | null;
  /** Every reply on it (the agent's "addressed" included), oldest first, this Send's last. */
  replies: ThreadReply[];
}

export type SettledOutcome = 'resolved' | 'applied';

export interface ExportSettledThread {
  id: string;
  round: number;
  path: string;
  outcome: SettledOutcome;
}

export interface ExportThreads {
  open: ExportOpenThread[];
  settled: ExportSettledThread[];
}

/** The threads for the export; undefined when there are none to tell (the export is then as before rounds). */
export function exportThreadsOf(threads: readonly Thread[], acts: readonly ThreadActInput[]): ExportThreads | undefined {
  const lastAct = lastActs(acts);
  const open: ExportOpenThread[] = [];
  const settled: ExportSettledThread[] = [];
  for (const thread of [...threads].sort(compareThreads)) {
    const state = stateAfterThisSend(thread, lastAct.get(thread.id));
    const applied = thread.kind === 'suggestion' && thread.applied;
    if (state === 'resolved') {
      if (thread.state !== 'resolved') settled.push(settledOf(thread, 'resolved'));
    } else if (applied && state !== 'outdated') settled.push(settledOf(thread, 'applied'));
    else if (state !== 'outdated') open.push(openOf(thread, state, acts));
  }
  return open.length === 0 && settled.length === 0 ? undefined : { open, settled };
}

/**
 * The suggestions of earlier rounds the export carries with their code, so
 * `redline apply` applies them with this round's: those still `open` after
 * this Send (their lines as the round recorded them, not applied, not
 * resolved, not answered "addressed" by the agent), with a known revision,
 * and not sent again among this round's own annotations. A changed one is
 * not carried: its lines are no longer what it replaces, so apply would
 * refuse it (and with it the whole run); the threads section asks it of the
 * agent with its code now. Nor is one whose lines now overlap a suggestion
 * of this round (the one overlap rule, suggestionsOverlap): the newer word
 * stands, and apply would refuse the two as a conflict.
 */
export function carriedSuggestionsOf(threads: readonly Thread[], acts: readonly ThreadActInput[], annotations: readonly Annotation[]): CarriedSuggestion[] {
  const lastAct = lastActs(acts);
  const sent = new Set(annotations.map((a) => a.id));
  const own = annotations.filter((a) => a.kind === 'suggestion');
  const carried: CarriedSuggestion[] = [];
  for (const thread of [...threads].sort(compareThreads)) {
    const { annotation, lines } = thread;
    if (thread.kind !== 'suggestion' || thread.applied || annotation.kind !== 'suggestion' || sent.has(annotation.id)) continue;
    if (lines !== null && own.some((s) => s.path === annotation.path && suggestionsOverlap(s, lines))) continue;
    if (annotation.revision === null || annotation.outdated === true || stateAfterThisSend(thread, lastAct.get(thread.id)) !== 'open') continue;
    carried.push({ round: thread.round, suggestion: annotation });
  }
  return carried;
}

/**
 * The fix sets of earlier rounds the export carries (docs/feedback-format.md,
 * section 10): a set whose every member is carried goes whole, as one item; a
 * set with a member not carried (applied, resolved, changed, sent again) is
 * never split: none of its members is carried (each still has its thread in
 * the threads section, for the agent to read).
 */
export function carriedSetsOf(roundSets: readonly CarriedFixSet[], carried: readonly CarriedSuggestion[]): { carried: CarriedSuggestion[]; carriedSets: CarriedFixSet[] } {
  const carriedIn = new Map(carried.map((c) => [c.suggestion.id, c.round]));
  const whole = roundSets.filter(({ round, set }) => set.members.every((id) => carriedIn.get(id) === round));
  const broken = new Set(roundSets.filter((s) => !whole.includes(s)).flatMap(({ set }) => set.members));
  return { carried: carried.filter((c) => !broken.has(c.suggestion.id)), carriedSets: whole };
}

function lastActs(acts: readonly ThreadActInput[]): Map<string, ThreadActInput['act']> {
  const lastAct = new Map<string, ThreadActInput['act']>();
  for (const act of acts) if (act.act !== 'reply') lastAct.set(act.thread, act.act);
  return lastAct;
}

/** This Send's resolve or reopen, on top of the state computed from the earlier rounds. */
function stateAfterThisSend(thread: Thread, act: ThreadActInput['act'] | undefined): ThreadState {
  if (act === 'resolve') return 'resolved';
  if (act === 'reopen' && thread.state === 'resolved') return 'open';
  return thread.state;
}

function openOf(thread: Thread, state: OpenThreadState, acts: readonly ThreadActInput[]): ExportOpenThread {
  const { annotation } = thread;
  const where = annotation.scope === 'line' && thread.lines !== null ? { side: annotation.side, lines: { ...thread.lines } } : null;
  // The agent's "addressed" carries its reply (docs/rounds.md); resolve and reopen notes are not replies.
  const replies: ThreadReply[] = thread.acts.filter((a) => a.act === 'reply' || a.act === 'addressed').map((a) => ({ by: a.by, text: a.text }));
  for (const act of acts) if (act.thread === thread.id && act.act === 'reply') replies.push({ by: 'reviewer', text: act.text });
  const label = annotation.label ? { label: annotation.label } : {};
  return { id: thread.id, round: thread.round, state, kind: thread.kind, ...label, path: thread.path, where, text: annotation.text, codeNow: thread.code.now, replies };
}

function settledOf(thread: Thread, outcome: SettledOutcome): ExportSettledThread {
  return { id: thread.id, round: thread.round, path: thread.path, outcome };
}

/** The one order: by round, path, first line now, then id. */
function compareThreads(a: Thread, b: Thread): number {
  return a.round - b.round || compareStrings(a.path, b.path) || (a.lines?.startLine ?? 0) - (b.lines?.startLine ?? 0) || compareStrings(a.id, b.id);
}
