/**
 * Search across the whole diff: file names and the code lines of both sides,
 * read from the parsed data (not the DOM), so files that the virtualized view
 * has not rendered yet are found too.
 *
 * Smart case: a query with no uppercase letter matches case-insensitively.
 * A context line is one hit (on the new side), not two.
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
      if (!has(line.text)) return true;
      if (hits.length >= limit) {
        truncated = true;
        return false;
      }
      if (line.kind === 'deletion') hits.push({ fileId: file.id, kind: 'line', side: 'old', lineNumber: line.oldLine });
      else hits.push({ fileId: file.id, kind: 'line', side: 'new', lineNumber: line.newLine });
      return true;
    });
    if (truncated) break;
  }
  return { hits, truncated };
}
