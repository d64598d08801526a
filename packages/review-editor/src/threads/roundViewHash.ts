/**
 * The round view's choice in the address (`#round-view=all`, `#round-view=1-2`;
 * the default, "since round N", is no entry): a reload keeps it, the next
 * review's link (no fragment) starts on the default, and the page's first
 * script reads it before anything is painted, so the server's first screen
 * (drawn as "since round N") is hidden when the page will show another view
 * (apps/review/index.html, styles/firstScreen.css).
 */
import { fragmentParam, withFragmentParam } from '../app/addressFragment.js';
import type { RoundViewChoice } from './roundView.js';

const KEY = 'round-view';

/** A choice as written in the address or a <select>'s value; null for anything else. */
export function parseRoundViewChoice(value: string | null): RoundViewChoice | null {
  if (value === 'since-last' || value === 'all') return value;
  const pair = /^(\d+)-(\d+)$/.exec(value ?? '');
  return pair ? `${Number(pair[1])}-${Number(pair[2])}` : null;
}

export function readRoundViewHash(hash: string = globalThis.location?.hash ?? ''): RoundViewChoice | null {
  return parseRoundViewChoice(fragmentParam(hash, KEY));
}

export function writeRoundViewHash(choice: RoundViewChoice): void {
  if (typeof history === 'undefined') return;
  const hash = withFragmentParam(location.hash, KEY, choice === 'since-last' ? null : choice);
  history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
}
