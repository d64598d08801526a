/**
 * The JSON form of the feedback export (`redline --json`): the same review as
 * the markdown, as data. Versioned (`"format": "redline-feedback", "version":
 * 2`), pretty-printed with two spaces, keys in a fixed order, and ASCII-only:
 * every non-ASCII character is written as a `\uXXXX` escape, so invisible and
 * bidirectional characters are visible in the raw text and survive any
 * transport. See docs/feedback-format.md.
 */
import type { FeedbackParseError, ParseResult } from './feedbackParseResult.js';
import { normalizeFeedbackReview } from './normalizeFeedbackReview.js';
import { proposalsToJson } from './renderProposalOutcomes.js';
import { questionsToJson } from './renderQuestions.js';
import { threadsToJson } from './renderThreadsSection.js';
import type { Annotation, FeedbackReview, Verdict } from '../model/types.js';
import { formatFieldProblem, validateFeedbackReview } from './validateFeedbackReview.js';

export const FEEDBACK_FORMAT = 'redline-feedback';
/** Version 2 added `threads`; the readers still read version 1, whose reviews mean the same. */
export const FEEDBACK_VERSION = 2;
export const FEEDBACK_VERSIONS_READ: readonly number[] = [1, 2];

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

export function decisionForVerdict(verdict: Verdict): FeedbackDecision {
  return DECISION_OF_VERDICT[verdict];
}

/** The JSON a program reads when the reviewer closed the review without feedback: the envelope and the decision only. */
export function renderClosedFeedbackJson(): string {
  return toAsciiJson({ format: FEEDBACK_FORMAT, version: FEEDBACK_VERSION, decision: 'closed' }) + '\n';
}

export function renderFeedbackJson(review: FeedbackReview): string {
  const normalized = normalizeFeedbackReview(review);
  const document: Record<string, unknown> = {
    format: FEEDBACK_FORMAT,
    version: FEEDBACK_VERSION,
    target: {
      kind: normalized.target.kind,
      description: normalized.target.description,
      baseCommit: normalized.target.baseCommit,
      headCommit: normalized.target.headCommit,
    },
    verdict: normalized.verdict,
    decision: decisionForVerdict(normalized.verdict),
    summary: normalized.summary,
  };
  if (normalized.files) {
    // `similarity` only when known: an additive field of version 2.
    document.files = normalized.files.map((f) =>
      f.oldPath !== null && typeof f.similarity === 'number'
        ? { path: f.path, oldPath: f.oldPath, status: f.status, similarity: f.similarity }
        : { path: f.path, oldPath: f.oldPath, status: f.status },
    );
  }
  document.annotations = normalized.annotations.map(annotationToJson);
  // The earlier rounds' suggestions still open (section 8): an additive field of version 2, read by `redline apply`.
  if (normalized.carried) document.carried = normalized.carried.map((c) => ({ round: c.round, annotation: annotationToJson(c.suggestion) }));
  // The earlier rounds' threads (version 2), then the agent's proposals: fields of their own.
  if (review.threads) document.threads = threadsToJson(review.threads);
  if (review.proposals && review.proposals.length > 0) document.proposals = proposalsToJson(review.proposals);
  if (review.questions && review.questions.length > 0) document.questions = questionsToJson(review.questions);
  return toAsciiJson(document) + '\n';
}

/** Fixed key order; optional fields only when present; `deletion` always on suggestions. */
function annotationToJson(a: Annotation): Record<string, unknown> {
  const out: Record<string, unknown> = { id: a.id, kind: a.kind, scope: a.scope, path: a.path };
  if (a.scope === 'line') {
    out.side = a.side;
    out.startLine = a.startLine;
    out.endLine = a.endLine;
  }
  out.text = a.text;
  if (a.kind === 'comment' && a.scope === 'line' && a.quoted) {
    out.quoted = { code: a.quoted.code, oldPath: a.quoted.oldPath, newPath: a.quoted.newPath };
  }
  if (a.kind === 'suggestion') {
    out.originalCode = a.originalCode;
    out.suggestedCode = a.suggestedCode;
    out.deletion = a.deletion;
    if (a.revision !== null) out.revision = a.revision;
  }
  if (a.highlightedText !== undefined) out.highlightedText = a.highlightedText;
  if (a.approximate === true) out.approximate = true;
  if (a.outdated === true) out.outdated = true;
  if (a.anchorSnippet !== undefined) out.anchorSnippet = a.anchorSnippet;
  if (a.author !== undefined) out.author = a.author;
  if (a.proposal !== undefined) out.proposal = a.proposal;
  out.createdAt = a.createdAt;
  return out;
}

function toAsciiJson(value: unknown): string {
  // JSON.stringify already escapes C0 controls and lone surrogates; the rest
  // of the non-ASCII range (DEL included) is escaped here, code unit by code
  // unit, which is exactly how JSON spells characters outside the BMP.
  return JSON.stringify(value, null, 2).replace(
    /[\u007f-\uffff]/g,
    (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'),
  );
}

export function parseFeedbackJson(text: string): ParseResult {
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    return { ok: false, errors: [jsonSyntaxError(text, error)] };
  }
  const envelope = checkEnvelope(value);
  if (envelope.length > 0) return { ok: false, errors: envelope };
  const result = validateFeedbackReview(value);
  if (!result.ok) return { ok: false, errors: result.problems.map((p) => ({ message: formatFieldProblem(p) })) };
  const decision = checkDecision(value as { decision?: unknown }, result.review.verdict);
  if (decision) return { ok: false, errors: [decision] };
  return { ok: true, format: 'json', review: result.review };
}

function checkEnvelope(value: unknown): FeedbackParseError[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [{ message: 'expected a JSON object with "format": "redline-feedback"' }];
  }
  const { format, version } = value as { format?: unknown; version?: unknown };
  if (format !== FEEDBACK_FORMAT) {
    return [{ message: `format: expected "${FEEDBACK_FORMAT}", got ${JSON.stringify(format) ?? 'nothing'}` }];
  }
  if (typeof version !== 'number' || !FEEDBACK_VERSIONS_READ.includes(version)) {
    const newer = typeof version === 'number' && Number.isInteger(version) && version > FEEDBACK_VERSION;
    return [
      {
        message: newer
          ? `version: ${version} is newer than this Redline reads (${FEEDBACK_VERSION}); update Redline`
          : `version: expected ${FEEDBACK_VERSIONS_READ.join(' or ')}, got ${JSON.stringify(version) ?? 'nothing'}`,
      },
    ];
  }
  return [];
}

/** `decision` is optional (exports before it had none); when given it must say what the verdict says. */
function checkDecision(value: { decision?: unknown }, verdict: Verdict): FeedbackParseError | null {
  if (value.decision === undefined || value.decision === decisionForVerdict(verdict)) return null;
  return { message: `decision: expected "${decisionForVerdict(verdict)}" (the verdict is "${verdict}"), got ${JSON.stringify(value.decision)}` };
}

/** Turns JSON.parse's error into a one-line message with the line it happened on, when V8 gave a position. */
function jsonSyntaxError(text: string, error: unknown): FeedbackParseError {
  const message = error instanceof Error ? error.message : String(error);
  const position = /at position (\d+)/.exec(message);
  const lineMatch = /\(line (\d+) column \d+\)/.exec(message);
  let line: number | undefined;
  if (lineMatch) line = Number(lineMatch[1]);
  else if (position) line = text.slice(0, Number(position[1])).split('\n').length;
  const result: FeedbackParseError = { message: `not valid JSON: ${message}` };
  if (line !== undefined) result.line = line;
  return result;
}
