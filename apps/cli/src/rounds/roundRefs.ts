/**
 * Where rounds live in the user's repository: one ref per series and
 * reviewer, `refs/redline/<series>/<reviewer-slug>/rounds`, pointing at that
 * reviewer's latest round commit. Each reviewer only ever moves their own
 * ref, forward (the previous tip is a parent), so `git push origin
 * 'refs/redline/*'` never overwrites a teammate's rounds.
 */
import { ANONYMOUS_SLUG, reviewerSlug } from '@redline/core';

export const ROUND_REF_PREFIX = 'refs/redline/';

/** A series id: the base's short id and a random part, e.g. `3f2a9c1d04e7-8b1c2d`. */
const SERIES_RE = /^[0-9a-f]{4,64}-[0-9a-f]{6}$/;
/** A slug is [a-z0-9-] with `=XX` escapes, or the anonymous one. */
const SLUG_RE = new RegExp(`^(?:(?:[a-z0-9-]|=[0-9A-F]{2})+|${ANONYMOUS_SLUG})$`);

export interface RoundRef {
  name: string;
  series: string;
  slug: string;
}

export function roundRefName(series: string, reviewer: string | null): string {
  return `${ROUND_REF_PREFIX}${series}/${reviewerSlug(reviewer)}/rounds`;
}

/** The parts of a round ref's name; null for any other name under refs/redline/. */
export function parseRoundRef(name: string): RoundRef | null {
  const parts = name.slice(ROUND_REF_PREFIX.length).split('/');
  if (!name.startsWith(ROUND_REF_PREFIX) || parts.length !== 3 || parts[2] !== 'rounds') return null;
  const [series = '', slug = ''] = parts;
  return SERIES_RE.test(series) && SLUG_RE.test(slug) ? { name, series, slug } : null;
}

/** `refs/redline/<series>/_agent/acts`: read by agentActs.ts, not a round and not foreign. */
export function isAgentActsRef(name: string): boolean {
  const parts = name.slice(ROUND_REF_PREFIX.length).split('/');
  return name.startsWith(ROUND_REF_PREFIX) && parts.length === 3 && SERIES_RE.test(parts[0] ?? '') && parts[1] === '_agent' && parts[2] === 'acts';
}

export function newSeriesId(baseCommit: string, random: string): string {
  return `${baseCommit.slice(0, 12)}-${random}`;
}
