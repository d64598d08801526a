/**
 * Whose a thread is, as the page sees it (a team): the reviewer of
 * the round that opened it, against the name typed in the Send dialog (or
 * remembered in the preferences file). Only its own reviewer resolves or reopens a
 * thread (the core's mayActOnThread, the rule computeThreads applies), so a
 * teammate's thread is read-only here but for Reply, which is recorded under
 * your name, in your round, under your ref.
 */
import { mayActOnThread, type RoundSummary, type Thread, type ThreadActInput, type Verdict } from '@redline/core';
import type { ReviewerNameCheck } from './threadsSlice.js';

export type ThreadOwnership = { kind: 'yours' } | { kind: 'teammate'; reviewer: string };

/** The typed name as an actor: none while it is empty or refused. */
function actorOf(you: ReviewerNameCheck): string | null {
  return you.kind === 'valid' ? you.reviewer : null;
}

export function ownershipOf(thread: Pick<Thread, 'reviewer'>, you: ReviewerNameCheck): ThreadOwnership {
  if (thread.reviewer === null || mayActOnThread(thread.reviewer, actorOf(you))) return { kind: 'yours' };
  return { kind: 'teammate', reviewer: thread.reviewer };
}

/** The rounds someone else sent, oldest first: their verdicts, shown beside your threads. */
export function teammateRounds(rounds: readonly RoundSummary[], you: ReviewerNameCheck): RoundSummary[] {
  return rounds.filter((round) => ownershipOf(round, you).kind === 'teammate');
}

/**
 * This round's acts as sent: a resolve or reopen left on a thread that is no
 * longer yours (the name was changed after) is dropped, since the core would
 * record it and ignore it; replies always go.
 */
export function actsYouMaySend(threads: readonly Thread[], acts: readonly ThreadActInput[], you: ReviewerNameCheck): ThreadActInput[] {
  const teammates = new Set(threads.filter((thread) => ownershipOf(thread, you).kind === 'teammate').map((thread) => thread.id));
  return acts.filter((act) => act.act === 'reply' || !teammates.has(act.thread));
}

/** A teammate's verdict as the Send dialog words it (not imported from there: the dialog is a lazy chunk). */
export const VERDICT_WORDS: Record<Verdict, string> = { approve: 'Approve', 'request-changes': 'Request changes', comment: 'Comment' };
