/**
 * A link per file: the page's address follows the current file
 * (`#file=<path>`, by `history.replaceState`, so moving around adds no
 * history entries), and a reload or an opened link goes back to that file.
 * The address is written once the current file has stayed put for
 * ADDRESS_SETTLE_MS: a replaceState costs Chromium 1-30 ms, and written for
 * every file passed it was inside the scroll's frames (bench trace, scrolling
 * S one viewport a frame: 19 writes, 119 ms, the longest 30 ms).
 *
 * Only the path and the fragment are ever written: the review link's
 * single-use `?token=` is taken out of the address by index.html's first
 * script before the app runs, and the session secret lives in localStorage
 * (api/sessionCredential.ts), so neither can reach an address or a copied link.
 */
import { fragmentParam, withFragmentParam } from '../app/addressFragment.js';
import type { ReviewStore } from '../app/reviewStore.js';
import type { Navigator } from './navigator.js';

const KEY = 'file';
/** How long the current file stays put before the address follows it. */
export const ADDRESS_SETTLE_MS = 300;

/** The file a fragment names (`#file=src%2Fa.ts`), or null. */
export function fileOfHash(hash: string): string | null {
  const path = fragmentParam(hash, KEY);
  return path === null || path === '' ? null : path;
}

/** The fragment naming a file (the other keys of `hash`, such as the round view's, kept). */
export function hashOfFile(path: string, hash = ''): string {
  return withFragmentParam(hash, KEY, path);
}

/** The link to a file of this review: this page's origin and path, and the file's fragment; never its query. */
export function fileLink(path: string, at: Pick<Location, 'origin' | 'pathname'>): string {
  return `${at.origin}${at.pathname}${hashOfFile(path)}`;
}

/** The window's part this module touches (a test passes its own). */
export type AddressWindow = Pick<Window, 'location' | 'history' | 'requestAnimationFrame' | 'setTimeout' | 'clearTimeout'>;

/**
 * Started with the page, before the review arrives: once its files are in
 * the store, goes to the file the address named (if the review has it), and
 * from then on keeps the address on the current file. Returns the unsubscribe.
 */
export function startFileAddress(store: ReviewStore, navigator: Pick<Navigator, 'jumpToFile'>, win: AddressWindow = window): () => void {
  let wanted = fileOfHash(win.location.hash);
  const goToWanted = (path: string) => {
    wanted = null;
    const file = store.getState().files.find((f) => f.path === path);
    // Two frames: CodeView takes its items in its first render, and scrolls once it has them.
    if (file) win.requestAnimationFrame(() => win.requestAnimationFrame(() => navigator.jumpToFile(file.id)));
  };
  if (wanted !== null && store.getState().files.length > 0) goToWanted(wanted);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    timer = undefined;
    const s = store.getState();
    const path = s.currentFileId === null ? undefined : s.fileById.get(s.currentFileId)?.path;
    if (path === undefined || fileOfHash(win.location.hash) === path) return;
    win.history.replaceState(win.history.state, '', `${win.location.pathname}${hashOfFile(path, win.location.hash)}`);
  };
  const unsubscribe = store.subscribe((s, prev) => {
    if (wanted !== null) {
      if (s.files.length > 0) goToWanted(wanted);
      return;
    }
    if (s.currentFileId === prev.currentFileId || s.currentFileId === null) return;
    if (timer !== undefined) win.clearTimeout(timer);
    timer = win.setTimeout(write, ADDRESS_SETTLE_MS);
  });
  return () => {
    unsubscribe();
    if (timer !== undefined) win.clearTimeout(timer);
  };
}
