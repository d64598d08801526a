/**
 * Who a round's reviewer is: a name the reviewer typed (never taken from git
 * config or the environment). It must be one trimmed line of at most 200
 * code points with no control or invisible character (the core's textSafety
 * set), and two identities equal after an ASCII case fold are one person
 * (`@bob` and `@Bob`), as in the review-state rules of seed 001. Non-ASCII
 * letters are not folded.
 */
import { utf8Bytes } from '../safety/sha256.js';
import { hasUnsafeChars } from '../safety/textSafety.js';

export const MAX_REVIEWER_LENGTH = 200;

export type ReviewerCheck = { ok: true; reviewer: string } | { ok: false; problem: string };

export function checkReviewerIdentity(text: string): ReviewerCheck {
  const reviewer = text.trim();
  if (reviewer === '') return { ok: false, problem: 'is empty' };
  if ([...reviewer].length > MAX_REVIEWER_LENGTH) return { ok: false, problem: `is longer than ${MAX_REVIEWER_LENGTH} characters` };
  // CR, LF, U+2028/9 and every control, bidi, invisible, variation or tag character.
  if (/[\r\n\t\u2028\u2029]/.test(reviewer) || hasUnsafeChars(reviewer, { atFileStart: false, carriageReturns: true })) {
    return { ok: false, problem: 'contains a control or invisible character' };
  }
  return { ok: true, reviewer };
}

/** The identity as compared: ASCII letters folded to lower case, nothing else touched. */
export function foldReviewer(reviewer: string): string {
  return reviewer.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

export function isSameReviewer(a: string, b: string): boolean {
  return foldReviewer(a) === foldReviewer(b);
}

/** The slug of a round without a reviewer: `_` never occurs in a slug of a name (it is escaped). */
export const ANONYMOUS_SLUG = '_anonymous';

/**
 * A git ref component for an identity, equal for two spellings of one person:
 * the folded identity with every byte outside [a-z0-9-] written as `=XX`
 * (upper-case hex of its UTF-8 bytes), so it is always a valid, reversible
 * ref name and never collides with ANONYMOUS_SLUG.
 */
export function reviewerSlug(reviewer: string | null): string {
  if (reviewer === null) return ANONYMOUS_SLUG;
  let slug = '';
  for (const byte of utf8Bytes(foldReviewer(reviewer))) {
    const char = String.fromCharCode(byte);
    slug += /[a-z0-9-]/.test(char) ? char : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return slug;
}

/**
 * The name a slug is of, read back (the folded identity; null for the
 * anonymous slug), for saying whose ref a round was written under. A slug
 * that reviewerSlug cannot have made (a bad escape, bytes that are not UTF-8)
 * reads as null.
 */
export function reviewerOfSlug(slug: string): string | null {
  if (slug === ANONYMOUS_SLUG) return null;
  const bytes: number[] = [];
  for (let i = 0; i < slug.length; i++) {
    const char = slug[i]!;
    if (char !== '=') {
      if (!/[a-z0-9-]/.test(char)) return null;
      bytes.push(char.charCodeAt(0));
      continue;
    }
    const hex = slug.slice(i + 1, i + 3);
    if (!/^[0-9A-F]{2}$/.test(hex)) return null;
    bytes.push(Number.parseInt(hex, 16));
    i += 2;
  }
  try {
    // decodeURIComponent throws on bytes that are not UTF-8.
    return decodeURIComponent(bytes.map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''));
  } catch {
    return null;
  }
}
