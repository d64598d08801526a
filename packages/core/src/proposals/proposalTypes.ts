/**
 * The agent's findings and the proposals they become (the
 * proposals seed, 003: a proposal is a fact, not a diff). A finding is what
 * `redline annotate` reads; a proposal is a finding the server took, with the
 * text its lines read as when it was posted (`seen`) and an id over both.
 * The reviewer answers a proposal in the page; the agent never does.
 */
import type { Side } from '../model/types.js';

export type FindingKind = 'finding' | 'question' | 'note';

export const FINDING_KINDS: readonly FindingKind[] = ['finding', 'question', 'note'];

/** 1-based, inclusive, as everywhere in Redline. */
export interface FindingLines {
  start: number;
  end: number;
}

/** A suggested replacement: the code the agent saw at the lines, and what it would put there. */
export interface ProposedReplacement {
  original: string;
  replacement: string;
}

interface FindingCommon {
  kind: FindingKind;
  /** Repository-relative, `/` separators, a path of the diff. */
  path: string;
  lines: FindingLines;
  /** The agent's words (markdown). */
  text: string;
}

/** A remark on lines of either side, or a replacement of new-side lines. */
export type Finding =
  | (FindingCommon & { side: Side; suggestion: null })
  | (FindingCommon & { side: 'new'; suggestion: ProposedReplacement });

/** A finding as the review holds it. */
export interface Proposal {
  /** proposalId(finding, seen): the same finding on the same text is the same proposal. */
  id: string;
  finding: Finding;
  /** The lines' text (LF-joined) when the finding was posted: a suggestion's `original`, else what the file read. */
  seen: string;
  /** ISO 8601. */
  postedAt: string;
}

/** The reviewer's answer. `accepted` and `edited` name the reviewer's annotation it became. */
export type ProposalAnswer =
  | { kind: 'unanswered' }
  | { kind: 'accepted'; annotationId: string }
  | { kind: 'edited'; annotationId: string }
  | { kind: 'rejected' };

export type ProposalAnswerKind = ProposalAnswer['kind'];

/** A proposal with the reviewer's answer, replies and whether its lines still read as `seen`: what the page draws and the export lists. */
export interface ProposalState {
  proposal: Proposal;
  answer: ProposalAnswer;
  /** The reviewer's replies, oldest first. */
  replies: string[];
  outdated: boolean;
}

/** Over this many bytes of findings JSON, nothing is read (the agent splits its findings). */
export const MAX_FINDINGS_BYTES = 1024 * 1024;
/** Over this many findings in one post, nothing is posted. */
export const MAX_FINDINGS = 1000;
