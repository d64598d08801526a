/**
 * Making a fix set from its members (model/types.ts, `FixSet`): the members'
 * ids in the order given, the id over their contents (`fixSetId`), the
 * description on one line.
 */
import { fixSetId } from '../model/fixSetId.js';
import type { FixSet, Suggestion } from '../model/types.js';

/** The fewest members a set has: one member is a plain suggestion. */
export const MIN_FIX_SET_MEMBERS = 2;

/**
 * Throws a RangeError for fewer than two members or a member given twice:
 * the callers (`combineIntoSet`, `deriveFixSet`) check both first, so either
 * is a bug.
 */
export function makeFixSet(members: readonly Suggestion[], description: string): FixSet {
  const ids = members.map((member) => member.id);
  if (ids.length < MIN_FIX_SET_MEMBERS) throw new RangeError(`a fix set has at least ${MIN_FIX_SET_MEMBERS} members, got ${ids.length}`);
  if (new Set(ids).size !== ids.length) throw new RangeError('a fix set names each member once');
  return { id: fixSetId(members), description: oneLine(description), members: ids };
}

/** The description as one line: every run of whitespace (line breaks included) becomes one space. */
export function oneLine(text: string): string {
  return text.split(/\s+/u).filter((word) => word !== '').join(' ');
}

/** A set's default description, which the reviewer may edit: the one file it changes, or how many. */
export function defaultSetDescription(paths: readonly string[]): string {
  const files = [...new Set(paths)];
  return files.length === 1 ? `Changes in ${files[0]}` : `Changes in ${files.length} files`;
}
