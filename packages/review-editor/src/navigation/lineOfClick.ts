/**
 * The review line a click on the diff's code landed on, as the line cursor
 * names lines: a deleted line by its old number, every other line by its new
 * one. Pierre reports a context line clicked in split view's left column by
 * its old number; the row's `data-alt-line` holds the new one.
 */
import type { Side } from '@redline/core';

/** What Pierre reports of a click on a line (a plain file's lines, which the review never shows, have no side). */
export interface LineClickFacts {
  lineNumber: number;
  lineElement: HTMLElement;
  annotationSide?: 'deletions' | 'additions';
  lineType?: string;
}

export function lineOfClick(click: LineClickFacts): { side: Side; line: number } | null {
  if (click.annotationSide === undefined) return null;
  if (click.lineType === 'change-deletion') return { side: 'old', line: click.lineNumber };
  if (click.annotationSide === 'additions') return { side: 'new', line: click.lineNumber };
  const alt = Number(click.lineElement.getAttribute('data-alt-line'));
  return Number.isInteger(alt) && alt > 0 ? { side: 'new', line: alt } : null;
}
