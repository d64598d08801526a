/**
 * The current search match, highlighted itself (not its whole line)
 * in Pierre's shadow DOM by the CSS Custom Highlight API: a Range
 * over the matched characters, so Pierre's own markup is never touched, and
 * scrolled into view sideways when the line is wider than its column.
 *
 * CodeView redraws and recycles rows as it scrolls, which leaves a Range on
 * detached text: the diff view calls `searchMatchRendered` after every render
 * and the match is found again in the new rows. Sideways scrolling happens
 * once per new match, so the reviewer can scroll away from it.
 */
import type { Side } from '@redline/core';
import { matchIn } from './searchDiff.js';

export interface SearchMatchTarget {
  /** The file's path (Pierre's `fileDiff.name`). */
  fileName: string;
  side: Side;
  line: number;
  query: string;
}

export const SEARCH_MATCH_HIGHLIGHT = 'redline-search-match';

/** For the diff's shadow CSS (a `::highlight` rule applies only in the tree that holds its text). */
export const SEARCH_MATCH_CSS = `::highlight(${SEARCH_MATCH_HIGHLIGHT}) { background-color: light-dark(#ffd33d, #bb8009); color: light-dark(#1f2328, #ffffff); }`;

/** Room kept on each side of a match scrolled into view. */
const SIDE_MARGIN_PX = 48;

const hosts = new Map<string, HTMLElement>();
let current: SearchMatchTarget | null = null;
let revealPending = false;

/** Shows `target` (null: no match), scrolling to it once it is drawn. */
export function setSearchMatch(target: SearchMatchTarget | null): void {
  current = target;
  revealPending = target !== null;
  if (!target) return clearHighlight();
  const host = hosts.get(target.fileName);
  if (host) draw(host, target);
}

/** After CodeView drew (or dropped) a file: the match is found again in its new rows. */
export function searchMatchRendered(host: HTMLElement, fileName: string | undefined, phase: string): void {
  for (const [name, known] of hosts) if (known === host && name !== fileName) hosts.delete(name);
  if (phase === 'unmount' || fileName === undefined) return;
  hosts.set(fileName, host);
  if (current && current.fileName === fileName) draw(host, current);
}

function clearHighlight(): void {
  if (typeof CSS !== 'undefined' && 'highlights' in CSS) CSS.highlights.delete(SEARCH_MATCH_HIGHLIGHT);
}

function draw(host: HTMLElement, target: SearchMatchTarget): void {
  const row = lineRow(host, target);
  const range = row ? matchRange(row, target.query) : null;
  if (!range || typeof Highlight === 'undefined') return;
  CSS.highlights.set(SEARCH_MATCH_HIGHLIGHT, new Highlight(range));
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

/** A Range over the first match in the row's text (its tokens are separate text nodes). */
function matchRange(row: HTMLElement, query: string): Range | null {
  const texts: Text[] = [];
  const walker = row.ownerDocument.createTreeWalker(row, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  const start = matchIn(texts.map((t) => t.data).join(''), query);
  if (start < 0) return null;
  const range = row.ownerDocument.createRange();
  const startAt = textPosition(texts, start);
  const endAt = textPosition(texts, start + query.length);
  if (!startAt || !endAt) return null;
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
