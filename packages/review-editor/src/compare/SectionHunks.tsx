/**
 * One file's section of a unified diff drawn as its hunks (read by the
 * core's `parseHunks`, the first screen's reader), each with "Take this hunk
 * from B" when it is a variant's diff against the base.
 */
import { parseHunks, type DiffRow, type Hunk } from '@redline/core';
import { useCompare, useCompareService } from './compareContext.js';
import { samePick } from './compareSlice.js';

/** Rows drawn per section and characters per line: the comparison is for reading attempts, not megabyte files. */
const MAX_ROWS = 4000;
const MAX_LINE_CHARS = 2000;

/** A variant's diff takes picks (`pickFor`) and comments on its lines (`onLine`: a line number clicked); another view takes neither. */
interface HunksProps {
  section: string;
  pickFor: { path: string; variant: string } | null;
  onLine?: (row: DiffRow) => void;
}

export function SectionHunks({ section, pickFor, onLine }: HunksProps) {
  const hunks = parseHunks(section, MAX_ROWS, MAX_LINE_CHARS);
  if (hunks.length === 0) return <p className="compare-note">No lines to show (a binary file, or only its mode or name changed).</p>;
  return (
    <div className="compare-hunks">
      {hunks.map((hunk, i) => (
        <HunkView key={i} hunk={hunk} pickFor={pickFor} onLine={onLine} />
      ))}
    </div>
  );
}

function HunkView({ hunk, pickFor, onLine }: Omit<HunksProps, 'section'> & { hunk: Hunk }) {
  const service = useCompareService();
  const picks = useCompare((s) => s.picks);
  const { oldStart, oldLines, newStart, newLines } = hunk.range;
  const header = `@@ -${oldStart},${oldLines} +${newStart},${newLines} @@`;
  const pick = pickFor && { kind: 'hunk' as const, ...pickFor, hunk: hunk.range };
  const taken = pick !== null && picks.some((p) => samePick(p, pick));
  return (
    <div className="compare-hunk">
      <div className="compare-hunk-header">
        <code>{header}</code>
        {pick ? (
          <button type="button" className={`btn btn-small${taken ? ' btn-taken' : ''}`} aria-pressed={taken} onClick={() => void service.take(pick)}>
            {taken ? `Taken from ${pick.variant}` : `Take this hunk from ${pick.variant}`}
          </button>
        ) : null}
      </div>
      <pre className="compare-rows">
        {hunk.rows.map((row, i) => (
          <span key={i} className={`compare-row ${row.kind}`}>
            {onLine ? <LineButton row={row} variant={pickFor?.variant ?? ''} onLine={onLine} /> : null}
            <span className="compare-marker" aria-hidden="true">
              {row.kind === 'addition' ? '+' : row.kind === 'deletion' ? '-' : ' '}
            </span>
            {row.text}
            {'\n'}
          </span>
        ))}
      </pre>
    </div>
  );
}

/** The row's line number, a button that comments on it (the new side's line; a deletion's old one). */
function LineButton({ row, variant, onLine }: { row: DiffRow; variant: string; onLine: (row: DiffRow) => void }) {
  const line = row.newLine ?? row.oldLine;
  const side = row.newLine === null ? 'old line' : 'line';
  return (
    <button type="button" className="compare-line" aria-label={`Comment on ${variant}'s ${side} ${line}`} onClick={() => onLine(row)}>
      {line}
    </button>
  );
}
