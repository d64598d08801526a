/**
 * The agent boundary as a scan (the review-state seed: writing review state
 * under a person's name is a human act, and no agent surface performs it):
 * the forms in which a command file, a config entry, an MCP tool or the
 * agent's client would reach one of the reviewer's acts. Prose about the
 * reviewer ("the developer sends the feedback") is not caught; a route, a
 * header, the link's token, a made-up CLI verb or a tool name is, in any
 * case and across invisible characters.
 */
interface ReviewerActPattern {
  what: string;
  pattern: RegExp;
}

export const REVIEWER_ACT_PATTERNS: readonly ReviewerActPattern[] = [
  { what: "a reviewer's route", pattern: /\/api\/(feedback|close|draft|session|proposals\/answer|questions|publish|compare\/(names|picks|apply|notes))\b/i },
  { what: "the core's name for a reviewer's route", pattern: /\bAPI\s*(\.|\[\s*['"`])\s*(feedback|close|draft|session|proposalAnswer|questions|publish|compareNames|comparePicks|compareApply|compareNotes)\b/i },
  { what: "the reviewer's credential", pattern: /x-redline-(session|link)\b|\bredline-session\b|\b(SESSION_HEADER|LINK_HEADER|SESSION_STORAGE_KEY)\b/i },
  { what: "the review link's token", pattern: /[?&]token=/i },
  { what: "redline open's credential or routes (a new review link)", pattern: /\/api\/opener\b|x-redline-opener\b|\bOPENER_(HEADER|API)\b|\breadOpenerKey\b|\bopener-key\b/i },
  { what: 'a reviewer verb on the command line', pattern: /\bredline['"`,\s[\]]+(approve|send|submit|close|resolve|accept|reject|verdict|request-changes|check|ask|publish)\b/i },
  { what: 'a reviewer act as a tool or function name', pattern: /\b(send|submit|post)[_-]?feedback|\bclose[_-]?review|\bset[_-]?verdict|\b(approve|request[_-]?changes)[_-]?review|\bresolve[_-]?(thread|comment|annotation)|\b(accept|reject)[_-]?proposal|\b(edit|delete|update)[_-]?annotation|\bask[_-]?(question|the[_-]?agent)\b|\bapply[_-]?(compare[_-]?)?picks\b/i },
  // Publishing a round to its pull request (docs/rounds.md): Redline's own names for it, and GitHub's ways of posting a review.
  {
    what: 'publishing a review to the forge',
    pattern: /\bpublish[_-]?(round|review|to[_-]?(pull[_-]?request|github))\b|\bcreate[_-]?pull[_-]?review\b|\bpulls\.createReview\b|\/pulls\/[^\s/'"`]+\/reviews\b|\bgh\s+pr\s+review\b/i,
  },
];

export interface ReviewerActMention {
  what: string;
  match: string;
}

/** Every mention of a reviewer's act in `text`, invisible format characters (\p{Cf}) taken out first. */
export function findReviewerActs(text: string): ReviewerActMention[] {
  const visible = text.replace(/\p{Cf}/gu, '');
  return REVIEWER_ACT_PATTERNS.flatMap(({ what, pattern }) => {
    const found = new RegExp(pattern.source, 'gi');
    return [...visible.matchAll(found)].map((match) => ({ what, match: match[0] }));
  });
}
