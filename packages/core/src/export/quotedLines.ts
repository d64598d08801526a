/**
 * The one owner of quoting a line comment's lines in the export:
 * "Line 9 (new)" alone sent the agent to look the code up, and a comment on a
 * deleted file needed `git show`. The lines come from the review's own patch
 * (both the page's preview and the server's export build the review with
 * `buildFeedbackReview`, so they say the same); a comment on lines outside
 * the diff's hunks (context the reviewer expanded) has no quote, as the patch
 * does not hold them. The markdown writes a quote as a fenced block whose
 * label names the side and the file's path on each side:
 *
 *   **Quoted lines:** (2 lines) · old side of `src/a.js` → `src/a.ts`
 */
import { codeSpan, readCodeSpan } from './fences.js';
import { parseHunks } from '../firstScreen/parseHunks.js';
import { splitPatchSections } from '../diff/splitPatchSections.js';
import { escapeUnsafeChars, unescapeUnsafeChars } from '../safety/textSafety.js';
import type { Annotation, FileFacts, LineComment, QuotedLines, Side } from '../model/types.js';

export const QUOTED_PLACE_SEPARATOR = ' · ';
const RENAME_ARROW = ' → ';
const DELETED = ' (deleted)';
const ADDED = ' (added)';

/** The annotations with each line comment's lines quoted, where the patch holds all of them. */
export function quoteLineComments(patch: string, files: readonly FileFacts[], annotations: readonly Annotation[]): Annotation[] {
  const sections = splitPatchSections(patch);
  const linesByFile = new Map<string, Record<Side, Map<number, string>>>();
  const sideLines = (index: number): Record<Side, Map<number, string>> => {
    const key = files[index]!.path;
    let found = linesByFile.get(key);
    if (!found) linesByFile.set(key, (found = linesOfSection(sections[index] ?? '')));
    return found;
  };
  return annotations.map((annotation) => {
    if (annotation.scope !== 'line' || annotation.kind !== 'comment' || annotation.outdated) return annotation;
    const index = files.findIndex((f) => f.path === annotation.path);
    if (index < 0) return annotation;
    const code = codeOfRange(sideLines(index)[annotation.side], annotation);
    return code === null ? annotation : { ...annotation, quoted: { code, ...pathsOf(files[index]!) } };
  });
}

function linesOfSection(section: string): Record<Side, Map<number, string>> {
  const lines: Record<Side, Map<number, string>> = { old: new Map(), new: new Map() };
  for (const hunk of parseHunks(section, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY)) {
    for (const row of hunk.rows) {
      if (row.oldLine !== null) lines.old.set(row.oldLine, row.text);
      if (row.newLine !== null) lines.new.set(row.newLine, row.text);
    }
  }
  return lines;
}

function codeOfRange(lines: Map<number, string>, { startLine, endLine }: LineComment): string | null {
  const out: string[] = [];
  for (let line = startLine; line <= endLine; line++) {
    const text = lines.get(line);
    if (text === undefined) return null;
    out.push(text);
  }
  return out.length === 0 ? null : out.join('\n');
}

/** The file's path on each side: null on the side where it does not exist. */
function pathsOf(facts: FileFacts): Pick<QuotedLines, 'oldPath' | 'newPath'> {
  if (facts.status === 'added') return { oldPath: null, newPath: facts.path };
  if (facts.status === 'deleted') return { oldPath: facts.path, newPath: null };
  return { oldPath: facts.oldPath ?? facts.path, newPath: facts.path };
}

/** `old side of `a.js` → `a.ts``, `new side of `x.ts``, `old side of `gone.ts` (deleted)`. */
export function quotedPlace(side: Side, { oldPath, newPath }: Pick<QuotedLines, 'oldPath' | 'newPath'>): string {
  const span = (path: string): string => codeSpan(escapeUnsafeChars(path, { context: 'line' }));
  const where =
    oldPath !== null && newPath !== null
      ? oldPath === newPath
        ? span(newPath)
        : span(oldPath) + RENAME_ARROW + span(newPath)
      : oldPath !== null
        ? span(oldPath) + DELETED
        : span(newPath ?? '?') + ADDED;
  return `${side} side of ${where}`;
}

/** A side and the file's paths, as a **Quoted lines:** label names them. */
export type QuotedPlace = { side: Side } & Pick<QuotedLines, 'oldPath' | 'newPath'>;

/** Reads `quotedPlace`'s words back; null when they are not exactly what it writes. */
export function readQuotedPlace(text: string): QuotedPlace | null {
  const m = /^(old|new) side of /.exec(text);
  if (!m) return null;
  const side = m[1] as Side;
  const first = readSpanAt(text, m[0].length);
  if (!first) return null;
  const rest = text.slice(first.end);
  if (rest === '') return { side, oldPath: first.path, newPath: first.path };
  if (rest === DELETED) return { side, oldPath: first.path, newPath: null };
  if (rest === ADDED) return { side, oldPath: null, newPath: first.path };
  if (!rest.startsWith(RENAME_ARROW)) return null;
  const second = readSpanAt(rest, RENAME_ARROW.length);
  return second && second.end === rest.length ? { side, oldPath: first.path, newPath: second.path } : null;
}

function readSpanAt(text: string, offset: number): { path: string; end: number } | null {
  if (text.charAt(offset) !== '`') return null;
  const span = readCodeSpan(text, offset);
  return span ? { path: unescapeUnsafeChars(span.content), end: span.end } : null;
}
