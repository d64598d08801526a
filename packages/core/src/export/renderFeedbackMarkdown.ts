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
  GENERAL_COMMENT_HEADING,
  GENERAL_HEADING,
  ITEM,
  LABELS,
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
  lineHeading,
  similarityNote,
} from './feedbackMarkdownSyntax.js';
import { carriedHeading } from './lineHeadings.js';
import { QUOTED_PLACE_SEPARATOR, quotedPlace } from './quotedLines.js';
import { languageForPath } from '../diff/languageForPath.js';
import { renderProposalsMarkdown } from './renderProposalsMarkdown.js';
import { renderQuestionsMarkdown } from './renderQuestions.js';
import { renderCheckedMarkdown } from './renderChecked.js';
import { renderThreadsMarkdown } from './renderThreadsMarkdown.js';
import { normalizeFeedbackReview } from './normalizeFeedbackReview.js';
import { codeBlock, inlineCode, oneLine, quote } from './markdownWriters.js';
import type { Annotation, FeedbackReview, FeedbackFile } from '../model/types.js';

type FileEntry = FeedbackFile;

export function renderFeedbackMarkdown(review: FeedbackReview): string {
  const { target, verdict, summary, annotations, files, carried } = normalizeFeedbackReview(review);
  // Paragraphs, joined by one blank line.
  const out: string[] = [TITLE];

  const header = [ITEM.verdict + (VERDICT_WORDS[verdict] ?? verdict)];
  const description = target.description === '' ? '' : TARGET_SEPARATOR + oneLine(target.description);
  header.push(ITEM.target + inlineCode(target.kind) + description);
  if (target.baseCommit !== null) header.push(ITEM.baseCommit + inlineCode(target.baseCommit));
  if (target.headCommit !== null) header.push(ITEM.headCommit + inlineCode(target.headCommit));
  out.push(header.join('\n'));
  if (annotations.some((a) => a.kind === 'suggestion') || carried) out.push(APPLY_GUIDANCE);

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

/** `## `path`` plus what happened to the file, and a note when the path had to be escaped. */
function renderFileHeading(path: string, facts: FileEntry | undefined): string[] {
  let heading = '## ' + inlineCode(path);
  if (facts?.oldPath != null) {
    heading += ` (${RENAME_NOTES[facts.status]}${inlineCode(facts.oldPath)}${similarityNote(facts.similarity)})`;
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
