/**
 * The one order (and de-duplication) both export forms use, so that the same
 * review always gives the same bytes whatever order the page sent it in.
 *
 * Order: general annotations first, then files in the review's one file order
 * (`compareFilePaths`: the tree's, folders first); within a file, file
 * comments before line annotations; line annotations by start line, end line,
 * side (old before new), then creation time and id. Strings compare by UTF-16
 * code units, never by locale. A last tie-break on the whole annotation makes
 * the order total.
 *
 * De-duplication: suggestions with the same id AND the same content (path,
 * side, lines, code, deletion) are one suggestion sent twice; they become one,
 * keeping the first (in that order) and joining the distinct non-empty texts
 * with a blank line. Comments are never merged.
 *
 * Fix sets keep their members' order; the sets go in the order of their first
 * members (carried ones by round first), then by id.
 */
import { compareFilePaths } from '../diff/fileOrder.js';
import type { Annotation, FeedbackFile, FeedbackReview, FixSet, Suggestion } from '../model/types.js';
import type { LineSpan } from '../model/lineSpan.js';

export function normalizeFeedbackReview(review: FeedbackReview): FeedbackReview {
  const normalized: FeedbackReview = {
    target: review.target,
    verdict: review.verdict,
    summary: review.summary,
    annotations: collapseDuplicateSuggestions([...review.annotations].sort(compareAnnotations)),
  };
  if (review.files) normalized.files = review.files.map(withSimilarity).sort((a, b) => compareFilePaths(a.path, b.path));
  // Carried suggestions (one per thread, so never duplicates): by round, then as annotations.
  if (review.carried && review.carried.length > 0) normalized.carried = [...review.carried].sort((a, b) => a.round - b.round || compareAnnotations(a.suggestion, b.suggestion));
  if (review.fixSets && review.fixSets.length > 0) {
    const rank = rankOf(normalized.annotations.map((a) => a.id));
    normalized.fixSets = [...review.fixSets].sort((a, b) => compareSets(rank, a, b));
  }
  if (review.carriedSets && review.carriedSets.length > 0) {
    const rank = rankOf((normalized.carried ?? []).map((c) => c.suggestion.id));
    normalized.carriedSets = [...review.carriedSets].sort((a, b) => a.round - b.round || compareSets(rank, a.set, b.set));
  }
  return normalized;
}

function rankOf(ids: readonly string[]): Map<string, number> {
  return new Map(ids.map((id, i) => [id, i]));
}

/** By the place of the first member, then by id. */
function compareSets(rank: ReadonlyMap<string, number>, a: FixSet, b: FixSet): number {
  const place = (set: FixSet) => rank.get(set.members[0] ?? '') ?? Number.MAX_SAFE_INTEGER;
  return place(a) - place(b) || compareStrings(a.id, b.id);
}

/** A rename read from an export older than the `similarity` field has none: it is unknown (null), the one spelling. */
function withSimilarity(file: FeedbackFile): FeedbackFile {
  return file.oldPath === null ? file : { ...file, similarity: file.similarity ?? null };
}

export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const SCOPE_RANK = { general: 0, file: 1, line: 2 } as const;

export function compareAnnotations(a: Annotation, b: Annotation): number {
  const aGeneral = a.scope === 'general' ? 0 : 1;
  const bGeneral = b.scope === 'general' ? 0 : 1;
  return (
    aGeneral - bGeneral ||
    compareFilePaths(a.path, b.path) ||
    SCOPE_RANK[a.scope] - SCOPE_RANK[b.scope] ||
    lineOf(a).startLine - lineOf(b).startLine ||
    lineOf(a).endLine - lineOf(b).endLine ||
    compareStrings(lineOf(a).side, lineOf(b).side) * -1 || // 'old' before 'new'
    compareStrings(a.createdAt, b.createdAt) ||
    compareStrings(a.id, b.id) ||
    compareStrings(canonicalKey(a), canonicalKey(b))
  );
}

/** The line anchor to sort by; file and general annotations sort as line 0 of no side. */
function lineOf(a: Annotation): LineSpan & { side: string } {
  return a.scope === 'line' ? a : { startLine: 0, endLine: 0, side: '' };
}

/** The annotation's fields in a fixed order, for the final tie-break and for content equality. */
function canonicalKey(a: Annotation): string {
  const line = a.scope === 'line' ? [a.side, a.startLine, a.endLine] : [undefined, undefined, undefined];
  const quoted = a.kind === 'comment' && a.scope === 'line' ? a.quoted : undefined;
  const code = a.kind === 'suggestion' ? [a.originalCode, a.suggestedCode, a.deletion, a.revision] : [undefined, undefined, undefined, undefined];
  return JSON.stringify([
    a.id, a.kind, a.scope, a.path, ...line, a.text, ...code,
    a.highlightedText, a.approximate, a.outdated, a.anchorSnippet, a.author, a.proposal, a.createdAt, quoted,
  ]);
}

function suggestionContentKey(a: Suggestion): string {
  return JSON.stringify([a.id, a.path, a.side, a.startLine, a.endLine, a.originalCode, a.suggestedCode, a.deletion]);
}

function collapseDuplicateSuggestions(sorted: Annotation[]): Annotation[] {
  const firstByContent = new Map<string, { annotation: Suggestion; texts: string[] }>();
  const result: Annotation[] = [];
  for (const annotation of sorted) {
    if (annotation.kind !== 'suggestion') {
      result.push(annotation);
      continue;
    }
    const key = suggestionContentKey(annotation);
    const first = firstByContent.get(key);
    if (!first) {
      const entry = { annotation: { ...annotation }, texts: annotation.text === '' ? [] : [annotation.text] };
      firstByContent.set(key, entry);
      result.push(entry.annotation);
    } else if (annotation.text !== '' && !first.texts.includes(annotation.text)) {
      first.texts.push(annotation.text);
      first.annotation.text = first.texts.join('\n\n');
    }
  }
  return result;
}
