/**
 * Search across the whole diff: file names and the code lines of both sides,
 * read from the parsed data (not the DOM), so files that the virtualized view
 * has not rendered yet are found too.
 *
 * Smart case: a query with no uppercase letter matches case-insensitively.
 * A hit is one match: a line holding the query twice is two hits, each with
 * its column. A context line's matches count once (on the new side), not twice.
 */
import type { Side } from '@redline/core';
import { forEachDiffLine } from '../reviewLoading/diffLines.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';

export interface SearchHit {
  fileId: string;
  kind: 'name' | 'line';
  /** Line hits only. */
  side?: Side;
  lineNumber?: number;
  /** Line hits only: where the match starts in the line's text (0-based, UTF-16 units). */
  column?: number;
}

export interface SearchResult {
  hits: SearchHit[];
  /** More hits exist than `limit`. */
  truncated: boolean;
}

export const SEARCH_HIT_LIMIT = 10_000;

/** Where `query` first occurs in `text` by the smart-case rule, or -1 (the one rule: hits and their highlight). */
export function matchIn(text: string, query: string, from = 0): number {
  if (query === '') return -1;
  const ignoreCase = query === query.toLowerCase();
  return (ignoreCase ? text.toLowerCase() : text).indexOf(ignoreCase ? query.toLowerCase() : query, from);
}

export function searchDiff(files: readonly ReviewFile[], query: string, limit = SEARCH_HIT_LIMIT): SearchResult {
  const hits: SearchHit[] = [];
  if (query === '') return { hits, truncated: false };
  const has = (text: string) => matchIn(text, query) >= 0;
  let truncated = false;

  for (const file of files) {
    if (has(file.path) || (file.oldPath !== null && has(file.oldPath))) hits.push({ fileId: file.id, kind: 'name' });
    forEachDiffLine(file.fileDiff, (line) => {
      const side: Side = line.kind === 'deletion' ? 'old' : 'new';
      const lineNumber = side === 'old' ? line.oldLine : line.newLine;
      // Matches do not overlap: the next is looked for after the end of the last.
      for (let column = matchIn(line.text, query); column >= 0; column = matchIn(line.text, query, column + query.length)) {
        if (hits.length >= limit) {
          truncated = true;
          return false;
        }
        hits.push({ fileId: file.id, kind: 'line', side, lineNumber, column });
      }
      return true;
    });
    if (truncated) break;
  }
  return { hits, truncated };
}
