/**
 * How a round that only claims its reviewer is named, in `redline rounds`
 * and in the page (docs/rounds.md, "Rounds that can be verified").
 */
import { isSameReviewer } from './reviewerIdentity.js';
import type { RoundClaim } from './roundTypes.js';

/** "claims to be alice, written under the ref of bob"; a round of the ref's own name sits beyond a round that claims another. */
export function claimWords(claim: Pick<RoundClaim, 'reviewer' | 'refReviewer'>): string {
  const name = (who: string | null) => who ?? '(no reviewer)';
  if (claim.reviewer !== null && claim.refReviewer !== null && isSameReviewer(claim.reviewer, claim.refReviewer)) {
    return `claims to be ${name(claim.reviewer)}, but the ref of ${name(claim.refReviewer)} reaches it only through a round of another name`;
  }
  return `claims to be ${name(claim.reviewer)}, written under the ref of ${name(claim.refReviewer)}`;
}
