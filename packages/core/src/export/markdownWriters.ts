/**
 * The markdown export's shared writers (docs/feedback-format.md): a labelled
 * fenced code block with its unsafe-characters warning, the reviewer's words
 * as a quote, and a one-line value in a code span. The export's sections
 * (renderFeedbackMarkdown, renderThreadsMarkdown, renderProposalsMarkdown) all
 * write with these, so none of them imports another's module for them.
 */
import { codeSpan, fencedBlock } from './fences.js';
import { WARNING_MAX_ITEMS, WARNING_PREFIX, WARNING_TEXT, lineCountNote } from './feedbackMarkdownSyntax.js';
import { escapeUnsafeChars, findUnsafeChars, formatCodePoint } from '../safety/textSafety.js';

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

/** A one-line value with unsafe characters escaped visibly (paths, ids, the target's words). */
export function oneLine(value: string): string {
  return escapeUnsafeChars(value, { context: 'line' });
}

/** A one-line value in a code span; '' (never valid where this is used) shows as `""`. */
export function inlineCode(value: string): string {
  return value === '' ? '""' : codeSpan(oneLine(value));
}
