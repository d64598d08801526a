/**
 * Search matches highlighted themselves (not their whole lines) in Pierre's
 * shadow DOM by the CSS Custom Highlight API: every match in the rows drawn
 * (`redline-search-matches`), and the current one apart, in a stronger colour
 * (`redline-search-match`, the higher priority). Ranges over the matched
 * characters, so Pierre's own markup is never touched; the current match is
 * scrolled into view sideways when the line is wider than its column.
 *
 * CodeView redraws and recycles rows as it scrolls, which leaves a Range on
 * detached text: the diff view calls `searchMatchRendered` after every render
 * and the matches are found again in the new rows. Sideways scrolling happens
 * once per new match, so the reviewer can scroll away from it.
 */
import type { Side } from '@redline/core';
import { matchIn } from './searchDiff.js';

export interface SearchMatchTarget {
  /** The file's path (Pierre's `fileDiff.name`). */
  fileName: string;
  side: Side;
  line: number;
  /** Where the match starts in the line's text (searchDiff's column). */
  column: number;
  query: string;
}

export const SEARCH_MATCH_HIGHLIGHT = 'redline-search-match';
export const SEARCH_MATCHES_HIGHLIGHT = 'redline-search-matches';

/** For the diff's shadow CSS (a `::highlight` rule applies only in the tree that holds its text). */
export const SEARCH_MATCH_CSS = [
  `::highlight(${SEARCH_MATCHES_HIGHLIGHT}) { background-color: light-dark(#fff0a8, #5c4d12); }`,
  `::highlight(${SEARCH_MATCH_HIGHLIGHT}) { background-color: light-dark(#ff9632, #d9730d); color: light-dark(#1f2328, #ffffff); }`,
].join('\n');

/** Room kept on each side of a match scrolled into view. */
const SIDE_MARGIN_PX = 48;

const hosts = new Map<string, HTMLElement>();
/** Every match drawn, per file host. */
const drawnMatches = new Map<HTMLElement, Range[]>();
let current: SearchMatchTarget | null = null;
/** The query whose every match is highlighted ('' for none: the search closed). */
let everyMatchOf = '';
let revealPending = false;

const highlightsSupported = () => typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight !== 'undefined';

/** Shows `target` as the current match (null: none), scrolling to it once it is drawn. */
export function setSearchMatch(target: SearchMatchTarget | null): void {
  current = target;
  revealPending = target !== null;
  if (!target) return clearCurrent();
  const host = hosts.get(target.fileName);
  if (host) drawCurrent(host, target);
}

/** Highlights every match of `query` in the rows drawn ('' clears them). */
export function setSearchMatches(query: string): void {
  if (query === everyMatchOf) return;
  everyMatchOf = query;
  drawnMatches.clear();
  for (const host of new Set(hosts.values())) drawnMatches.set(host, everyMatch(host, query));
  showEveryMatch();
}

/** After CodeView drew (or dropped) a file: the matches are found again in its new rows. */
export function searchMatchRendered(host: HTMLElement, fileName: string | undefined, phase: string): void {
  for (const [name, known] of hosts) if (known === host && name !== fileName) hosts.delete(name);
  if (phase === 'unmount' || fileName === undefined) {
    if (drawnMatches.delete(host)) showEveryMatch();
    return;
  }
  hosts.set(fileName, host);
  if (everyMatchOf !== '') {
    drawnMatches.set(host, everyMatch(host, everyMatchOf));
    showEveryMatch();
  }
  if (current && current.fileName === fileName) drawCurrent(host, current);
}

function clearCurrent(): void {
  if (highlightsSupported()) CSS.highlights.delete(SEARCH_MATCH_HIGHLIGHT);
}

function showEveryMatch(): void {
  if (!highlightsSupported()) return;
  const ranges = [...drawnMatches.values()].flat();
  if (ranges.length === 0) return void CSS.highlights.delete(SEARCH_MATCHES_HIGHLIGHT);
  CSS.highlights.set(SEARCH_MATCHES_HIGHLIGHT, new Highlight(...ranges));
}

function drawCurrent(host: HTMLElement, target: SearchMatchTarget): void {
  const row = lineRow(host, target);
  const range = row ? matchRange(row, target.query, target.column) : null;
  if (!range || !highlightsSupported()) return;
  const highlight = new Highlight(range);
  highlight.priority = 1;
  CSS.highlights.set(SEARCH_MATCH_HIGHLIGHT, highlight);
  if (revealPending) {
    revealPending = false;
    revealSideways(row!, range);
  }
}

/** The row of the target line: in split view its side's column, in unified view the one column. */
function lineRow(host: HTMLElement, { side, line }: SearchMatchTarget): HTMLElement | null {
  const root = host.shadowRoot;
  if (!root) return null;
  const selector =
    side === 'old'
      ? `code[data-deletions] [data-line="${line}"], code[data-unified] [data-line="${line}"][data-line-type="change-deletion"]`
      : `code[data-additions] [data-line="${line}"], code[data-unified] [data-line="${line}"]:not([data-line-type="change-deletion"])`;
  return root.querySelector<HTMLElement>(selector);
}

/** A row's text nodes (its tokens are separate ones) and their text joined. */
function rowText(row: HTMLElement): { texts: Text[]; text: string } {
  const texts: Text[] = [];
  const walker = row.ownerDocument.createTreeWalker(row, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  return { texts, text: texts.map((t) => t.data).join('') };
}

/** A Range over the match at `column` in the row's text (the first one from there). */
function matchRange(row: HTMLElement, query: string, column: number): Range | null {
  const { texts, text } = rowText(row);
  const start = matchIn(text, query, column);
  return start < 0 ? null : rangeOver(row, texts, start, query.length);
}

/** Every match of `query` in the rows the host has drawn. */
function everyMatch(host: HTMLElement, query: string): Range[] {
  const ranges: Range[] = [];
  if (query === '' || !host.shadowRoot) return ranges;
  for (const row of host.shadowRoot.querySelectorAll<HTMLElement>('code [data-line]')) {
    const { texts, text } = rowText(row);
    for (let at = matchIn(text, query); at >= 0; at = matchIn(text, query, at + query.length)) {
      const range = rangeOver(row, texts, at, query.length);
      if (range) ranges.push(range);
    }
  }
  return ranges;
}

function rangeOver(row: HTMLElement, texts: readonly Text[], start: number, length: number): Range | null {
  const startAt = textPosition(texts, start);
  const endAt = textPosition(texts, start + length);
  if (!startAt || !endAt) return null;
  const range = row.ownerDocument.createRange();
  range.setStart(startAt.node, startAt.offset);
  range.setEnd(endAt.node, endAt.offset);
  return range;
}

function textPosition(texts: readonly Text[], at: number): { node: Text; offset: number } | null {
  let passed = 0;
  for (const node of texts) {
    if (at <= passed + node.data.length) return { node, offset: at - passed };
    passed += node.data.length;
  }
  return null;
}

/** Scrolls the row's code column sideways (only) until the match is clear of its edges and of the sticky line numbers. */
function revealSideways(row: HTMLElement, range: Range): void {
  const column = row.closest<HTMLElement>('[data-code]');
  if (!column || column.scrollWidth <= column.clientWidth) return;
  const box = column.getBoundingClientRect();
  const gutter = column.querySelector<HTMLElement>('[data-gutter]')?.getBoundingClientRect().width ?? 0;
  const match = range.getBoundingClientRect();
  const left = box.left + gutter + SIDE_MARGIN_PX;
  const right = box.right - SIDE_MARGIN_PX;
  if (match.right > right) column.scrollLeft += Math.min(match.right - right, match.left - left);
  else if (match.left < left) column.scrollLeft -= left - match.left;
}
