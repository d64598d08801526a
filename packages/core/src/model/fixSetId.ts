/**
 * A fix set's id is derived from its members' contents, in the style of
 * `suggestionId` and the proposals seed: the same set made twice has the same
 * id, and a reader can recompute it from the members it received.
 */
import { sha256Hex } from '../safety/sha256.js';
import type { Suggestion } from './types.js';

/** What of a member the id is over. */
export type FixSetMemberContent = Pick<Suggestion, 'path' | 'startLine' | 'endLine' | 'originalCode' | 'suggestedCode' | 'deletion'>;

/** U+001F (unit separator) between a member's fields. */
const FIELD_SEPARATOR = '\u001f';
/** U+001E (record separator) between members. */
const MEMBER_SEPARATOR = '\u001e';

/**
 * The first 12 hex digits (as a suggestion's id) of sha256 over each member's
 * path, startLine, endLine (decimal), originalCode and suggestedCode joined
 * by U+001F, plus a final `delete` field for a deletion (as `suggestionId`:
 * a deletion and a replacement by one empty line must not share an id), the
 * members joined by U+001E in order.
 */
export function fixSetId(members: readonly FixSetMemberContent[]): string {
  const records = members.map((member) => {
    const { path, startLine, endLine, originalCode, suggestedCode, deletion } = member;
    const fields = [path, String(startLine), String(endLine), originalCode, suggestedCode];
    if (deletion) fields.push('delete');
    return fields.join(FIELD_SEPARATOR);
  });
  return sha256Hex(records.join(MEMBER_SEPARATOR)).slice(0, 12);
}
