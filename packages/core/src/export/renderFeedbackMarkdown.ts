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
import { codeSpan, fencedBlock } from './fences.js';
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
  WARNING_MAX_ITEMS,
  WARNING_PREFIX,
  WARNING_TEXT,
  lineCountNote,
  lineHeading,
  similarityNote,
} from './feedbackMarkdownSyntax.js';
import { carriedHeading } from './lineHeadings.js';
import { QUOTED_PLACE_SEPARATOR, quotedPlace } from './quotedLines.js';
import { languageForPath } from '../diff/languageForPath.js';
import { renderProposalsMarkdown } from './renderProposalOutcomes.js';
import { renderThreadsMarkdown } from './renderThreadsSection.js';
import { normalizeFeedbackReview } from './normalizeFeedbackReview.js';
import { escapeUnsafeChars, findUnsafeChars, formatCodePoint } from '../safety/textSafety.js';
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
    (a.scope === 'general' ? GENERAL_COMMENT_HEADING : a.scope === 'file' ? FILE_COMMENT_HEADING : lineHeading(a.side, a.startLine, a.endLine));
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

/** A label with the block's line count, a warning when needed, and the byte-exact fenced code. */
export function codeBlock(label: string, code: string, language: string, after = ''): string {
  const warning = unsafeCharsWarning(code);
  const lines = [`${label} ${lineCountNote(code)}${after}`];
  if (warning !== null) lines.push(warning);
  lines.push(fencedBlock(code, language));
  return lines.join('\n');
}

/** `⚠ Contains …: U+202E (line 2), U+200B (line 5)`, or null when the code is clean. */
export function unsafeCharsWarning(code: string): string | null {
  const found = findUnsafeChars(code, { atFileStart: false, carriageReturns: true });
  if (found.length === 0) return null;
  const items: string[] = [];
  const seen = new Set<string>();
  for (const { codePoint, line } of found) {
    const item = `${formatCodePoint(codePoint)} (line ${line})`;
    if (seen.has(item)) continue;
    seen.add(item);
    items.push(item);
  }
  const shown = items.slice(0, WARNING_MAX_ITEMS).join(', ');
  const more = items.length > WARNING_MAX_ITEMS ? `, and ${items.length - WARNING_MAX_ITEMS} more` : '';
  return WARNING_PREFIX + WARNING_TEXT + shown + more;
}

/** The reviewer's words as a quote, escaped visibly; `> ` on every line, `>` alone on an empty one. */
export function quote(text: string): string {
  return escapeUnsafeChars(text, { context: 'prose' })
    .split('\n')
    .map((line) => (line === '' ? '>' : '> ' + line))
    .join('\n');
}

function oneLine(value: string): string {
  return escapeUnsafeChars(value, { context: 'line' });
}

/** A one-line value in a code span; '' (never valid where this is used) shows as `""`. */
export function inlineCode(value: string): string {
  return value === '' ? '""' : codeSpan(oneLine(value));
}
