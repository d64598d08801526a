/**
 * A block of an annotation in the markdown export, read back: its
 * `**Label:** (N lines)` line (with the side and paths of **Quoted lines:**)
 * and the fenced code after it, whose line count must be the label's; or the
 * words that say there is none (`nothing: …`).
 */
import { LABELS, LINE_COUNT_NOTE_RE, NOTHING_REPLACED, NOTHING_SUGGESTED, type BlockName } from './feedbackMarkdownSyntax.js';
import { preview, type MarkdownCursor } from './markdownCursor.js';
import { QUOTED_PLACE_SEPARATOR, readQuotedPlace } from './quotedLines.js';
import type { Draft } from './reviewInProgress.js';

/** A `**Label:**` line and the fenced block after it (or the words that say there is none). */
export function readBlock(cursor: MarkdownCursor, draft: Draft | null, line: string, index: number): void {
  const entry = (Object.entries(LABELS) as [BlockName, string][]).find(
    ([, label]) => line === label || line.startsWith(label + ' '),
  );
  if (!entry || !draft) {
    cursor.fail(index, entry ? `${entry[1]} must belong to an annotation` : `unexpected line: ${preview(line)}`);
    return;
  }
  const [name, label] = entry;
  if (name in draft.blocks) {
    cursor.fail(index, `a second ${label} in the annotation at line ${draft.lines.heading! + 1}`);
    return;
  }
  draft.lines[name] = index;
  const note = line.slice(label.length + 1); // '' when the label stands alone
  if ((name === 'originalCode' && note === NOTHING_REPLACED) || (name === 'suggestedCode' && note === NOTHING_SUGGESTED)) {
    draft.blocks[name] = null;
    return;
  }
  const [countNote, place] = name === 'quotedLines' ? splitOnce(note, QUOTED_PLACE_SEPARATOR) : [note, null];
  const quotedPlace = place === null ? null : readQuotedPlace(place);
  if (name === 'quotedLines' && quotedPlace === null) {
    cursor.fail(index, `expected ${label} (N lines)${QUOTED_PLACE_SEPARATOR}old side of \`<path>\`, got ${preview(line)}`);
    return;
  }
  if (quotedPlace) draft.quotedPlace = quotedPlace;
  const count = LINE_COUNT_NOTE_RE.exec(countNote);
  if (!count) {
    cursor.fail(index, `expected ${label} followed by "(N lines)", got ${preview(line)}`);
    return;
  }
  const code = cursor.readFencedCode(index, label);
  if (code === null) return;
  checkLineCount(cursor, index, label, count, code);
  draft.blocks[name] = code;
}

/** The label's `(N lines)` or `(1 empty line)` must be what its block holds. */
function checkLineCount(cursor: MarkdownCursor, index: number, label: string, count: RegExpExecArray, code: string): void {
  const expected = Number(count[1] ?? count[2]);
  const actual = code.split('\n').length;
  if (count[1] !== undefined && code !== '') {
    cursor.fail(index, `${label} says one empty line but its block holds ${preview(code)}`);
  } else if (actual !== expected) {
    cursor.fail(index, `${label} says ${expected} line${expected === 1 ? '' : 's'} but its block holds ${actual}`);
  }
}

/** `a · b` split at the first separator; [text, null] without one. */
function splitOnce(text: string, separator: string): [string, string | null] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, null] : [text.slice(0, at), text.slice(at + separator.length)];
}
