/**
 * How a round that only claims its reviewer is named, and how its signature
 * is, in `redline rounds` and in the page (docs/rounds.md, "Rounds that can
 * be verified", "Signed rounds").
 */
import { isSameReviewer } from './reviewerIdentity.js';
import type { RoundClaim, RoundSignature } from './roundTypes.js';

/** "claims to be alice, written under the ref of bob"; a round of the ref's own name sits beyond a round that claims another. */
export function claimWords(claim: Pick<RoundClaim, 'reviewer' | 'refReviewer'>): string {
  const name = (who: string | null) => who ?? '(no reviewer)';
  if (claim.reviewer !== null && claim.refReviewer !== null && isSameReviewer(claim.reviewer, claim.refReviewer)) {
    return `claims to be ${name(claim.reviewer)}, but the ref of ${name(claim.refReviewer)} reaches it only through a round of another name`;
  }
  return `claims to be ${name(claim.reviewer)}, written under the ref of ${name(claim.refReviewer)}`;
}

/** A round's signature in a few words: "signed by alice (verified)", "unsigned", "invalid signature", "signed, not verifiable here". */
export function signatureWords(signature: RoundSignature): string {
  switch (signature.kind) {
    case 'verified':
      return `signed by ${signature.signer || '(unnamed)'} (verified)`;
    case 'unsigned':
      return 'unsigned';
    case 'invalid':
      return 'invalid signature';
    case 'unverifiable':
      return 'signed, not verifiable here';
  }
}
