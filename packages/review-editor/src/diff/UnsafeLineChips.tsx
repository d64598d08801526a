/** Under a code line: the hidden characters it holds, as chips with their columns. */
import type { UnsafeLine } from './unsafeLines.js';
import { UnsafeChip, unsafeKindLabel } from '../ui/TextWithChips.js';

export function UnsafeLineChips({ line }: { line: UnsafeLine }) {
  const kinds = [...new Set(line.chars.map((c) => unsafeKindLabel(c.kind)))];
  return (
    <div className="unsafe-line" role="note" aria-label={`Line ${line.lineNumber} (${line.side}) contains hidden characters`}>
      <span className="unsafe-line-label">Hidden characters on line {line.lineNumber}:</span>
      {line.chars.map((c, i) => (
        <span key={i} className="unsafe-line-item">
          <UnsafeChip codePoint={c.codePoint} kind={c.kind} />
          <span className="muted">col {c.column}</span>
        </span>
      ))}
      <span className="muted">({kinds.join(', ')})</span>
    </div>
  );
}
