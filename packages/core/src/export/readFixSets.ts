/**
 * Reading fix sets from untrusted input, once, at the edge:
 * - `readExportFixSets`: the export's `fixSets` (version 3, feedbackJson.ts
 *   `FixSetJson`), each set with its members written out; the members join
 *   the review's annotations (or its carried suggestions, for a set with a
 *   `round`);
 * - `readFixSetList`: the page's spelling (a submission's or a draft's
 *   `fixSets`), each set naming its members by id.
 * Either way the sets are then checked against the suggestions they name by
 * `fixSetProblems` (unknown members, a set of one, a member in two sets).
 */
import { fixSetProblems } from '../fixSets/fixSetProblems.js';
import type { Annotation, CarriedFixSet, CarriedSuggestion, FixSet, Suggestion } from '../model/types.js';
import type { FixSetJson } from './feedbackJson.js';
import { describeValue, FieldReader, type FieldProblem, type Unchecked } from './fieldReader.js';

export interface ExportFixSets {
  fixSets: FixSet[];
  carriedSets: CarriedFixSet[];
  /** This round's sets' members, for `annotations`. */
  members: Suggestion[];
  /** The carried sets' members, for `carried`. */
  carried: CarriedSuggestion[];
}

/** `readMember` is the export's one reader of an annotation (validateFeedbackReview.ts). */
export function readExportFixSets(
  reader: FieldReader,
  value: unknown,
  readMember: (value: unknown, at: string) => Annotation | undefined,
): ExportFixSets | undefined {
  const read: ExportFixSets = { fixSets: [], carriedSets: [], members: [], carried: [] };
  const sets = reader.objects(value, 'fixSets', (obj: Unchecked<FixSetJson>, at) => {
    const id = reader.string(obj, 'id', `${at}.id`, { nonEmpty: true });
    const description = reader.string(obj, 'description', `${at}.description`);
    const round = obj.round === undefined ? null : reader.integer(obj, 'round', `${at}.round`, 1);
    if (!Array.isArray(obj.members)) return reader.fail(`${at}.members`, `expected an array, got ${describeValue(obj.members)}`);
    const members = obj.members.map((member: unknown, j) => {
      const field = `${at}.members[${j}]`;
      const annotation = readMember(member, field);
      if (annotation?.kind === 'comment') return reader.fail(`${field}.kind`, 'a fix set member is a suggestion, got "comment"');
      if (annotation && round !== null && annotation.revision === null) return reader.fail(`${field}.revision`, "a carried set's member has the revision of its round's file");
      return annotation;
    });
    if (id === undefined || description === undefined || round === undefined || members.some((m) => m === undefined)) return undefined;
    const suggestions = members as Suggestion[];
    const set: FixSet = { id, description, members: suggestions.map((m) => m.id) };
    if (round === null) {
      read.fixSets.push(set);
      read.members.push(...suggestions);
    } else {
      read.carriedSets.push({ round, set });
      read.carried.push(...suggestions.map((suggestion) => ({ round, suggestion })));
    }
    return set;
  });
  return sets === undefined ? undefined : read;
}

/** The page's `fixSets`: `{ id, description, members: [suggestion id…] }` each; absent is none. */
export function readFixSetList(reader: FieldReader, value: unknown, field: string): FixSet[] | undefined {
  if (value === undefined) return [];
  return reader.objects(value, field, (obj: Unchecked<FixSet>, at): FixSet | undefined => {
    const id = reader.string(obj, 'id', `${at}.id`, { nonEmpty: true });
    const description = reader.string(obj, 'description', `${at}.description`);
    const members = Array.isArray(obj.members) ? obj.members : reader.fail(`${at}.members`, `expected an array, got ${describeValue(obj.members)}`);
    if (!members) return undefined;
    const ids = members.filter((m: unknown, j): m is string => {
      if (typeof m === 'string' && m !== '') return true;
      reader.fail(`${at}.members[${j}]`, `expected a suggestion id, got ${describeValue(m)}`);
      return false;
    });
    if (id === undefined || description === undefined || ids.length !== members.length) return undefined;
    return { id, description, members: ids };
  });
}

/** The page's fix sets, checked against its annotations: the sets, or every problem, each naming the field. */
export function validateFixSets(
  value: unknown,
  annotations: readonly Annotation[],
  field = 'fixSets',
): { ok: true; fixSets: FixSet[] } | { ok: false; problems: FieldProblem[] } {
  const reader = new FieldReader();
  const fixSets = readFixSetList(reader, value, field);
  if (!fixSets || reader.problems.length > 0) return { ok: false, problems: reader.problems };
  const problems = fixSetProblems(annotations, fixSets).map((problem) => ({ field, problem }));
  return problems.length > 0 ? { ok: false, problems } : { ok: true, fixSets };
}
