/**
 * What the reviewer picked from several attempts, as one file's new text:
 * the whole file from one variant, or some of the variants' hunks (each
 * against the base) laid onto the base. A hunk is named by its header's
 * ranges, in git's lines (gitLines.ts), and only its changed lines count:
 * the context at its edges is trimmed, so hunks of two variants whose
 * contexts overlap combine, and two that change the same base lines are a
 * problem, named. The bytes outside the picked changes are the base's.
 */
import { splitGitLines } from '../diff/gitLines.js';

/** A hunk header's ranges: `@@ -oldStart,oldLines +newStart,newLines @@`. */
export interface HunkRange {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
}

export type VariantPick =
  | { kind: 'file'; path: string; variant: string }
  | { kind: 'hunk'; path: string; variant: string; hunk: HunkRange };

/** The texts one file's picks are made from: the base's, and each picked variant's (null: absent on that side). */
export interface PickTexts {
  base: string | null;
  variants: ReadonlyMap<string, string | null>;
}

export type PickedText = { ok: true; text: string | null } | { ok: false; problem: string };

/** The file's text after its picks (all for one file); null text: the file is deleted. */
export function pickedText(path: string, picks: readonly VariantPick[], texts: PickTexts): PickedText {
  const whole = picks.filter((pick) => pick.kind === 'file');
  if (whole.length > 0) {
    if (picks.length > 1) return { ok: false, problem: `${path}: picked whole from ${whole[0]!.variant}, so no other pick can be laid on it (${picks.length} picks)` };
    const text = texts.variants.get(whole[0]!.variant);
    return text === undefined ? { ok: false, problem: `${path}: no text of variant ${whole[0]!.variant}` } : { ok: true, text };
  }
  const base = splitGitLines(texts.base ?? '');
  const changes: Change[] = [];
  for (const pick of picks) {
    if (pick.kind !== 'hunk') continue;
    const text = texts.variants.get(pick.variant);
    if (text === undefined) return { ok: false, problem: `${path}: no text of variant ${pick.variant}` };
    const change = trimmedChange(base, splitGitLines(text ?? ''), pick);
    if (typeof change === 'string') return { ok: false, problem: `${path}: ${change}` };
    changes.push(change);
  }
  changes.sort((a, b) => a.start - b.start || a.end - b.end);
  for (let i = 1; i < changes.length; i++) {
    const [before, after] = [changes[i - 1]!, changes[i]!];
    if (after.start < before.end || (after.start === before.end && (after.start === after.end || before.start === before.end))) {
      return { ok: false, problem: `${path}: the hunk picked from ${after.variant} and the one from ${before.variant} change the same lines of the base` };
    }
  }
  const out: string[] = [];
  let at = 0;
  for (const change of changes) {
    out.push(...base.slice(at, change.start), ...change.lines);
    at = change.end;
  }
  out.push(...base.slice(at));
  return { ok: true, text: out.join('') };
}

/** The base's lines [start, end) (0-based) replaced by `lines`. */
interface Change {
  variant: string;
  start: number;
  end: number;
  lines: string[];
}

/** A hunk's change with its unchanged edges trimmed; a string says why it does not fit the texts. */
function trimmedChange(base: readonly string[], variant: readonly string[], pick: { variant: string; hunk: HunkRange }): Change | string {
  const { oldStart, oldLines, newStart, newLines } = pick.hunk;
  const header = `@@ -${oldStart},${oldLines} +${newStart},${newLines} @@ of ${pick.variant}`;
  if (![oldStart, oldLines, newStart, newLines].every((n) => Number.isSafeInteger(n) && n >= 0)) return `${header} is not a hunk`;
  // An empty side starts "at" the line before it (0 for the file's start).
  let start = oldLines === 0 ? oldStart : oldStart - 1;
  let end = start + oldLines;
  let newFrom = newLines === 0 ? newStart : newStart - 1;
  let newTo = newFrom + newLines;
  if (start < 0 || end > base.length || newFrom < 0 || newTo > variant.length) return `${header} is outside the texts`;
  while (start < end && newFrom < newTo && base[start] === variant[newFrom]) {
    start++;
    newFrom++;
  }
  while (end > start && newTo > newFrom && base[end - 1] === variant[newTo - 1]) {
    end--;
    newTo--;
  }
  return { variant: pick.variant, start, end, lines: variant.slice(newFrom, newTo) };
}
