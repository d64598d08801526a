/**
 * Under a long line, cut in the view (longLines.ts): what was cut, and
 * "Show the whole line", which opens the whole text under it, wrapped, in
 * a box of its own that scrolls. Per line, not per file: the line's own
 * element would still be one 33,554,402 px row, and wrapping the 5 MB line
 * inside the diff took 2.3 s; a plain wrapped box beside it
 * leaves the rest of the file as it was.
 */
import { useMemo, useState } from 'react';
import { groupDigits, LONG_LINE_LIMIT } from '@redline/core';
import { useReview } from '../app/reviewContext.js';
import { diffLineText } from '../reviewLoading/diffLines.js';
import type { LongLine } from './longLines.js';

export function LongLineSlot({ fileId, line }: { fileId: string; line: LongLine }) {
  const [open, setOpen] = useState(false);
  const file = useReview((s) => s.fileById.get(fileId));
  // Sliced once on opening: the store's diff holds the whole line (a 5 MB string is not compared on every store change).
  const whole = useMemo(() => (open && file ? diffLineText(file.fileDiff, line.side, line.lineNumber) : undefined), [open, file, line]);
  const count = groupDigits(line.length);
  return (
    <div className="long-line" role="note">
      <span className="long-line-what">
        Line {line.lineNumber} ({line.side}) is {count} characters long; the first {groupDigits(LONG_LINE_LIMIT)} are shown.
      </span>{' '}
      <button type="button" className="btn btn-small" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Hide the whole line' : 'Show the whole line'}
      </button>
      {open ? (
        <pre className="long-line-whole" tabIndex={0} aria-label={`The whole of line ${line.lineNumber}`}>
          {whole ?? ''}
        </pre>
      ) : null}
    </div>
  );
}
