/**
 * A suggestion's lines as a small diff, the way the main diff shows one:
 * unchanged lines as context, removed and added lines in the runs the core's
 * line diff finds (`diffLineRegions`, the one the suggestions are derived
 * with), and inside a removed line paired with an added one, the changed
 * words marked, by jsdiff's `diffWordsWithSpace` (what Pierre's own
 * `lineDiffType: 'word-alt'` runs in the main diff, same jsdiff 9.0.0, so the
 * page bundles it once). Pierre's renderer itself needs a highlighter and a
 * CodeView item per card; a card is a few lines of plain text.
 */
import { codeToLines, diffLineRegions } from '@redline/core';
import { diffWordsWithSpace } from 'diff';

export interface LinePart {
  text: string;
  changed: boolean;
}

export type SuggestionRow = { kind: 'context'; text: string } | { kind: 'old' | 'new'; parts: LinePart[] };

/** Lines longer than this are marked whole, as the main diff's `maxLineDiffLength`. */
export const MAX_WORD_DIFF_LENGTH = 1000;

export function suggestionRows(originalCode: string, suggestedCode: string, deletion: boolean): SuggestionRow[] {
  const before = codeToLines(originalCode, true);
  if (deletion) return before.map((text) => ({ kind: 'old', parts: [{ text, changed: false }] }));
  const after = codeToLines(suggestedCode, true);
  const rows: SuggestionRow[] = [];
  let a = 0;
  for (const region of diffLineRegions(before, after).regions) {
    while (a < region.aStart) rows.push({ kind: 'context', text: before[a++]! });
    rows.push(...changedRows(before.slice(region.aStart, region.aEnd), after.slice(region.bStart, region.bEnd)));
    a = region.aEnd;
  }
  while (a < before.length) rows.push({ kind: 'context', text: before[a++]! });
  return rows;
}

/** One run of removed and added lines: the i-th removed line is compared word by word with the i-th added one. */
function changedRows(removed: readonly string[], added: readonly string[]): SuggestionRow[] {
  const pairs = removed.map((line, i) => wordParts(line, added[i]));
  const old: SuggestionRow[] = pairs.map(([parts]) => ({ kind: 'old', parts }));
  const next: SuggestionRow[] = added.map((line, i) => ({ kind: 'new', parts: pairs[i]?.[1] ?? [{ text: line, changed: false }] }));
  return [...old, ...next];
}

function wordParts(oldLine: string, newLine: string | undefined): [LinePart[], LinePart[] | undefined] {
  if (newLine === undefined) return [[{ text: oldLine, changed: false }], undefined];
  if (oldLine.length > MAX_WORD_DIFF_LENGTH || newLine.length > MAX_WORD_DIFF_LENGTH) return [[{ text: oldLine, changed: false }], [{ text: newLine, changed: false }]];
  const oldParts: LinePart[] = [];
  const newParts: LinePart[] = [];
  for (const change of diffWordsWithSpace(oldLine, newLine)) {
    if (!change.added) oldParts.push({ text: change.value, changed: change.removed });
    if (!change.removed) newParts.push({ text: change.value, changed: change.added });
  }
  return [oldParts, newParts];
}
