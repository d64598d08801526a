/**
 * Which ref each round was written under, and whether its reviewer is the
 * name of that ref (docs/rounds.md, "Rounds that can be verified"). A round
 * is its reviewer's when a ref of that reviewer's name (the core's
 * reviewerSlug) reaches it through rounds of that name alone: a round's
 * parents include the series' previous round, whoever wrote it, so a walk
 * that went on through a teammate's round could reach a round that only
 * claims the walker's name. A fetched copy of a ref this repository has of
 * its own (`refs/redline/remotes/origin/<series>/alice/rounds` beside
 * `refs/redline/<series>/alice/rounds`) vouches for nothing: whoever can push
 * to the remote can move it, and the reviewer's own rounds are on the own ref.
 * Anything else is a claim ("claims to be @alice, written under the ref of
 * @bob"), named with the first ref that reaches it.
 */
import { reviewerSlug } from '@redline/core';

export type RoundOrigin = { kind: 'own-ref'; ref: string } | { kind: 'claim'; ref: string; refSlug: string };

export interface OriginTip {
  name: string;
  oid: string;
  series: string;
  slug: string;
  /** The remote it was fetched from; null for this repository's own ref. */
  remote: string | null;
}

export interface WalkedRound {
  reviewer: string | null;
  parents: readonly string[];
}

/** @param tips in order of preference: the first ref that reaches a round names it */
export function roundOrigins(tips: readonly OriginTip[], rounds: ReadonlyMap<string, WalkedRound>): Map<string, RoundOrigin> {
  const origins = new Map<string, RoundOrigin>();
  const own = new Set(tips.filter((tip) => tip.remote === null).map((tip) => `${tip.series}/${tip.slug}`));
  for (const tip of tips) {
    if (tip.remote !== null && own.has(`${tip.series}/${tip.slug}`)) continue;
    walk(tip.oid, rounds, (commit, round) => {
      if (reviewerSlug(round.reviewer) !== tip.slug) return false;
      if (!origins.has(commit)) origins.set(commit, { kind: 'own-ref', ref: tip.name });
      return true;
    });
  }
  for (const tip of tips) {
    walk(tip.oid, rounds, (commit) => {
      if (!origins.has(commit)) origins.set(commit, { kind: 'claim', ref: tip.name, refSlug: tip.slug });
      return true;
    });
  }
  return origins;
}

/** Depth first from `from` through the rounds; `visit` says whether to go on to a round's parents. */
function walk(from: string, rounds: ReadonlyMap<string, WalkedRound>, visit: (commit: string, round: WalkedRound) => boolean): void {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const commit = stack.pop()!;
    const round = rounds.get(commit);
    if (seen.has(commit) || !round) continue;
    seen.add(commit);
    if (visit(commit, round)) stack.push(...round.parents);
  }
}
