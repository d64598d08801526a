/**
 * The review server's HTTP API, shared by the server (apps/cli) and the page
 * (packages/review-editor) so both sides agree on paths and shapes.
 *
 * Authentication: the CLI prints/opens `/?token=<64 hex>`; the server swaps
 * that single-use token for an HttpOnly, SameSite=Strict session cookie and
 * answers with a tiny page that moves itself on to `/` (a 303 would lose the
 * SameSite=Strict cookie when the browser arrives from the launcher file).
 * Every other request needs the cookie. Non-GET requests
 * must come from the server's own Origin and carry `Content-Type:
 * application/json` (415 otherwise).
 *
 * Errors are `ApiError` bodies: `{ error: { code, message } }`.
 */
import type {
  DraftData,
  FeedbackSubmission,
  FileContentsData,
  FreshnessData,
  ReviewData,
} from './types.js';

/**
 * The id of the server-rendered first screen in the review page
 * (apps/cli/src/server/firstScreen.ts renders it; the page removes it once
 * its own diff has painted: packages/review-editor/src/services/firstScreen.ts).
 */
export const FIRST_SCREEN_ID = 'redline-first-screen';

export const API = {
  /** GET -> ReviewData. Query: `whitespace=ignore` re-reads the diff with `git diff -w`. */
  review: '/api/review',
  /** GET ?path=<path>&fingerprint=<fp> -> FileContentsData, or 404/409/422 ApiError with a FileRefusalCode. */
  file: '/api/file',
  /** GET ?fingerprint=<fp> -> FreshnessData. */
  freshness: '/api/freshness',
  /** GET ?fingerprint=<fp> -> DraftData | 404; PUT DraftData -> { ok: true }. */
  draft: '/api/draft',
  /** POST FeedbackSubmission -> FeedbackResult; the CLI then prints the export and exits 0. */
  feedback: '/api/feedback',
  /** POST {} -> { ok: true }; the review ends without feedback. */
  close: '/api/close',
} as const;

export interface FeedbackResult {
  ok: true;
  /** Exactly what the CLI prints on stdout (markdown, or JSON with --json). */
  output: string;
  format: 'markdown' | 'json';
}

/** Response body type for each endpoint, for typed fetch helpers. */
export interface ApiResponses {
  review: ReviewData;
  file: FileContentsData;
  freshness: FreshnessData;
  draft: DraftData;
  feedback: FeedbackResult;
  close: { ok: true };
}

export interface ApiRequests {
  draft: DraftData;
  feedback: FeedbackSubmission;
  close: Record<string, never>;
}

/**
 * Largest file (bytes) the server serves for editing, and `redline apply`
 * applies to (one limit: a suggestion made in the editor must be appliable).
 * 8 MiB: issue 6's F, one 100,000-line file of 4.0 MB, must open in an edit
 * session; bench/RESULTS.md measures typing in it. (It was 1 MiB.)
 */
export const MAX_EDITABLE_BYTES = 8 * 1024 * 1024;
