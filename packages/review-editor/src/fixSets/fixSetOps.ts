/** Where each suggestion stands in its fix set (the store keeps the sets: annotations/annotationsSlice.ts). */
import type { FixSet } from '@redline/core';

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
