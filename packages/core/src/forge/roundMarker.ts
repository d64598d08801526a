/**
 * The hidden marker a published round's GitHub review carries in its body,
 * `<!-- redline-round: <round id> -->` (docs/rounds.md, "Published to a pull
 * request"): publishing the same round again finds it and posts nothing.
 */

/** A round id as the marker spells it: the round commit's hex id (or any word of letters, digits, `.`, `_`, `/`, `-`). */
const ROUND_ID_RE = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$/;

export function roundMarker(roundId: string): string {
  if (!ROUND_ID_RE.test(roundId)) throw new Error(`a round id is letters, digits, '.', '_', '/' and '-': ${JSON.stringify(roundId)}`);
  return `<!-- redline-round: ${roundId} -->`;
}

/** Whether a review's body carries this round's marker (a plain substring test: linear in the body). */
export function carriesRoundMarker(body: string | null | undefined, roundId: string): boolean {
  return typeof body === 'string' && body.includes(roundMarker(roundId));
}
