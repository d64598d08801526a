/**
 * Which review line a pointer event in the diff is on (a right-click for the
 * line's menu), read from the elements it went through: the row or number
 * cell Pierre drew (`data-line` or `data-column-number`, its `data-line-type`,
 * `data-alt-line`), the code column it is in (`data-deletions` is the old
 * one), and the file's host, which DiffView's post-render marks with its file
 * id (`data-file-id`). Named as the line cursor names lines (lineOfClick).
 */
import type { Side } from '@redline/core';
import { lineOfClick } from '../navigation/lineOfClick.js';

export const FILE_ID_ATTRIBUTE = 'data-file-id';

export interface PointedLine {
  fileId: string;
  side: Side;
  line: number;
}

export function lineAtEvent(event: Event): PointedLine | null {
  const path = event.composedPath().filter((node): node is Element => node instanceof Element);
  const row = path.find((el) => el.hasAttribute('data-line') || el.hasAttribute('data-column-number'));
  const host = path.find((el) => el.hasAttribute(FILE_ID_ATTRIBUTE));
  if (!row || !host || !(row instanceof HTMLElement)) return null;
  const lineNumber = Number(row.getAttribute('data-line') ?? row.getAttribute('data-column-number'));
  if (!Number.isSafeInteger(lineNumber) || lineNumber < 1) return null;
  const column = row.closest('[data-deletions], [data-additions], [data-unified]');
  const annotationSide = column?.hasAttribute('data-deletions') ? ('deletions' as const) : ('additions' as const);
  const at = lineOfClick({ lineNumber, lineElement: row, annotationSide, lineType: row.getAttribute('data-line-type') ?? undefined });
  return at ? { fileId: host.getAttribute(FILE_ID_ATTRIBUTE)!, ...at } : null;
}
