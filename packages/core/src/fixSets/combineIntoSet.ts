/**
 * The reviewer combining suggestions (and sets) into one fix set, and
 * splitting a set back into its suggestions. Pure: both return the review's
 * new list of sets; the members stay ordinary suggestions throughout.
 */
import type { Annotation, FixSet, Suggestion } from '../model/types.js';
import { makeFixSet, MIN_FIX_SET_MEMBERS } from './makeFixSet.js';

export type CombineResult = { ok: true; set: FixSet; fixSets: FixSet[] } | { ok: false; problem: string };

/**
 * `ids` name suggestions or sets, in the order the members are to take: a
 * set's members come in its order and the set itself is replaced by the new
 * one. Refused: an unknown id, an id that names a comment, a suggestion named
 * twice, fewer than two suggestions in all.
 */
export function combineIntoSet(
  annotations: readonly Annotation[],
  fixSets: readonly FixSet[],
  ids: readonly string[],
  description: string,
): CombineResult {
  const byId = new Map(annotations.map((annotation) => [annotation.id, annotation]));
  const setsById = new Map(fixSets.map((set) => [set.id, set]));
  const members: Suggestion[] = [];
  const absorbed = new Set<string>();
  const take = (id: string): string | null => {
    const annotation = byId.get(id);
    if (!annotation) return `no suggestion ${id}`;
    if (annotation.kind !== 'suggestion') return `${id} is a comment, not a suggestion`;
    if (members.some((member) => member.id === id)) return `suggestion ${id} is named twice`;
    members.push(annotation);
    return null;
  };
  for (const id of ids) {
    const set = setsById.get(id);
    const problems = set ? set.members.map(take) : [take(id)];
    const problem = problems.find((p) => p !== null);
    if (problem) return { ok: false, problem };
    if (set) absorbed.add(set.id);
  }
  // A suggestion already in a set joins the new set alone: it leaves its old one.
  const taken = new Set(members.map((member) => member.id));
  if (members.length < MIN_FIX_SET_MEMBERS) {
    return { ok: false, problem: `a fix set has at least ${MIN_FIX_SET_MEMBERS} suggestions, got ${members.length}` };
  }
  const set = makeFixSet(members, description);
  const kept = fixSets.flatMap((other): FixSet[] => {
    if (absorbed.has(other.id)) return [];
    const left = other.members.filter((id) => !taken.has(id));
    if (left.length === other.members.length) return [other];
    // What is left of a set that lost members is a set again only with two or more.
    const leftMembers = left.map((id) => byId.get(id)).filter((a): a is Suggestion => a?.kind === 'suggestion');
    return leftMembers.length >= MIN_FIX_SET_MEMBERS ? [makeFixSet(leftMembers, other.description)] : [];
  });
  return { ok: true, set, fixSets: [...kept, set] };
}

/**
 * The sets as they stand over `annotations` after some changed or went: a
 * member renamed (`renamed`: old id to new, as an edited suggestion gets a
 * new content id) follows, a member gone leaves, and a set that changed is
 * made again (its id is over its members' contents) or, left with fewer than
 * two, dissolved. Unchanged sets are returned as they are.
 */
export function keepFixSets(fixSets: readonly FixSet[], annotations: readonly Annotation[], renamed: ReadonlyMap<string, string> = new Map()): FixSet[] {
  const suggestions = new Map(annotations.flatMap((a) => (a.kind === 'suggestion' ? [[a.id, a] as const] : [])));
  return fixSets.flatMap((set): FixSet[] => {
    const members = set.members.map((id) => renamed.get(id) ?? id).flatMap((id) => suggestions.get(id) ?? []);
    const unchanged = members.length === set.members.length && members.every((m, i) => m.id === set.members[i]);
    if (unchanged) return [set];
    return new Set(members.map((m) => m.id)).size >= MIN_FIX_SET_MEMBERS ? [makeFixSet([...new Map(members.map((m) => [m.id, m])).values()], set.description)] : [];
  });
}

/** The sets without `setId`: its members stay, as plain suggestions. An unknown id changes nothing. */
export function splitSet(fixSets: readonly FixSet[], setId: string): FixSet[] {
  return fixSets.filter((set) => set.id !== setId);
}
