/**
 * Step 5 of planApply: the splice, settling every line terminator by the
 * rules in planApply.ts's header comment.
 */
import type { Eol, TextLayout } from '../diff/lines.js';
import { diffLineRegions } from '../suggestions/diffLineRegions.js';
import { lastEol } from './linesAt.js';

/** Replace `removed` lines at 0-based `pos` with `inserted` (exported for verifySplice's tests). */
export interface SpliceBlock {
  pos: number;
  removed: readonly string[];
  inserted: readonly string[];
  /** The terminator of inserted lines that are new; default: the file's dominant one. */
  newEol?: Eol;
}

/**
 * Replaces each block's lines (blocks ascending and disjoint, verified by the
 * caller) and settles every terminator by the rules in the header comment.
 */
export function spliceBlocks(layout: TextLayout, blocks: readonly SpliceBlock[], endWithoutNewline?: boolean): TextLayout {
  const dominant = layout.dominantEol;
  const lines: string[] = [];
  const eols: (Eol | '')[] = [];
  // The terminator the previous output line will end with ('' only ever
  // stands for the old last line, which gets the dominant one when followed).
  const previousEol = (): Eol => {
    const last = eols[eols.length - 1];
    return last === undefined || last === '' ? dominant : last;
  };
  let next = 0;
  for (const block of blocks) {
    for (; next < block.pos; next++) {
      lines.push(layout.lines[next]!);
      eols.push(layout.eols[next]!);
    }
    const oldEols = layout.eols.slice(block.pos, block.pos + block.removed.length);
    let i = 0;
    let j = 0;
    for (const run of alignRuns(block.removed, block.inserted)) {
      if (run.kind === 'equal') {
        // Kept lines keep their own terminators.
        for (let k = 0; k < run.count; k++) {
          lines.push(block.inserted[j++]!);
          eols.push(oldEols[i++]!);
        }
        continue;
      }
      for (let k = 0; k < run.added; k++) {
        let eol: Eol | '';
        if (run.removed === 0) eol = block.newEol ?? previousEol(); // pure insertion
        else if (k < run.removed) eol = oldEols[i + k]!; // replaces the k-th removed line
        else eol = block.newEol ?? oldEols[i + run.removed - 1]!; // extra lines: as the run's last removed line
        lines.push(block.inserted[j++]!);
        eols.push(eol);
      }
      i += run.removed;
    }
    next = block.pos + block.removed.length;
  }
  for (; next < layout.lines.length; next++) {
    lines.push(layout.lines[next]!);
    eols.push(layout.eols[next]!);
  }
  settleFinalTerminators(eols, layout, endWithoutNewline ?? lastEol(layout) === '');
  keepLoneCrApart(lines, eols);
  return { bom: layout.bom, lines, eols, dominantEol: dominant };
}

export type AlignedRun = { kind: 'equal'; count: number } | { kind: 'change'; removed: number; added: number };

/**
 * A line diff of `removed` against `inserted`, as alternating runs of equal
 * lines and changes (each change: how many lines went, how many came). It is
 * the same diff suggestion derivation uses (trimmed common prefix and suffix,
 * then Myers), so a kept line here is the line the reviewer left alone;
 * timeout-free, so the plan is deterministic.
 */
export function alignRuns(removed: readonly string[], inserted: readonly string[]): AlignedRun[] {
  const runs: AlignedRun[] = [];
  let a = 0;
  for (const region of diffLineRegions(removed, inserted, { timeoutMs: Infinity }).regions) {
    if (region.aStart > a) runs.push({ kind: 'equal', count: region.aStart - a });
    runs.push({ kind: 'change', removed: region.aEnd - region.aStart, added: region.bEnd - region.bStart });
    a = region.aEnd;
  }
  if (removed.length > a) runs.push({ kind: 'equal', count: removed.length - a });
  return runs;
}

/**
 * A line ending in a lone CR followed by an empty line ending in LF would
 * read back as ONE line ending in CRLF, losing a line. The original file
 * cannot hold that pair (it would have been read as CRLF), but a splice can
 * create it; the lone CR then becomes CRLF.
 */
function keepLoneCrApart(lines: readonly string[], eols: (Eol | '')[]): void {
  for (let k = 0; k + 1 < lines.length; k++) {
    if (eols[k] === '\r' && lines[k + 1] === '' && eols[k + 1] === '\n') eols[k] = '\r\n';
  }
}

/** Only the last line may lack a terminator, and it does exactly when `endWithoutNewline` (the original's last line did). */
function settleFinalTerminators(eols: (Eol | '')[], original: TextLayout, endWithoutNewline: boolean): void {
  const last = eols.length - 1;
  for (let i = 0; i < last; i++) if (eols[i] === '') eols[i] = original.dominantEol;
  if (last < 0) return;
  if (endWithoutNewline) eols[last] = '';
  else if (eols[last] === '') eols[last] = original.dominantEol;
}
