/**
 * Where rounds live in the user's repository: one ref per series and
 * reviewer, `refs/redline/<series>/<reviewer-slug>/rounds`, pointing at that
 * reviewer's latest round commit. Each reviewer only ever moves their own
 * ref, forward (the previous tip is a parent), so `git push origin
 * 'refs/redline/*'` never overwrites a teammate's rounds. Teammates' rounds
 * are fetched into a namespace of their own, like remote-tracking branches:
 * `refs/redline/remotes/<remote>/<series>/<reviewer-slug>/rounds`
 * (`git fetch origin 'refs/redline/*:refs/redline/remotes/origin/*'`), so a
 * fetch never moves a ref Redline writes. Refs of the old layout (fetched
 * straight into `refs/redline/<series>/`) are still read.
 */
import { ANONYMOUS_SLUG, reviewerSlug } from '@redline/core';

export const ROUND_REF_PREFIX = 'refs/redline/';
/** Where teammates' refs are fetched to: `refs/redline/remotes/<remote>/…`. */
export const REMOTE_ROUND_REF_PREFIX = `${ROUND_REF_PREFIX}remotes/`;

/** A series id: the base's short id and a random part, e.g. `3f2a9c1d04e7-8b1c2d`. */
const SERIES_RE = /^[0-9a-f]{4,64}-[0-9a-f]{6}$/;
/** A slug is [a-z0-9-] with `=XX` escapes, or the anonymous one. */
const SLUG_RE = new RegExp(`^(?:(?:[a-z0-9-]|=[0-9A-F]{2})+|${ANONYMOUS_SLUG})$`);

/** A remote's name as one ref component (a remote whose name has a `/` is not read). */
const REMOTE_RE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export interface RoundRef {
  name: string;
  series: string;
  slug: string;
  /** The remote it was fetched from (`refs/redline/remotes/<remote>/…`); null for a ref of this repository's own. */
  remote: string | null;
}

export function roundRefName(series: string, reviewer: string | null): string {
  return `${ROUND_REF_PREFIX}${series}/${reviewerSlug(reviewer)}/rounds`;
}

/** The parts of a round ref's name, own or fetched; null for any other name under refs/redline/. */
export function parseRoundRef(name: string): RoundRef | null {
  const ref = splitRef(name);
  if (!ref || ref.rest.length !== 3 || ref.rest[2] !== 'rounds') return null;
  const [series = '', slug = ''] = ref.rest;
  return SERIES_RE.test(series) && SLUG_RE.test(slug) ? { name, series, slug, remote: ref.remote } : null;
}

/** `refs/redline/[remotes/<remote>/]<series>/_agent/acts`: read by agentActs.ts, not a round and not foreign; its series, else null. */
export function agentActsSeries(name: string): string | null {
  const ref = splitRef(name);
  if (!ref || ref.rest.length !== 3 || ref.rest[1] !== '_agent' || ref.rest[2] !== 'acts') return null;
  return SERIES_RE.test(ref.rest[0] ?? '') ? ref.rest[0]! : null;
}

/** The remote (null: this repository's own) and the components after it. */
function splitRef(name: string): { remote: string | null; rest: string[] } | null {
  if (!name.startsWith(ROUND_REF_PREFIX)) return null;
  const parts = name.slice(ROUND_REF_PREFIX.length).split('/');
  if (parts[0] !== 'remotes') return { remote: null, rest: parts };
  return REMOTE_RE.test(parts[1] ?? '') ? { remote: parts[1]!, rest: parts.slice(2) } : null;
}

export function newSeriesId(baseCommit: string, random: string): string {
  return `${baseCommit.slice(0, 12)}-${random}`;
}
