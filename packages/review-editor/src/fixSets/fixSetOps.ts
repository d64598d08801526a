/**
 * The page's fix sets kept true to its annotations: a set is a grouping over
 * ordinary suggestions (core `FixSet`, its id a hash of its members'
 * contents), so when a member is edited (a suggestion's id is its content)
 * or deleted the set follows: the edited member keeps its place, a deleted
 * one leaves, and a set left with fewer than two members is no set.
 */
import { makeFixSet, MIN_FIX_SET_MEMBERS, type Annotation, type FixSet, type Suggestion } from '@redline/core';

/** `fixSets` over `annotations`: members that are no suggestion of them leave; ids follow the members' contents. */
export function settleFixSets(fixSets: readonly FixSet[], annotations: readonly Annotation[], renamed: ReadonlyMap<string, string> = new Map()): FixSet[] {
  if (fixSets.length === 0) return fixSets as FixSet[];
  const byId = new Map(annotations.map((a) => [a.id, a]));
  const taken = new Set<string>();
  return fixSets.flatMap((set): FixSet[] => {
    const members: Suggestion[] = [];
    for (const id of set.members) {
      const member = byId.get(renamed.get(id) ?? id);
      if (member?.kind !== 'suggestion' || taken.has(member.id)) continue;
      taken.add(member.id);
      members.push(member);
    }
    if (members.length < MIN_FIX_SET_MEMBERS) return [];
    const same = members.length === set.members.length && members.every((m, i) => m.id === set.members[i]);
    return [same ? set : makeFixSet(members, set.description)];
  });
}

/** Where a suggestion stands in its set: the set, and its 1-based place. */
export interface SetPlace {
  set: FixSet;
  index: number;
}

const places = new WeakMap<readonly FixSet[], Map<string, SetPlace>>();

/** Each member's set and place, computed once per list of sets. */
export function setPlaces(fixSets: readonly FixSet[]): ReadonlyMap<string, SetPlace> {
  let map = places.get(fixSets);
  if (!map) {
    map = new Map();
    for (const set of fixSets) set.members.forEach((id, i) => map!.set(id, { set, index: i + 1 }));
    places.set(fixSets, map);
  }
  return map;
}
