/**
 * A paged review's files (docs/design/reviewInPages.md): a ReviewFile for
 * every file from its facts, those whose section arrived parsed, the rest
 * placeholders with their line counts guessed (so CodeView's heights and the
 * scrollbar are nearly right) until their page lands. A page replaces only
 * its own files: CodeView's items are rebuilt for those alone.
 */
import { isPagedReview, sortByFileOrder, type PagedReviewData, type ReviewSection, type ServedReviewData } from '@redline/core';
import { emptyDiff, parseReviewFiles, toReviewFile } from './parseReviewFiles.js';
import type { ReviewFile } from './reviewFile.js';

/** Context rows git shows around a change, twice, and a hunk's separator: a file's guessed extra rows. */
const GUESSED_CONTEXT_ROWS = 7;

/** The files of a review as served: whole (parseReviewFiles, unchanged) or paged. */
export function reviewFilesOf(review: ServedReviewData): ReviewFile[] {
  return isPagedReview(review) ? parsePagedReviewFiles(review) : parseReviewFiles(review);
}

export function parsePagedReviewFiles(review: PagedReviewData): ReviewFile[] {
  const loaded = new Map(parsedPage(review, review.patch, review.pages.loaded, '').map((file) => [file.path, file]));
  const files = review.files.map((facts) => loaded.get(facts.path) ?? placeholderFile(review, facts));
  return sortByFileOrder(files, (file) => file.path).map((file, index) => ({ ...file, index }));
}

/** The files with a page of sections parsed into them (each keeps its place), and the review with the page taken in. */
export function withSections(files: readonly ReviewFile[], review: PagedReviewData, sections: readonly ReviewSection[]): { files: ReviewFile[]; review: PagedReviewData } {
  if (sections.length === 0) return { files: [...files], review };
  const patch = sections.map((entry) => entry.section).join('');
  const indices = sections.map((entry) => entry.index);
  const parsed = new Map(parsedPage(review, patch, indices, `:${indices[0]}`).map((file) => [file.path, file]));
  const next = files.map((file) => {
    const arrived = parsed.get(file.path);
    return arrived ? { ...arrived, index: file.index } : file;
  });
  // The patch grows as a rope of the same strings (the preview's quotes read it); no copy is made.
  return { files: next, review: { ...review, patch: review.patch + patch, pages: { total: review.pages.total, loaded: [...review.pages.loaded, ...indices] } } };
}

/** Whether every section of a paged review has arrived. */
export function allSectionsLoaded(review: PagedReviewData): boolean {
  return review.pages.loaded.length >= review.pages.total;
}

function parsedPage(review: PagedReviewData, patch: string, indices: readonly number[], keySuffix: string): ReviewFile[] {
  const facts = indices.flatMap((index) => (review.files[index] ? [review.files[index]] : []));
  return parseReviewFiles({ patch, files: facts, fingerprint: review.fingerprint }, `${review.fingerprint.slice(0, 16)}${keySuffix}`);
}

function placeholderFile(review: PagedReviewData, facts: PagedReviewData['files'][number]): ReviewFile {
  const changed = facts.additions + facts.deletions;
  const extra = changed > 0 ? GUESSED_CONTEXT_ROWS : 0;
  const fileDiff = {
    ...emptyDiff(facts, review.fingerprint),
    splitLineCount: Math.max(facts.additions, facts.deletions) + extra,
    unifiedLineCount: changed + extra,
  };
  return toReviewFile(facts, fileDiff, '', 0, true);
}
