/**
 * Review rounds: each Send records a round in git; a series is
 * the rounds of one target. These are the shapes the CLI stores and serves
 * (GET /api/review's `rounds`, `redline rounds --json`, `redline threads --json`).
 */
import type { LineSpan } from '../model/lineSpan.js';
import type { Annotation, CarriedFixSet, Verdict } from '../model/types.js';

export type ThreadState = 'open' | 'changed' | 'addressed' | 'resolved' | 'outdated';
export const THREAD_STATES: readonly ThreadState[] = ['open', 'changed', 'addressed', 'resolved', 'outdated'];

export type ReviewerActKind = 'resolve' | 'reopen' | 'reply';
export const REVIEWER_ACT_KINDS: readonly ReviewerActKind[] = ['resolve', 'reopen', 'reply'];
export type AgentActKind = 'reply' | 'addressed';

/** What the page sends with the feedback: an act on a thread of an earlier round. */
export interface ThreadActInput {
  /** The thread's id: the id of the annotation that opened it. */
  thread: string;
  act: ReviewerActKind;
  /** The reply, or a note with a resolve or reopen ('' for none). */
  text: string;
}

/** An act as stored: who did it, and when (ISO 8601). Only the reviewer resolves and reopens. */
export type ThreadAct =
  | (ThreadActInput & { by: 'reviewer'; reviewer: string | null; at: string })
  | { by: 'agent'; thread: string; act: AgentActKind; text: string; at: string };

export interface RoundCounts {
  comments: number;
  suggestions: number;
  /** The reviewer's acts on earlier threads (resolves, reopens, replies). */
  acts: number;
  /** The same by kind, as read from the round's acts (`redline rounds` names them). */
  threadActs?: Record<ReviewerActKind, number>;
  /** The reviewer's answers to the agent's proposals this round; absent in rounds recorded before they were counted. */
  proposals?: ProposalAnswerCounts;
}

export interface ProposalAnswerCounts {
  accepted: number;
  edited: number;
  rejected: number;
}

export interface RoundSummary {
  number: number;
  /** As typed by the reviewer; null when the round was sent without one. */
  reviewer: string | null;
  /** ISO 8601. */
  time: string;
  verdict: Verdict;
  counts: RoundCounts;
  /** The round's commit under refs/redline/. */
  commit: string;
  /** The reviewed state's tree id; `missing` when that tree cannot be read. */
  state: { kind: 'recorded'; tree: string } | { kind: 'missing'; tree: string };
  /** The round commit's signature, as the reader's git checks it (docs/rounds.md, "Signed rounds"). */
  signature: RoundSignature;
}

/**
 * verified: a good signature by an allowed signer (`signer`: its principal);
 * unsigned: none; invalid: a bad or revoked signature (the commit was altered
 * after signing); unverifiable: a good signature by a key the reader's git
 * does not trust, or one it cannot check.
 */
export type RoundSignature = { kind: 'verified'; signer: string } | { kind: 'unsigned' } | { kind: 'invalid' } | { kind: 'unverifiable' };

export type ThreadKind = { kind: 'comment' } | { kind: 'suggestion'; applied: boolean };

export type Thread = ThreadKind & {
  /** The annotation's id. */
  id: string;
  /** The round whose annotation opened the thread. */
  round: number;
  /** That round's reviewer (null: sent without a name): only they resolve or reopen it (mayActOnThread). */
  reviewer: string | null;
  path: string;
  /** Where its lines are now; null for file and general annotations, and outdated ones. */
  lines: LineSpan | null;
  state: ThreadState;
  /** The annotation as recorded in its round. */
  annotation: Annotation;
  /** Every act on it, oldest first. */
  acts: ThreadAct[];
  /** The code it is about, as its round recorded it and now (what the page shows of a changed or outdated thread, and the export quotes). */
  code: ThreadCode;
};

/** Lines of text; null where there is none (file and general threads, old-side ones, a file gone or unreadable). */
export interface ThreadCode {
  recorded: string | null;
  now: string | null;
}

/** The series a review belongs to, for the page: its rounds and the last round's annotations and files. */
export interface ReviewRoundsData {
  seriesId: string;
  baseCommit: string;
  /** Oldest first. The review under way is the next number. */
  rounds: RoundSummary[];
  /** The last round's annotations, from its review.json (empty when it cannot be read). */
  previousAnnotations: Annotation[];
  /** Path -> blob id in the last round's state ("unchanged since round N" is an equal id); null when missing. */
  lastStateBlobs: Record<string, string> | null;
  /** The files the last round's reviewer had marked viewed when they sent it (empty for a round recorded before marks were). */
  lastViewed: string[];
  threads: Thread[];
  /** The fix sets of the series' rounds (their review.json's `fixSets`), each with its round: a later export carries one whole or not at all. */
  fixSets: CarriedFixSet[];
  /** Rounds that only claim their reviewer (docs/rounds.md, "Rounds that can be verified"): listed, no effect on any thread. */
  claims: RoundClaim[];
  /** Threads not read: their path is not a plain path of the reviewed tree (docs/rounds.md, "A teammate's data is data"). */
  refused: RefusedThread[];
}

/**
 * A round whose `reviewer` is not the name of the ref it was written under
 * (the core's reviewerSlug): "claims to be @alice, written under the ref of
 * @bob". Its annotations open no thread, its acts and verdict change nothing.
 */
export interface RoundClaim extends RoundSummary {
  /** The ref it was found under. */
  ref: string;
  /** The name that ref is of (its slug read back: folded); null for the anonymous ref. */
  refReviewer: string | null;
}

/** A thread of an earlier round whose file was not read, named with the ref it came from. */
export interface RefusedThread {
  id: string;
  round: number;
  ref: string;
  path: string;
  /** Why, in a few words ("it climbs out with '..'"). */
  why: string;
}

/** GET /api/round-diff?from=<tree>&to=<tree>: the diff between two recorded states of the series. */
export interface RoundDiffData {
  from: string;
  to: string;
  patch: string;
}

/**
 * GET /api/review's `sinceRound`: the diff from the last round's recorded
 * state to the state now, "now" written the way a Send records it (so the
 * untracked files are in it as the review's own diff sees them). Its new side
 * is the review's new side, line for line.
 */
export interface SinceRoundData {
  round: number;
  /** The last round's state tree. */
  from: string;
  /** The state now, as the next round would record it. */
  to: string;
  /** `git diff <from> <to>`, with the review's whitespace mode. */
  patch: string;
  /** Every path whose content differs between the two (renames not paired: a moved file is its two paths). */
  changedPaths: string[];
}

/** GET /api/round-changes?from=<tree>: the review's paths whose content now differs from that recorded state. */
export interface RoundChangesData {
  from: string;
  changedPaths: string[];
}
