/**
 * The check before sending, as the page last heard of it (GET /api/check):
 * which command runs (configured, confirmed, or offers to confirm), the
 * current run, and its output, kept as the last OUTPUT_LINES lines put
 * together from the pieces each poll brings (by offset, so nothing is shown
 * twice). Whether the panel is open, and the last request's failure.
 */
import type { CheckData } from '@redline/core';
import type { ReviewSliceCreator } from '../app/reviewStore.js';

/** The lines of output the panel shows. */
export const OUTPUT_LINES = 200;

export interface CheckSlice {
  check: CheckData | null;
  /** The last OUTPUT_LINES lines of the current run's output, as it came. */
  checkOutput: string;
  /** Which run the output is of, and the offset to ask for next. */
  checkOutputAt: { run: number; next: number } | null;
  checkPanelOpen: boolean;
  checkError: string | null;
  /** Takes the server's answer: its output piece is added when it follows what the page has (a new run starts over). */
  takeCheck(data: CheckData): void;
  setCheckPanelOpen(open: boolean): void;
  setCheckError(message: string | null): void;
}

export const createCheckSlice: ReviewSliceCreator<CheckSlice> = (set, get) => ({
  check: null,
  checkOutput: '',
  checkOutputAt: null,
  checkPanelOpen: false,
  checkError: null,
  takeCheck(data) {
    const { checkOutputAt, checkOutput } = get();
    const run = data.run;
    if (run === null) return set({ check: data, checkOutput: '', checkOutputAt: null });
    const sameRun = checkOutputAt?.run === run.id;
    // A piece that does not follow (an answer that crossed another) is dropped: the next poll asks from where the page is.
    if (sameRun && run.output.from !== checkOutputAt.next) return set({ check: data });
    const output = lastLines((sameRun ? checkOutput : '') + run.output.text, OUTPUT_LINES);
    set({ check: data, checkOutput: output, checkOutputAt: { run: run.id, next: run.output.next } });
  },
  setCheckPanelOpen(open) {
    set({ checkPanelOpen: open });
  },
  setCheckError(message) {
    set({ checkError: message });
  },
});

/** The last `count` lines of a text (a last line without its newline counts). */
export function lastLines(text: string, count: number): string {
  let at = text.length;
  // A final newline ends the last line; it does not start another.
  let seen = text.endsWith('\n') ? -1 : 0;
  while (at > 0) {
    const nl = text.lastIndexOf('\n', at - 1);
    if (nl === -1) return text;
    seen++;
    if (seen === count) return text.slice(nl + 1);
    at = nl;
  }
  return text;
}
