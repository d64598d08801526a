/**
 * The server-rendered first screen of the diff (apps/cli/src/server/
 * firstScreen.ts) covers the page until the app's own diff view has painted;
 * this takes it away, and takes over the comment the reviewer may have
 * started on it (apps/review/index.html's first-screen script opens that
 * form): it becomes the app's own form on the same line, with its text and
 * caret; one the reviewer already added becomes a comment, one they closed
 * with text in it a kept draft, as the app's own forms do.
 */
import { FIRST_SCREEN_ID, type Side } from '@redline/core';
import type { ComposerService } from '../composer/composerService.js';
import type { ComposerTarget } from '../composer/composerSlice.js';
import { composerHasWork } from '../composer/unsentComposer.js';
import type { ReviewStore } from '../app/reviewStore.js';
import { diffLinesInRange } from './diffLines.js';

/** A comment form of the first screen, as the reviewer left it. */
export interface FirstScreenComment {
  path: string;
  side: Side;
  line: number;
  text: string;
  /** open: being written; adding: "Add comment" pressed; cancelled: closed with text in it. */
  state: 'open' | 'adding' | 'cancelled';
  selection: { start: number; end: number };
  focused: boolean;
}

const STATES: readonly FirstScreenComment['state'][] = ['open', 'adding', 'cancelled'];

/**
 * The first screen's comment forms the app takes: at most one closed with
 * text in it (kept), then the one open or being added; none it did not make.
 */
export function readFirstScreenComments(screen: Element): FirstScreenComment[] {
  const comments = [...screen.querySelectorAll('form[data-fs-comment]')].map(readForm).filter((c): c is FirstScreenComment => c !== null);
  return [...comments.filter((c) => c.state === 'cancelled').slice(-1), ...comments.filter((c) => c.state !== 'cancelled').slice(-1)];
}

function readForm(form: Element): FirstScreenComment | null {
  const text = form.querySelector('textarea');
  if (!text) return null;
  const path = form.getAttribute('data-path');
  const side = form.getAttribute('data-side');
  const line = Number(form.getAttribute('data-line'));
  const state = STATES.find((s) => s === form.getAttribute('data-state'));
  if (path === null || (side !== 'old' && side !== 'new') || !Number.isSafeInteger(line) || line < 1 || !state) return null;
  if (text.value.trim() === '' && state !== 'open') return null;
  const focused = text.ownerDocument.activeElement === text;
  return { path, side, line, text: text.value, state, selection: { start: text.selectionStart, end: text.selectionEnd }, focused };
}

/**
 * Removes the first screen. Safe to call any number of times, and on a page
 * without one (tests, the dev server).
 */
export function dismissFirstScreen(doc: Document = document): void {
  const element = doc.getElementById(FIRST_SCREEN_ID);
  if (!element) return;
  element.remove();
  performance.mark?.('redline:first-screen-replaced');
  doc.dispatchEvent(new Event(FIRST_SCREEN_GONE));
}

/** The longest what can wait waits for the first screen to go (afterFirstScreen). */
export const FIRST_SCREEN_MAX_WAIT_MS = 10_000;

/** Dispatched on the document when the first screen goes: the app's own diff is live. */
const FIRST_SCREEN_GONE = 'redline:first-screen-gone';

/**
 * Runs `task` once the app's own diff is live: at once on a page without
 * the server's first screen, else when it goes, or after `maxWaitMs` (an
 * app that never draws its diff). What can wait (the panels' chunks, a
 * paged review's other pages, the first freshness check) waits for it,
 * so nothing competes with the first diff. Returns a cancel.
 */
export function afterFirstScreen(task: () => void, maxWaitMs: number, doc: Document = document): () => void {
  if (!doc.getElementById(FIRST_SCREEN_ID)) {
    task();
    return () => undefined;
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    cancel();
    task();
  };
  const timer = setTimeout(run, maxWaitMs);
  const cancel = () => {
    clearTimeout(timer);
    doc.removeEventListener(FIRST_SCREEN_GONE, run);
  };
  doc.addEventListener(FIRST_SCREEN_GONE, run);
  return () => {
    done = true;
    cancel();
  };
}

export type FirstScreenTaker = Pick<ComposerService, 'openComment' | 'submitComposer'> & { store: ReviewStore };

/**
 * Removes the first screen and opens its comment as the app's own form:
 * on the same line when the diff shows it, else as a comment on the file
 * (or the whole review): what was typed is never dropped. Returns what
 * became of it.
 *
 * A form the reviewer is typing in stays, focused, until the app's form is
 * on the page (a later frame: a slot of the diff), so keys pressed meanwhile
 * go on into it, not to the page's shortcuts (`j` moving the line cursor);
 * moveTypingOver then moves the focus and the caret without losing a key.
 */
export function handOverFirstScreen(app: FirstScreenTaker, doc: Document = document): 'none' | 'open' | 'added' | 'kept' {
  const element = doc.getElementById(FIRST_SCREEN_ID);
  if (!element || element.hasAttribute('data-handing-over')) return 'none';
  const comments = readFirstScreenComments(element);
  let outcome: ReturnType<typeof handOverFirstScreen> = 'none';
  for (const comment of comments) outcome = openInApp(app, comment);
  const typing = comments.find((c) => c.state === 'open' && c.focused);
  if (!typing) {
    dismissFirstScreen(doc);
    return outcome;
  }
  element.setAttribute('data-handing-over', '');
  moveTypingOver(app, doc, element, performance.now() + APP_FORM_WAIT_MS);
  return outcome;
}

/** How long the hand-over waits for the app's form: it mounts a frame or two after the store has the composer. */
const APP_FORM_WAIT_MS = 2_000;

/**
 * Every key typed into the first screen's field goes into the store at once
 * (its input events), so the app's form, which takes the focus when it
 * mounts, holds all of it, and its caret is put where it was in the same
 * task as the focus moves. Each frame: once the app's form shows the same
 * text, or the focus has left the first screen's field (the app's form took
 * it), the first screen goes, the caret moving over where the text is the
 * same. Past `until` it goes as it is. (A key typed into the app's field
 * before it held the first screen's text was overwritten by it.)
 */
function moveTypingOver(app: FirstScreenTaker, doc: Document, element: Element, until: number): void {
  const source = element.querySelector<HTMLTextAreaElement>('form[data-fs-comment][data-state="open"] textarea');
  if (!source) return dismissFirstScreen(doc);
  const sync = () => {
    if (app.store.getState().composer?.text !== source.value) app.store.getState().updateComposer({ text: source.value });
  };
  // The app's form takes the focus when it mounts (autoFocus): the caret goes where it was in the same task, before another key.
  const caret = (event: FocusEvent) => {
    const field = appFormField(doc);
    if (field && event.target === field && field.value === source.value) field.setSelectionRange(source.selectionStart, source.selectionEnd);
  };
  source.addEventListener('input', sync);
  doc.addEventListener('focusin', caret, true);
  sync();
  const step = () => {
    const field = appFormField(doc);
    const same = field !== null && field.value === source.value;
    const left = doc.activeElement !== source;
    if (!same && !left && performance.now() < until && doc.defaultView) {
      doc.defaultView.requestAnimationFrame(step);
      return;
    }
    // No last copy of the text: once the app's field has the focus, keys typed there are the newer text.
    source.removeEventListener('input', sync);
    doc.removeEventListener('focusin', caret, true);
    if (field && same && (!left || doc.activeElement === field)) {
      const { selectionStart, selectionEnd } = source;
      field.focus();
      field.setSelectionRange(selectionStart, selectionEnd);
    }
    dismissFirstScreen(doc);
  };
  step();
}

function openInApp(app: FirstScreenTaker, comment: FirstScreenComment): 'none' | 'open' | 'added' | 'kept' {
  const state = app.store.getState();
  const file = state.files.find((f) => f.path === comment.path);
  const onLine = file && diffLinesInRange(file.fileDiff, comment.side, comment.line, comment.line) !== null;
  const targets: ComposerTarget[] = [
    ...(file && onLine ? [{ scope: 'line' as const, fileId: file.id, side: comment.side, startLine: comment.line, endLine: comment.line }] : []),
    ...(file ? [{ scope: 'file' as const, fileId: file.id }] : []),
    { scope: 'general' },
  ];
  // A form the draft brought back (an earlier run's unsent text) is kept, with its Undo, rather than refusing this one.
  if (state.composer && composerHasWork(state.composer)) state.closeComposer();
  if (!targets.some((target) => app.openComment(target))) return 'none';
  app.store.getState().updateComposer({ text: comment.text });
  if (comment.state === 'adding' && app.submitComposer()) return 'added';
  if (comment.state === 'cancelled') {
    app.store.getState().closeComposer();
    return 'kept';
  }
  return 'open';
}

function appFormField(doc: Document): HTMLTextAreaElement | null {
  return doc.querySelector<HTMLTextAreaElement>('form.composer:not(.fs-comment) textarea');
}
