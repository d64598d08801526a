/**
 * One file's section of a unified diff drawn as its hunks (read by the
 * core's `parseHunks`, the first screen's reader), each with "Take this hunk
 * from B" when it is a variant's diff against the base.
 */
import { parseHunks, type Hunk } from '@redline/core';
import { useCompare, useCompareService } from './compareContext.js';
import { samePick } from './compareSlice.js';

/** Rows drawn per section and characters per line: the comparison is for reading attempts, not megabyte files. */
const MAX_ROWS = 4000;
const MAX_LINE_CHARS = 2000;

export function SectionHunks({ section, pickFor }: { section: string; pickFor: { path: string; variant: string } | null }) {
  const hunks = parseHunks(section, MAX_ROWS, MAX_LINE_CHARS);
  if (hunks.length === 0) return <p className="compare-note">No lines to show (a binary file, or only its mode or name changed).</p>;
  return (
    <div className="compare-hunks">
      {hunks.map((hunk, i) => (
        <HunkView key={i} hunk={hunk} pickFor={pickFor} />
      ))}
    </div>
  );
}

function HunkView({ hunk, pickFor }: { hunk: Hunk; pickFor: { path: string; variant: string } | null }) {
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
