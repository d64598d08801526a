/**
 * The feedback export of one variant of a comparison
 * (docs/cli.md#compare-several-attempts), so each attempt's agent gets its
 * own: the verdict as its heading ("B (for-of): keep", "C: discarded"), then
 * its comments by file and line, each with the line's text. Written with the
 * export's own writers (quote, inline code, fences), so the reviewer's words
 * and the code are escaped the same way.
 */
import { fencedBlock } from '../export/fences.js';
import { inlineCode, oneLine, quote } from '../export/markdownWriters.js';
import type { VariantNotes, VariantVerdict } from './compareApi.js';

const VERDICT_WORDS = {
  keep: 'keep',
  discard: 'discarded',
  undecided: 'no decision yet',
} as const satisfies Record<VariantVerdict, string>;

export function renderVariantFeedback(variant: { id: string; name: string }, notes: VariantNotes): string {
  const lines = [`# Variant ${oneLine(variant.id)} (${oneLine(variant.name)}): ${VERDICT_WORDS[notes.verdict]}`, ''];
  if (notes.comments.length === 0) lines.push(notes.verdict === 'discard' ? 'Not taken; no comments.' : 'No comments.', '');
  const byPath = new Map<string, VariantNotes['comments']>();
  for (const comment of [...notes.comments].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line))) {
    byPath.set(comment.path, [...(byPath.get(comment.path) ?? []), comment]);
  }
  for (const [path, comments] of byPath) {
    lines.push(`## ${inlineCode(path)}`, '');
    for (const comment of comments) {
      lines.push(`### ${comment.side === 'new' ? 'Line' : 'Old line'} ${comment.line}`, '', fencedBlock(comment.code), '', quote(comment.text), '');
    }
  }
  return lines.join('\n');
}
