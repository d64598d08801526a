/**
 * An export's suggestions as `redline apply` takes them: the round's own,
 * then those carried from earlier rounds still open (docs/feedback-format.md,
 * section 8), each carried one with its round, and the fix sets over them
 * (section 10: applied whole or not at all). An unreadable or invalid export is
 * 'bad-input' (exit 2). `redline check --export` reads it the same way.
 */
import { RedlineError } from '../../errors.js';
import { parseFeedback, type FeedbackReview, type Suggestion } from './core.js';
import { readExportText } from './readExportText.js';

export interface ExportSuggestions {
  /** The round's own, then the carried ones, in export order. */
  suggestions: Suggestion[];
  /** The earlier round of each carried suggestion. */
  roundOf: Map<Suggestion, number>;
  /** How many comments the export holds (not applied). */
  comments: number;
  /** The fix sets, each with its members (among `suggestions`) in order. */
  fixSets: ApplySet[];
  /** What the export says was reviewed (`redline check --export` checks a commit review on its head commit's tree). */
  target: FeedbackReview['target'];
}

/** A fix set as apply takes it: applied whole or not at all. */
export interface ApplySet {
  id: string;
  description: string;
  /** The earlier round of a carried set; null for the export's own. */
  round: number | null;
  members: Suggestion[];
}

export async function readExportSuggestions(input: string, cwd: string, stdin: NodeJS.ReadableStream): Promise<ExportSuggestions> {
  const read = await readExportText(input, cwd, stdin);
  if (!read.ok) throw new RedlineError('bad-input', read.message);
  const exported = parseFeedback(read.text);
  if (!exported.ok) {
    const [first] = exported.errors;
    const more = exported.errors.length > 1 ? ` (and ${exported.errors.length - 1} more problem(s))` : '';
    const where = first?.line !== undefined ? `line ${first.line}: ` : '';
    throw new RedlineError('bad-input', `not a valid Redline feedback export: ${where}${firstLine(first?.message ?? 'unknown problem')}${more}`);
  }
  const { annotations, carried = [] } = exported.review;
  const own = annotations.filter((a): a is Suggestion => a.kind === 'suggestion');
  const ownIds = new Set(own.map((s) => s.id));
  const roundOf = new Map<Suggestion, number>();
  for (const { round, suggestion } of carried) if (!ownIds.has(suggestion.id)) roundOf.set(suggestion, round);
  const fixSets = applySetsOf(exported.review, own, [...roundOf.keys()]);
  return { suggestions: [...own, ...roundOf.keys()], roundOf, comments: annotations.length - own.length, fixSets, target: exported.review.target };
}

/** The export's sets with their members; a carried set's members are carried ones (the reader checked every member is there). */
function applySetsOf(review: FeedbackReview, own: readonly Suggestion[], carried: readonly Suggestion[]): ApplySet[] {
  const byId = (list: readonly Suggestion[]) => new Map(list.map((s) => [s.id, s]));
  const ownById = byId(own);
  const carriedById = byId(carried);
  const membersOf = (ids: readonly string[], from: ReadonlyMap<string, Suggestion>) => ids.flatMap((id) => from.get(id) ?? []);
  return [
    ...(review.fixSets ?? []).map((set) => ({ id: set.id, description: set.description, round: null, members: membersOf(set.members, ownById) })),
    ...(review.carriedSets ?? []).map(({ round, set }) => ({ id: set.id, description: set.description, round, members: membersOf(set.members, carriedById) })),
  ];
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.trim();
}
