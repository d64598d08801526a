/**
 * A file's added and removed line counts, in the one order the page uses
 * everywhere (`+2 −1`: the tree, the file headers, the server's first
 * screen). `drawn` draws them with CSS (data-text) for a row whose only text
 * must be its name (the tree, whose label already says them); `text` writes
 * them as text.
 */
import { signedCount } from '@redline/core';

export function ChangeCounts({ additions, deletions, drawn, className }: { additions: number; deletions: number; drawn: boolean; className: string }) {
  const parts = [
    { className: 'count-add', text: signedCount('+', additions), shown: additions > 0 },
    { className: 'count-del', text: signedCount('−', deletions), shown: deletions > 0 },
  ].filter((part) => part.shown);
  return (
    <span className={className} aria-hidden={drawn ? 'true' : undefined}>
      {parts.map((part) => (drawn ? <span key={part.className} className={part.className} data-text={part.text} /> : <span key={part.className} className={part.className}>{part.text}</span>))}
    </span>
  );
}
