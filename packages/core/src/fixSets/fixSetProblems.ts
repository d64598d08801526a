/**
 * What makes a review's fix sets unusable, and which of them overlap other
 * suggestions.
 *
 * Refused (`fixSetProblems`, checked once at the edge: the feedback route,
 * the draft, an export read back): a set id given twice, fewer than two
 * members, a member named twice, a member that is not a suggestion of the
 * review, a suggestion in two sets.
 *
 * Flagged, as two overlapping suggestions are today (`fixSetOverlaps`): a
 * member whose lines overlap another member's or another suggestion's, by
 * the one overlap rule (`findSuggestionOverlaps`); `redline apply` refuses
 * the set whole when a member conflicts.
 */
import type { Annotation, FixSet } from '../model/types.js';
import { findSuggestionOverlaps } from '../suggestions/suggestionsOverlap.js';
import { MIN_FIX_SET_MEMBERS } from './makeFixSet.js';

/** One sentence per problem, naming the set (and the member) it is about. */
export function fixSetProblems(annotations: readonly Annotation[], fixSets: readonly FixSet[]): string[] {
  const problems: string[] = [];
  const kinds = new Map(annotations.map((annotation) => [annotation.id, annotation.kind]));
  const setOfMember = new Map<string, string>();
  const seenSets = new Set<string>();
  for (const set of fixSets) {
    if (seenSets.has(set.id)) problems.push(`fix set ${set.id} is given twice`);
    seenSets.add(set.id);
    if (set.members.length < MIN_FIX_SET_MEMBERS) {
      problems.push(`fix set ${set.id} has ${set.members.length} member(s); a set has at least ${MIN_FIX_SET_MEMBERS}`);
    }
    const inThisSet = new Set<string>();
    for (const member of set.members) {
      const kind = kinds.get(member);
      if (kind === undefined) problems.push(`fix set ${set.id} names ${member}, which is no annotation of the review`);
      else if (kind !== 'suggestion') problems.push(`fix set ${set.id} names ${member}, which is a comment, not a suggestion`);
      if (inThisSet.has(member)) problems.push(`fix set ${set.id} names ${member} twice`);
      inThisSet.add(member);
      const other = setOfMember.get(member);
      if (other !== undefined && other !== set.id) problems.push(`suggestion ${member} is in two fix sets: ${other} and ${set.id}`);
      else setOfMember.set(member, set.id);
    }
  }
  return problems;
}

/** Each set with a member that overlaps another suggestion (a member of the same set or any other), mapped to the ids it overlaps. */
export function fixSetOverlaps(annotations: readonly Annotation[], fixSets: readonly FixSet[]): Map<string, string[]> {
  const overlaps = findSuggestionOverlaps(annotations);
  const flagged = new Map<string, string[]>();
  for (const set of fixSets) {
    const others = set.members.flatMap((member) => overlaps.get(member) ?? []);
    if (others.length > 0) flagged.set(set.id, [...new Set(others)]);
  }
  return flagged;
}

/** The set a suggestion is a member of, by suggestion id. */
export function fixSetOfMember(fixSets: readonly FixSet[]): Map<string, FixSet> {
  const of = new Map<string, FixSet>();
  for (const set of fixSets) for (const member of set.members) of.set(member, set);
  return of;
}
