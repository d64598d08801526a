/** Step 5 of planApply: the independent check of the spliced text. */
import { joinText, splitText, type TextLayout } from '../diff/lines.js';
import { diffLineRegions } from '../suggestions/diffLineRegions.js';
import { lastEol } from './linesAt.js';
import type { SpliceBlock } from './spliceBlocks.js';

/** Above this many removed plus added lines, the verification's line-diff cross-check is skipped. */
const MAX_CROSS_CHECK_EDITS = 4000;

/**
 * Checks the spliced text against the original without reusing the splice:
 * walking both texts, every line outside the blocks must be byte-identical
 * (a terminator may change only by the final-newline rule) and every block's
 * lines must be exactly its inserted lines. A line diff (jsdiff, through
 * diffLineRegions) must find no more change than the blocks explain. Returns
 * a problem or null.
 */
export function verifySplice(before: TextLayout, after: TextLayout, blocks: readonly SpliceBlock[]): string | null {
  if (after.bom !== before.bom) return 'the byte order mark changed';
  const expectedLength = blocks.reduce((n, b) => n + b.inserted.length - b.removed.length, before.lines.length);
  if (after.lines.length !== expectedLength || after.eols.length !== expectedLength) {
    return `expected ${expectedLength} lines, got ${after.lines.length}`;
  }
  const lastAfter = after.lines.length - 1;
  let i = 0;
  let j = 0;
  const untouched = (end: number): string | null => {
    for (; i < end; i++, j++) {
      if (before.lines[i] !== after.lines[j]) return `line ${i + 1} outside the suggestions changed`;
      const was = before.eols[i];
      const now = after.eols[j];
      const lostFinal = j === lastAfter && now === '' && lastEol(before) === '';
      const gainedOne = was === '' && j !== lastAfter && now === before.dominantEol;
      const crApart = was === '\r' && now === '\r\n' && after.lines[j + 1] === '' && after.eols[j + 1] === '\n';
      if (was !== now && !lostFinal && !gainedOne && !crApart) return `the line ending of line ${i + 1} changed`;
    }
    return null;
  };
  for (const block of blocks) {
    const problem = untouched(block.pos);
    if (problem) return problem;
    for (let k = 0; k < block.inserted.length; k++, j++) {
      if (after.lines[j] !== block.inserted[k]) return `line ${j + 1} is not the suggested code`;
    }
    i += block.removed.length;
  }
  const problem = untouched(before.lines.length);
  if (problem) return problem;
  for (let k = 0; k < lastAfter; k++) if (after.eols[k] === '') return `line ${k + 1} lost its line ending`;
  if (after.lines.length > 0) {
    const endsBare = after.eols[lastAfter] === '';
    if (before.lines.length > 0 && endsBare !== (lastEol(before) === '')) return 'the final newline changed';
    if (before.lines.length === 0 && endsBare) return 'lines inserted into an empty file lack a final newline';
  }

  // The text must read back as these very lines: no terminator may merge
  // two lines (an empty last line without one is the only line that can
  // vanish: it is the final newline of the line before).
  const reread = splitText(joinText(after));
  const expectedLines = after.lines.length > 0 && after.lines[lastAfter] === '' && after.eols[lastAfter] === '' ? lastAfter : after.lines.length;
  if (reread.lines.length !== expectedLines) return `the new text reads back as ${reread.lines.length} lines, not ${expectedLines}`;

  // Cross-check with a line diff: the minimal edit between the texts can be
  // no larger than the suggestions' own. Skipped for huge suggestions, where
  // a capped Myers would give up anyway (the walk above stands alone there).
  const claimed = blocks.reduce((n, b) => n + b.removed.length + b.inserted.length, 0);
  if (claimed <= MAX_CROSS_CHECK_EDITS) {
    const diff = diffLineRegions(before.lines, after.lines, { maxEditLength: claimed, timeoutMs: Infinity });
    if (diff.fallback) return `the line diff finds more change than the suggestions' ${claimed} removed and added lines`;
  }
  return null;
}
