/**
 * The markdown export: what the coding agent reads on stdout. Specified in
 * docs/feedback-format.md; `parseFeedbackMarkdown` reads it back.
 *
 * Three guarantees shape it:
 * - nothing the reviewer wrote can pass for structure: their words are always
 *   a quote (`> `), and every code block is fenced with more backticks than
 *   its longest backtick run;
 * - code is byte-exact inside fences, with a warning line before any block
 *   holding invisible, bidirectional or control characters; everywhere else
 *   those characters are escaped visibly (`\u{202E}`) and reversibly;
 * - the same review gives the same bytes (`normalizeFeedbackReview`), with no
 *   timestamps.
 */
import {
  APPLY_GUIDANCE,
  APPROXIMATE_NOTE,
  CARRIED_HEADING,
  CARRIED_NOTE,
  ESCAPED_PATH_NOTE,
  FILE_COMMENT_HEADING,
  FIX_SET_HEADING_PREFIX,
  FIX_SET_NOTE,
  FIX_SET_ROUND_SEPARATOR,
  GENERAL_COMMENT_HEADING,
  GENERAL_HEADING,
  ITEM,
  LABELS,
  MEMBER_HEADING_PREFIX,
  NOTHING_REPLACED,
  NOTHING_SUGGESTED,
  OUTDATED_NOTE,
  PROPOSED_NOTE_PREFIX,
  PROPOSED_NOTE_SUFFIX,
  RENAME_NOTES,
  REVISION_SEPARATOR,
  REVISION_UNKNOWN,
  STATUS_NOTES,
  SUGGESTION_LINE_PREFIX,
  SUMMARY_HEADING,
  TARGET_SEPARATOR,
  TITLE,
  VERDICT_WORDS,
  blockingCountNote,
  labelNote,
  lineHeading,
  similarityNote,
} from './feedbackMarkdownSyntax.js';
import { carriedHeading, numberedHeading } from './lineHeadings.js';
import { QUOTED_PLACE_SEPARATOR, quotedPlace } from './quotedLines.js';
import { languageForPath } from '../diff/languageForPath.js';
import { renderProposalsMarkdown } from './renderProposalsMarkdown.js';
import { renderQuestionsMarkdown } from './renderQuestions.js';
import { renderCheckedMarkdown } from './renderChecked.js';
import { renderThreadsMarkdown } from './renderThreadsMarkdown.js';
import { normalizeFeedbackReview } from './normalizeFeedbackReview.js';
import { codeBlock, inlineCode, oneLine, quote } from './markdownWriters.js';
import type { Annotation, FeedbackReview, FeedbackFile, FixSet, Suggestion } from '../model/types.js';

type FileEntry = FeedbackFile;

export function renderFeedbackMarkdown(review: FeedbackReview): string {
  const normalized = normalizeFeedbackReview(review);
  const { target, verdict, summary, files } = normalized;
  // A fix set's members are printed in its own section, not their files'.
  const sets = setsWithMembers(normalized);
  const inSets = new Set(sets.flatMap(({ members }) => members.map((m) => m.id)));
  const annotations = normalized.annotations.filter((a) => !inSets.has(a.id));
  const carriedLeft = (normalized.carried ?? []).filter((c) => !inSets.has(c.suggestion.id));
  const carried = carriedLeft.length > 0 ? carriedLeft : undefined;
  // Paragraphs, joined by one blank line.
  const out: string[] = [TITLE];

  const header = [ITEM.verdict + (VERDICT_WORDS[verdict] ?? verdict)];
  const description = target.description === '' ? '' : TARGET_SEPARATOR + oneLine(target.description);
  header.push(ITEM.target + inlineCode(target.kind) + description);
  if (target.baseCommit !== null) header.push(ITEM.baseCommit + inlineCode(target.baseCommit));
  if (target.headCommit !== null) header.push(ITEM.headCommit + inlineCode(target.headCommit));
  out.push(header.join('\n'));
  if (normalized.annotations.some((a) => a.kind === 'suggestion') || normalized.carried) out.push(APPLY_GUIDANCE);
  const blocking = normalized.annotations.filter((a) => a.label?.blocking === true).length;
  if (blocking > 0) out.push(blockingCountNote(blocking));

  if (summary !== '') out.push(SUMMARY_HEADING, quote(summary));

  const general = annotations.filter((a) => a.scope === 'general');
  if (general.length > 0) {
    out.push(GENERAL_HEADING);
    for (const annotation of general) out.push(...renderAnnotation(annotation));
  }

  const factsByPath = new Map((files ?? []).map((f) => [f.path, f] as const));
  let currentPath: string | null = null;
  for (const annotation of annotations) {
    if (annotation.scope === 'general') continue;
    if (annotation.path !== currentPath) {
      currentPath = annotation.path;
      out.push(...renderFileHeading(currentPath, factsByPath.get(currentPath)));
    }
    out.push(...renderAnnotation(annotation));
  }
  // Each fix set one item, after the files (docs/feedback-format.md, "Fix sets").
  for (const { set, round, members } of sets) out.push(...renderFixSet(set, round, members));
  // The earlier rounds' threads (docs/rounds.md), their suggestions still open, then the agent's proposals and their outcomes (docs/feedback-format.md): sections of their own.
  if (review.threads) out.push(...renderThreadsMarkdown(review.threads));
  // After the threads: a reader before carried suggestions stops at the threads' heading, so it reads the export as before.
  if (carried) {
    out.push(CARRIED_HEADING, CARRIED_NOTE);
    for (const { round, suggestion } of carried) out.push(...renderAnnotation(suggestion, carriedHeading(round, inlineCode(suggestion.path), suggestion)));
  }
  if (review.proposals && review.proposals.length > 0) out.push(...renderProposalsMarkdown(review.proposals));
  if (review.questions && review.questions.length > 0) out.push(...renderQuestionsMarkdown(review.questions));
  if (review.checked) out.push(...renderCheckedMarkdown(review.checked));
  return out.join('\n\n') + '\n';
}

interface SetToRender {
  set: FixSet;
  /** The round a carried set was made in; null for this round's. */
  round: number | null;
  members: Suggestion[];
}

/** This round's sets, then the carried ones, each with its members' suggestions in order. */
function setsWithMembers(review: FeedbackReview): SetToRender[] {
  const current = new Map(review.annotations.map((a) => [a.id, a]));
  const carried = new Map((review.carried ?? []).map((c) => [c.suggestion.id, c.suggestion]));
  const membersOf = (set: FixSet, from: ReadonlyMap<string, Annotation>) =>
    set.members.map((id) => from.get(id)).filter((a): a is Suggestion => a?.kind === 'suggestion');
  return [
    ...(review.fixSets ?? []).map((set) => ({ set, round: null, members: membersOf(set, current) })),
    ...(review.carriedSets ?? []).map(({ set, round }) => ({ set, round, members: membersOf(set, carried) })),
  ];
}

/** `## Fix set `id`` (` · round N` when carried), the note, the description quoted, then each member under `### Member k · `path` · Lines (new)`. */
function renderFixSet(set: FixSet, round: number | null, members: readonly Suggestion[]): string[] {
  const out = [FIX_SET_HEADING_PREFIX + inlineCode(set.id) + (round === null ? '' : FIX_SET_ROUND_SEPARATOR + round), FIX_SET_NOTE];
  if (set.description !== '') out.push(quote(set.description));
  members.forEach((member, i) => out.push(...renderAnnotation(member, numberedHeading(MEMBER_HEADING_PREFIX, i + 1, inlineCode(member.path), member))));
  return out;
}

/** `## `path`` plus what happened to the file, and a note when the path had to be escaped. */
function renderFileHeading(path: string, facts: FileEntry | undefined): string[] {
  let heading = '## ' + inlineCode(path);
  if (facts?.oldPath != null) {
    heading += ` (${RENAME_NOTES[facts.status]}${inlineCode(facts.oldPath)}${similarityNote(facts.similarity, facts.pairedByReviewer)})`;
  } else if (facts && STATUS_NOTES[facts.status] !== undefined) {
    heading += ` (${STATUS_NOTES[facts.status]})`;
  }
  const escaped = oneLine(path) !== path || (facts?.oldPath != null && oneLine(facts.oldPath) !== facts.oldPath);
  return escaped ? [heading, ESCAPED_PATH_NOTE] : [heading];
}

function renderAnnotation(a: Annotation, carriedHeading?: string): string[] {
  const heading =
    carriedHeading ??
    (a.scope === 'general' ? GENERAL_COMMENT_HEADING : a.scope === 'file' ? FILE_COMMENT_HEADING : lineHeading(a.side, a));
  const out = [heading];

  const notes: string[] = [];
  if (a.kind === 'suggestion') {
    const revision = a.revision === null ? REVISION_UNKNOWN : inlineCode(a.revision);
    notes.push(SUGGESTION_LINE_PREFIX + inlineCode(a.id) + REVISION_SEPARATOR + revision);
  }
  if (a.proposal !== undefined) notes.push(PROPOSED_NOTE_PREFIX + inlineCode(a.proposal) + PROPOSED_NOTE_SUFFIX);
  if (a.label !== undefined) notes.push(labelNote(a.label));
  if (a.approximate) notes.push(APPROXIMATE_NOTE);
  if (a.outdated) notes.push(OUTDATED_NOTE);
  if (notes.length > 0) out.push(notes.join('\n'));

  if (a.text !== '') out.push(quote(a.text));

  const language = languageForPath(a.path);
  if (a.kind === 'comment' && a.scope === 'line' && a.quoted) {
    const place = QUOTED_PLACE_SEPARATOR + quotedPlace(a.side, a.quoted);
    out.push(codeBlock(LABELS.quotedLines, a.quoted.code, language, place));
  }
  if (a.highlightedText !== undefined) out.push(codeBlock(LABELS.highlightedText, a.highlightedText, language));
  if (a.anchorSnippet !== undefined) out.push(codeBlock(LABELS.anchorSnippet, a.anchorSnippet, language));
  if (a.kind === 'suggestion') {
    const emptyFile = a.startLine === 1 && a.endLine === 0;
    out.push(
      emptyFile
        ? `${LABELS.originalCode} ${NOTHING_REPLACED}`
        : codeBlock(LABELS.originalCode, a.originalCode, language),
    );
    out.push(
      a.deletion
        ? `${LABELS.suggestedCode} ${NOTHING_SUGGESTED}`
        : codeBlock(LABELS.suggestedCode, a.suggestedCode, language),
    );
  }
  return out;
}
