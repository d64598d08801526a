/**
 * The span shown, in the address (`#commits=<from>..<to>`, full commit ids;
 * the whole range is no entry): a reload keeps it, never the query, which
 * the server reads.
 */
import { fragmentParam, withFragmentParam } from '../app/addressFragment.js';
import type { CommitSpan } from './commitsSlice.js';

const KEY = 'commits';

export function parseCommitSpan(value: string | null): CommitSpan | null {
  const match = /^([0-9a-f]{7,64})\.\.([0-9a-f]{7,64})$/.exec(value ?? '');
  return match ? { from: match[1]!, to: match[2]! } : null;
}

export function readCommitsHash(hash: string = globalThis.location?.hash ?? ''): CommitSpan | null {
  return parseCommitSpan(fragmentParam(hash, KEY));
}

export function writeCommitsHash(span: CommitSpan | null): void {
  if (typeof history === 'undefined') return;
  const hash = withFragmentParam(location.hash, KEY, span === null ? null : `${span.from}..${span.to}`);
  history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
}
