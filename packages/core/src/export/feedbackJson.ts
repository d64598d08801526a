/**
 * The JSON form of the feedback export (`redline --json`), declared once as
 * types: the writer (renderFeedbackJson.ts) returns them, and the readers
 * (parseFeedbackJson.ts, validateFeedbackReview.ts, and the markdown reader,
 * which builds the same shape for the validator) read the untrusted value as
 * `Unchecked` of them, so a field renamed here breaks both sides at compile
 * time. Versioned (`"format": "redline-feedback", "version": 3`); the field
 * order of the output is the writer's. See docs/feedback-format.md.
 */
import type { FileStatus, Side, TargetKind, Verdict } from '../model/types.js';
import type { OpenThreadState, SettledOutcome } from './exportThreads.js';
import type { FindingKind } from '../proposals/proposalTypes.js';
import type { QuestionAnchor } from '../questions/questionTypes.js';
import type { ProposalOutcome } from './renderProposalsMarkdown.js';
import type { CheckedResult } from './renderChecked.js';
import type { LabelKind } from '../model/commentLabel.js';

export const FEEDBACK_FORMAT = 'redline-feedback';
/**
 * Version 2 added `threads`, version 3 `fixSets` (whose members are not in
 * `annotations`, so a reader of 2 would miss them); the readers still read
 * versions 1 and 2, whose reviews mean the same.
 */
export const FEEDBACK_VERSION = 3;
export const FEEDBACK_VERSIONS_READ: readonly number[] = [1, 2, 3];

/**
 * What the reviewer decided, for a program to branch on without reading the
 * verdict's words: the verdict in snake_case, or `closed` when the
 * review ended without feedback (`redline wait --json`). Written after
 * `verdict`; an additive field of version 1 (docs/feedback-format.md, 3.1).
 */
export type FeedbackDecision = 'approve' | 'request_changes' | 'comment' | 'closed';

const DECISION_OF_VERDICT = {
  approve: 'approve',
  'request-changes': 'request_changes',
  comment: 'comment',
} as const satisfies Record<Verdict, FeedbackDecision>;

export function decisionForVerdict(verdict: Verdict): Exclude<FeedbackDecision, 'closed'> {
  return DECISION_OF_VERDICT[verdict];
}

/** The export of a review. `decision` is always written; exports made before it have none. */
export interface FeedbackJson {
  format: typeof FEEDBACK_FORMAT;
  version: typeof FEEDBACK_VERSION;
  target: TargetJson;
  verdict: Verdict;
  decision: Exclude<FeedbackDecision, 'closed'>;
  summary: string;
  files?: FileJson[];
  annotations: AnnotationJson[];
  /** The earlier rounds' suggestions still open (section 8): an additive field of version 2, read by `redline apply`. */
  carried?: CarriedJson[];
  /** The fix sets (version 3): each one item with its members, which are in neither `annotations` nor `carried`. */
  fixSets?: FixSetJson[];
  /** The earlier rounds' threads (version 2), for the agent; never read back. */
  threads?: ThreadsJson;
  /** The agent's proposals and their outcomes, for the agent; never read back. */
  proposals?: ProposalJson[];
  /** The reviewer's questions to the agent and its answers, for the agent; never read back. */
  questions?: QuestionJson[];
  /** The check before sending (renderChecked.ts): an additive field, for the agent; never read back. */
  checked?: CheckedResult;
}

/** A question to the agent, as the export lists it (docs/feedback-format.md, "Questions to the agent"). */
export interface QuestionJson {
  id: string;
  anchor: QuestionAnchor;
  text: string;
  quoted: string | null;
  askedAt: string;
  answer: { text: string; answeredAt: string; proposalId: string | null } | null;
}

/** What a program reads when the reviewer closed the review without feedback: the envelope and the decision only. */
export interface ClosedFeedbackJson {
  format: typeof FEEDBACK_FORMAT;
  version: typeof FEEDBACK_VERSION;
  decision: 'closed';
}

export interface TargetJson {
  kind: TargetKind;
  description: string;
  baseCommit: string | null;
  headCommit: string | null;
}

/** `similarity` only for a renamed or copied file whose similarity is known: an additive field of version 2. */
export interface FileJson {
  path: string;
  oldPath: string | null;
  status: FileStatus;
  similarity?: number;
  /** A rename the reviewer paired by hand (no similarity: git did not find the two files alike); absent otherwise. */
  pairedByReviewer?: true;
}

/** What every annotation carries; the flags only when true, the optional words only when there are some. */
interface AnnotationJsonCommon {
  id: string;
  path: string;
  text: string;
  highlightedText?: string;
  approximate?: true;
  outdated?: true;
  anchorSnippet?: string;
  author?: string;
  proposal?: string;
  /** The Conventional Comments label: an additive field of version 3, written when the reviewer chose one; absent or null is none. */
  label?: CommentLabelJson | null;
  createdAt: string;
}

export interface CommentLabelJson {
  kind: LabelKind;
  blocking: boolean;
}

/** A line annotation's lines, flat (the wire spelling of a `LineSpan`). */
interface LineAnchorJson {
  side: Side;
  startLine: number;
  endLine: number;
}

export interface QuotedLinesJson {
  code: string;
  oldPath: string | null;
  newPath: string | null;
}

export type LineCommentJson = AnnotationJsonCommon & LineAnchorJson & { kind: 'comment'; scope: 'line'; quoted?: QuotedLinesJson };
export type FileCommentJson = AnnotationJsonCommon & { kind: 'comment'; scope: 'file' };
export type GeneralCommentJson = AnnotationJsonCommon & { kind: 'comment'; scope: 'general' };
/** `deletion` always; `revision` only when known (the readers also take null for unknown). */
export type SuggestionJson = AnnotationJsonCommon &
  LineAnchorJson & { kind: 'suggestion'; scope: 'line'; side: 'new'; originalCode: string; suggestedCode: string; deletion: boolean; revision?: string };
export type AnnotationJson = LineCommentJson | FileCommentJson | GeneralCommentJson | SuggestionJson;

/**
 * A fix set (docs/feedback-format.md, 3.1): applied whole or not at all. Its
 * members in order, each a suggestion as `annotations` spells one; `round`
 * only for a set carried from an earlier round (its members then have that
 * round's lines and revision).
 */
export interface FixSetJson {
  id: string;
  description: string;
  round?: number;
  members: SuggestionJson[];
}

export interface CarriedJson {
  round: number;
  annotation: AnnotationJson;
}

export interface ThreadsJson {
  open: OpenThreadJson[];
  settled: SettledThreadJson[];
}

/** `where` and `codeNow` are null where there are none. */
export interface OpenThreadJson {
  id: string;
  round: number;
  state: OpenThreadState;
  kind: 'comment' | 'suggestion';
  /** The label its annotation was sent with; only when it had one (additive). */
  label?: CommentLabelJson;
  path: string;
  where: LineAnchorJson | null;
  text: string;
  codeNow: string | null;
  replies: { by: 'reviewer' | 'agent'; text: string }[];
}

export interface SettledThreadJson {
  id: string;
  round: number;
  path: string;
  outcome: SettledOutcome;
}

/** A proposal in the export: its finding's fields (with the findings file's `lines: { start, end }`), then its outcome. */
export interface ProposalJson {
  id: string;
  kind: FindingKind;
  path: string;
  side: Side;
  lines: { start: number; end: number };
  text: string;
  suggestion?: { original: string; replacement: string };
  proposedBy: 'agent';
  outcome: ProposalOutcome;
  annotationId?: string;
  outdated: boolean;
  replies: string[];
}
