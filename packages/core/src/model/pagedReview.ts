/**
 * The review in pages (docs/design/reviewInPages.md): what the review
 * endpoint answers past the paging threshold, beside the whole review.
 */
import type { ReviewData } from './types.js';

/**
 * Which sections a paged answer's `patch` holds (docs/design/reviewInPages.md):
 * `total` sections in all, `loaded` the indices into `files` of those it
 * holds, the first ones in the one file order (`sortByFileOrder`); the rest
 * come from `GET /api/review/sections`, from position `loaded.length` on.
 */
export interface ReviewPages {
  total: number;
  loaded: number[];
}

/** A review past the paging threshold: every file's facts, the first sections only. */
export interface PagedReviewData extends ReviewData {
  pages: ReviewPages;
}

/**
 * The review as the server answers it: whole (every section in `patch`, no
 * `pages`) or paged (a manifest and the first sections). Tell them apart with
 * `isPagedReview`.
 */
export type ServedReviewData = ReviewData | PagedReviewData;

export function isPagedReview(review: ServedReviewData): review is PagedReviewData {
  return 'pages' in review;
}
