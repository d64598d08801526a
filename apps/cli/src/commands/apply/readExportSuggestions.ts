/**
 * An export's suggestions as `redline apply` takes them: the round's own,
 * then those carried from earlier rounds still open (docs/feedback-format.md,
 * section 8), each carried one with its round. An unreadable or invalid
 * export is 'bad-input' (exit 2). `redline check --export` reads it the same way.
 */
import { RedlineError } from '../../errors.js';
import { parseFeedback, type Suggestion } from './core.js';
import { readExportText } from './readExportText.js';

export interface ExportSuggestions {
  /** The round's own, then the carried ones, in export order. */
  suggestions: Suggestion[];
  /** The earlier round of each carried suggestion. */
  roundOf: Map<Suggestion, number>;
  /** How many comments the export holds (not applied). */
  comments: number;
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
  return { suggestions: [...own, ...roundOf.keys()], roundOf, comments: annotations.length - own.length };
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.trim();
}
