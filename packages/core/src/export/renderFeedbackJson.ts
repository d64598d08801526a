/**
 * The JSON form of the feedback export (`redline --json`): the same review as
 * the markdown, as data (its shape: feedbackJson.ts). Pretty-printed with two
 * spaces, keys in a fixed order, and ASCII-only: every non-ASCII character is
 * written as a `\uXXXX` escape, so invisible and bidirectional characters are
 * visible in the raw text and survive any transport. See
 * docs/feedback-format.md.
 */
import { questionsToJson } from './renderQuestions.js';
import { checkedToJson } from './renderChecked.js';
import type { ExportThreads } from './exportThreads.js';
import { FEEDBACK_FORMAT, FEEDBACK_VERSION, decisionForVerdict, type AnnotationJson, type ClosedFeedbackJson, type FeedbackJson, type FileJson, type FixSetJson, type OpenThreadJson, type SuggestionJson, type ProposalJson, type SettledThreadJson, type ThreadsJson } from './feedbackJson.js';
import { normalizeFeedbackReview } from './normalizeFeedbackReview.js';
import { sortProposalStates } from './renderProposalsMarkdown.js';
import type { Annotation, FeedbackFile, FeedbackReview, FixSet, LineAnnotation, Suggestion } from '../model/types.js';
import type { ProposalState } from '../proposals/proposalTypes.js';

/** The JSON a program reads when the reviewer closed the review without feedback: the envelope and the decision only. */
export function renderClosedFeedbackJson(): string {
  const closed: ClosedFeedbackJson = { format: FEEDBACK_FORMAT, version: FEEDBACK_VERSION, decision: 'closed' };
  return toAsciiJson(closed) + '\n';
}

export function renderFeedbackJson(review: FeedbackReview): string {
  const normalized = normalizeFeedbackReview(review);
  const { target } = normalized;
  // A fix set's members are written in the set (version 3), not in `annotations` or `carried`.
  const fixSets = fixSetsToJson(normalized);
  const inSets = new Set(fixSets.flatMap((set) => set.members.map((m) => m.id)));
  const carried = (normalized.carried ?? []).filter((c) => !inSets.has(c.suggestion.id));
  const document: FeedbackJson = {
    format: FEEDBACK_FORMAT,
    version: FEEDBACK_VERSION,
    target: { kind: target.kind, description: target.description, baseCommit: target.baseCommit, headCommit: target.headCommit },
    verdict: normalized.verdict,
    decision: decisionForVerdict(normalized.verdict),
    summary: normalized.summary,
    ...(normalized.files ? { files: normalized.files.map(fileToJson) } : {}),
    annotations: normalized.annotations.filter((a) => !inSets.has(a.id)).map(annotationToJson),
    // The earlier rounds' suggestions still open (section 8): an additive field of version 2, read by `redline apply`.
    ...(carried.length > 0 ? { carried: carried.map((c) => ({ round: c.round, annotation: annotationToJson(c.suggestion) })) } : {}),
    ...(fixSets.length > 0 ? { fixSets } : {}),
    // The earlier rounds' threads (version 2), then the agent's proposals: fields of their own.
    ...(review.threads ? { threads: threadsToJson(review.threads) } : {}),
    ...(review.proposals && review.proposals.length > 0 ? { proposals: proposalsToJson(review.proposals) } : {}),
    ...(review.questions && review.questions.length > 0 ? { questions: questionsToJson(review.questions) } : {}),
    ...(review.checked ? { checked: checkedToJson(review.checked) } : {}),
  };
  return toAsciiJson(document) + '\n';
}

/** This round's sets, then the carried ones (with `round`), each with its members written out in order. */
function fixSetsToJson(review: FeedbackReview): FixSetJson[] {
  const current = new Map(review.annotations.map((a) => [a.id, a]));
  const carried = new Map((review.carried ?? []).map((c) => [c.suggestion.id, c.suggestion]));
  const toJson = (set: FixSet, from: ReadonlyMap<string, Annotation>, round?: number): FixSetJson => ({
    id: set.id,
    description: set.description,
    ...(round === undefined ? {} : { round }),
    members: set.members
      .map((id) => from.get(id))
      .filter((a): a is Suggestion => a?.kind === 'suggestion')
      .map(suggestionToJson),
  });
  return [
    ...(review.fixSets ?? []).map((set) => toJson(set, current)),
    ...(review.carriedSets ?? []).map(({ set, round }) => toJson(set, carried, round)),
  ];
}

/** `similarity` only when known: an additive field of version 2; `pairedByReviewer` only on a pair the reviewer made (additive too). */
function fileToJson(f: FeedbackFile): FileJson {
  if (f.oldPath !== null && f.pairedByReviewer) return { path: f.path, oldPath: f.oldPath, status: f.status, pairedByReviewer: true };
  return f.oldPath !== null && typeof f.similarity === 'number'
    ? { path: f.path, oldPath: f.oldPath, status: f.status, similarity: f.similarity }
    : { path: f.path, oldPath: f.oldPath, status: f.status };
}

/** Fixed key order; optional fields only when present; `deletion` always on suggestions. */
function annotationToJson(a: Annotation): AnnotationJson {
  if (a.kind === 'suggestion') return suggestionToJson(a);
  const facts = factsOf(a);
  if (a.scope !== 'line') return { ...head(a), text: a.text, ...facts };
  const quoted = a.quoted ? { quoted: { code: a.quoted.code, oldPath: a.quoted.oldPath, newPath: a.quoted.newPath } } : {};
  return { ...lineHead(a), ...quoted, ...facts };
}

function suggestionToJson(a: Suggestion): SuggestionJson {
  const revision = a.revision !== null ? { revision: a.revision } : {};
  return { ...lineHead(a), originalCode: a.originalCode, suggestedCode: a.suggestedCode, deletion: a.deletion, ...revision, ...factsOf(a) };
}

/** The flags and words every annotation may carry, then `createdAt`. */
function factsOf(a: Annotation) {
  return {
    ...(a.highlightedText !== undefined ? { highlightedText: a.highlightedText } : {}),
    ...(a.approximate === true ? { approximate: true as const } : {}),
    ...(a.outdated === true ? { outdated: true as const } : {}),
    ...(a.anchorSnippet !== undefined ? { anchorSnippet: a.anchorSnippet } : {}),
    ...(a.author !== undefined ? { author: a.author } : {}),
    ...(a.proposal !== undefined ? { proposal: a.proposal } : {}),
    ...(a.label !== undefined ? { label: { kind: a.label.kind, blocking: a.label.blocking } } : {}),
    createdAt: a.createdAt,
  };
}

/** Every annotation's first fields, in the export's order. */
function head<A extends Annotation>(a: A): Pick<A, 'id' | 'kind' | 'scope' | 'path'> {
  return { id: a.id, kind: a.kind, scope: a.scope, path: a.path };
}

/** A line annotation's first fields, its lines flat, then its words. */
function lineHead<A extends LineAnnotation>(a: A): Pick<A, 'id' | 'kind' | 'scope' | 'path' | 'side' | 'startLine' | 'endLine' | 'text'> {
  return { ...head(a), side: a.side, startLine: a.startLine, endLine: a.endLine, text: a.text };
}

/** The earlier rounds' threads: fixed key order; `where` and `codeNow` are null where there are none. */
export function threadsToJson({ open, settled }: ExportThreads): ThreadsJson {
  return {
    open: open.map((t): OpenThreadJson => ({
      id: t.id,
      round: t.round,
      state: t.state,
      kind: t.kind,
      ...(t.label ? { label: { kind: t.label.kind, blocking: t.label.blocking } } : {}),
      path: t.path,
      where: t.where === null ? null : { side: t.where.side, startLine: t.where.lines.startLine, endLine: t.where.lines.endLine },
      text: t.text,
      codeNow: t.codeNow,
      replies: t.replies.map((r) => ({ by: r.by, text: r.text })),
    })),
    settled: settled.map((t): SettledThreadJson => ({ id: t.id, round: t.round, path: t.path, outcome: t.outcome })),
  };
}

/** The agent's proposals, in the one order: fixed key order, `suggestion` and `annotationId` only when there is one. */
export function proposalsToJson(states: readonly ProposalState[]): ProposalJson[] {
  return sortProposalStates(states).map(({ proposal, answer, replies, outdated }): ProposalJson => {
    const { kind, path, side, lines, text, suggestion } = proposal.finding;
    return {
      id: proposal.id,
      kind,
      path,
      side,
      lines: { start: lines.start, end: lines.end },
      text,
      ...(suggestion !== null ? { suggestion: { original: suggestion.original, replacement: suggestion.replacement } } : {}),
      proposedBy: 'agent',
      outcome: answer.kind,
      ...(answer.kind === 'accepted' || answer.kind === 'edited' ? { annotationId: answer.annotationId } : {}),
      outdated,
      replies: [...replies],
    };
  });
}

function toAsciiJson(value: FeedbackJson | ClosedFeedbackJson): string {
  // JSON.stringify already escapes C0 controls and lone surrogates; the rest
  // of the non-ASCII range (DEL included) is escaped here, code unit by code
  // unit, which is exactly how JSON spells characters outside the BMP.
  return JSON.stringify(value, null, 2).replace(
    /[\u007f-\uffff]/g,
    (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'),
  );
}
