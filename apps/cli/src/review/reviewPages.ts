/**
 * The review in pages (docs/design/reviewInPages.md): past a threshold on
 * the whole patch, the review endpoint answers a manifest (every file's
 * facts, the fingerprint, the target) with only the first sections of the
 * one file order (`sortByFileOrder`, the tree's), and the page asks for the
 * rest with `GET /api/review/sections`, from the reading the server already
 * holds. Below the threshold nothing of this runs: the answer is the whole
 * review, as before.
 */
import { sortByFileOrder, splitPatchSections, type PagedReviewData, type ReviewData, type ReviewSection, type ReviewSectionsData } from '@redline/core';
import { RedlineError } from '../errors.js';

/**
 * Whole patches longer than this are paged: the bench's M (2.33 MB), L (16.5 MB) and XL (78.8 MB);
 * not S (159 KB), R (335 KB) or F (444 KB). At 32 MB, only XL was: paging M and L brought their
 * app's own diff from 876 to 782 ms and from 1.24 s to 862 ms (bench/RESULTS.md).
 */
export const DEFAULT_PAGE_BYTES_THRESHOLD = 2 * 1024 * 1024;
/** What lowers the threshold (a test's small change paged): a whole number of bytes. */
export const PAGE_THRESHOLD_VARIABLE = 'REDLINE_PAGE_BYTES_THRESHOLD';
/**
 * At most this many bytes of sections ride with the manifest: the first screen's files and a few screens
 * more. The page parses them before its first diff: 1 MB took 110-160 ms of it. With the default
 * threshold the first page is 64 KB (below): about 8 of M's or L's files.
 */
export const FIRST_PAGE_BYTES = 256 * 1024;

/** The first page's budget: 1/32 of the threshold, at most FIRST_PAGE_BYTES, so a lowered threshold pages a small change too. */
export function firstPageBytes(threshold: number): number {
  return Math.min(FIRST_PAGE_BYTES, Math.floor(threshold / 32));
}
/** The most a page of sections may ask for. */
export const MAX_PAGE_BYTES = 16 * 1024 * 1024;

/** The threshold from the environment (REDLINE_PAGE_BYTES_THRESHOLD), else the default; anything but a whole number is refused. */
export function pageBytesThreshold(env: Readonly<Record<string, string | undefined>>): number {
  const raw = env[PAGE_THRESHOLD_VARIABLE];
  if (raw === undefined || raw === '') return DEFAULT_PAGE_BYTES_THRESHOLD;
  if (!/^\d{1,15}$/.test(raw)) throw new RedlineError('usage', `${PAGE_THRESHOLD_VARIABLE} must be a whole number of bytes, not ${JSON.stringify(raw)}`);
  return Number(raw);
}

/** A reading's sections in the one file order, each with its index into `files`. */
export type OrderedSections = readonly ReviewSection[];

/**
 * Whether a reading is answered in pages: its whole patch is past the
 * threshold, counted in UTF-16 code units (bytes for ASCII text; counting
 * UTF-8 bytes would flatten the patch's rope, a copy of it, on every answer).
 */
export function isPastThreshold(data: ReviewData, threshold: number): boolean {
  return data.patch.length > threshold;
}

/**
 * The sections of a reading in the file order, or null when its sections do
 * not pair one to one with its files (git's output always does; a reading
 * that did not is answered whole).
 */
export function orderSections(data: ReviewData): OrderedSections | null {
  const sections = splitPatchSections(data.patch);
  if (sections.length !== data.files.length) return null;
  const order = sortByFileOrder(
    data.files.map((facts, index) => ({ path: facts.path, index })),
    (entry) => entry.path,
  );
  return order.map(({ index }) => ({ index, section: sections[index]! }));
}

/** Sections from position `from` on: at least one, then while they fit in `bytes`. */
export function sectionsPage(ordered: OrderedSections, fingerprint: string, from: number, bytes: number): ReviewSectionsData {
  const sections: ReviewSection[] = [];
  let used = 0;
  let at = from;
  while (at < ordered.length) {
    const next = ordered[at]!;
    const size = next.section.length;
    if (sections.length > 0 && used + size > bytes) break;
    sections.push(next);
    used += size;
    at++;
  }
  return { fingerprint, sections, next: at < ordered.length ? at : null };
}

/** The manifest: the reading with only the first page of sections in `patch`. */
export function pagedReview(data: ReviewData, ordered: OrderedSections, firstBytes: number): PagedReviewData {
  const first = sectionsPage(ordered, data.fingerprint, 0, firstBytes);
  return {
    ...data,
    patch: first.sections.map((entry) => entry.section).join(''),
    pages: { total: ordered.length, loaded: first.sections.map((entry) => entry.index) },
  };
}

/** The `from` and `bytes` of a sections request, validated. */
export function readPageRequest(query: URLSearchParams): { from: number; bytes: number } {
  return { from: wholeParam(query, 'from', Number.MAX_SAFE_INTEGER), bytes: Math.max(1, wholeParam(query, 'bytes', MAX_PAGE_BYTES)) };
}

function wholeParam(query: URLSearchParams, name: string, max: number): number {
  const values = query.getAll(name);
  if (values.length !== 1 || !/^\d{1,16}$/.test(values[0]!)) throw new RedlineError('bad-request', `query parameter '${name}' must be given once, as a whole number`);
  return Math.min(Number(values[0]), max);
}
