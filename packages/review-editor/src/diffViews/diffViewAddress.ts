/**
 * The diff view in the address, one key per control: `#round-view=all`,
 * `#round-view=1-2` (the default, "since round N", is no entry) and
 * `#commits=<from>..<to>` (full commit ids; the whole range is no entry).
 * A reload keeps them, the next review's link (no fragment) starts on the
 * defaults, never the query (which the server reads). The page's first
 * script reads `round-view` before anything is painted, so the server's
 * first screen (drawn as "since round N") is hidden when the page will
 * show another view (apps/review/index.html, styles/firstScreen.css).
 */
import { fragmentParam, withFragmentParam } from '../app/addressFragment.js';
import type { ReviewStore } from '../app/reviewStore.js';
import type { CommitSpan, RoundViewChoice } from './diffViewsSlice.js';

const ROUND_KEY = 'round-view';
const SPAN_KEY = 'commits';

/** The two choices as the address holds them; null: no entry, or one that is not a choice. */
export interface DiffViewAddress {
  roundView: RoundViewChoice | null;
  commitSpan: CommitSpan | null;
}

/** A round view as written in the address or a <select>'s value; null for anything else. */
export function parseRoundViewChoice(value: string | null): RoundViewChoice | null {
  if (value === 'since-last' || value === 'all') return value;
  const pair = /^(\d+)-(\d+)$/.exec(value ?? '');
  return pair ? `${Number(pair[1])}-${Number(pair[2])}` : null;
}

function parseCommitSpan(value: string | null): CommitSpan | null {
  const match = /^([0-9a-f]{7,64})\.\.([0-9a-f]{7,64})$/.exec(value ?? '');
  return match ? { from: match[1]!, to: match[2]! } : null;
}

export function readDiffViewAddress(hash: string = globalThis.location?.hash ?? ''): DiffViewAddress {
  return { roundView: parseRoundViewChoice(fragmentParam(hash, ROUND_KEY)), commitSpan: parseCommitSpan(fragmentParam(hash, SPAN_KEY)) };
}

/** Writes the choices given (a key left out is left as it is); the defaults are no entry. */
export function writeDiffViewAddress(view: { roundView?: RoundViewChoice; commitSpan?: CommitSpan | null }): void {
  if (typeof history === 'undefined') return;
  let hash = location.hash;
  if (view.roundView !== undefined) hash = withFragmentParam(hash, ROUND_KEY, view.roundView === 'since-last' ? null : view.roundView);
  if (view.commitSpan !== undefined) hash = withFragmentParam(hash, SPAN_KEY, view.commitSpan === null ? null : `${view.commitSpan.from}..${view.commitSpan.to}`);
  history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
}

const followed = new WeakSet<ReviewStore>();

/** Keeps the address on the store's choices from now on (once per store, whoever asks first). */
export function followDiffViewAddress(store: ReviewStore): void {
  if (followed.has(store)) return;
  followed.add(store);
  store.subscribe((s, before) => {
    if (s.roundView !== before.roundView) writeDiffViewAddress({ roundView: s.roundView });
    if (s.commitSpan !== before.commitSpan) writeDiffViewAddress({ commitSpan: s.commitSpan });
  });
}
