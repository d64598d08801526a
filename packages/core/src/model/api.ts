/**
 * The review server's HTTP API, shared by the server (apps/cli) and the page
 * (packages/review-editor) so both sides agree on paths and shapes.
 *
 * Authentication: the CLI prints/opens `/?token=<64 hex>`, a single-use link.
 * The page it opens posts that token once to `POST /api/session` in the
 * `X-Redline-Link` header and receives the session secret, which it keeps in
 * its origin's localStorage (`SESSION_STORAGE_KEY`) and sends on every API
 * call in the `X-Redline-Session` header (apps/cli/src/server/link/sessionAuth.ts
 * says why not a cookie). Every API call but the exchange needs it. Non-GET
 * requests must come from the server's own Origin and carry `Content-Type:
 * application/json` (415 otherwise).
 *
 * Errors are `ApiError` bodies: `{ error: { code, message } }`.
 */
import type {
  DraftData,
  FeedbackSubmission,
  FileContentsData,
  FreshnessData,
} from './types.js';
import type { ServedReviewData } from './pagedReview.js';
import type { RoundChangesData, RoundDiffData } from '../rounds/roundTypes.js';
import type { CommitSpanData, RangeCommitsData } from './rangeCommits.js';
import type { ProposalState } from '../proposals/proposalTypes.js';
import type { Tour } from '../tour/tourTypes.js';
import type { Question, QuestionAsk, QuestionAsking } from '../questions/questionTypes.js';
import type { Preferences } from './preferences.js';
import type { CheckData, CheckStartBody } from './checkRun.js';
import type { CompareAgainstData, CompareApplyResult, CompareData, CompareNamesBody, CompareNotesBody, ComparePicksBody } from '../compare/compareApi.js';

/**
 * The id of the server-rendered first screen in the review page
 * (apps/cli/src/server/firstScreen.ts renders it; the page removes it once
 * its own diff has painted: packages/review-editor/src/reviewLoading/firstScreen.ts).
 */
export const FIRST_SCREEN_ID = 'redline-first-screen';

/** The request header that carries the session secret (lower case, as Node reads headers). */
export const SESSION_HEADER = 'x-redline-session';
/** The request header of the one `POST /api/session` exchange: the single-use link token. */
export const LINK_HEADER = 'x-redline-link';
/**
 * On `PUT /api/draft`: the `updatedAt` of the draft this page last loaded or
 * saved, or `none` when it found none. A save based on anything else is
 * refused (409 `draft-conflict`): another tab saved in between, and the
 * save would silently overwrite it.
 */
export const DRAFT_BASE_HEADER = 'x-redline-draft-base';

/** Where the page keeps the session secret: its origin's localStorage, which no other port can read or write. */
export const SESSION_STORAGE_KEY = 'redline-session';

export const API = {
  /**
   * POST, header `X-Redline-Link: <link token>` -> SessionGrant; works once per link.
   * With `?review=show|ignore` the answer's body is the review (ReviewData, as
   * `GET /api/review` would answer it, `ignore` = `whitespace=ignore`) and the
   * secret is in its `X-Redline-Session` header: the page's first script then
   * needs one request, not the exchange and then the review.
   */
  session: '/api/session',
  /**
   * GET -> ReviewData. Query: `whitespace=ignore` re-reads the diff with `git diff -w`;
   * `renames=on|off` the reviewer's pairing of untracked renames (Settings.pairRenames).
   */
  review: '/api/review',
  /**
   * GET ?fingerprint=<fp>&from=<position>&bytes=<budget> -> ReviewSectionsData: a paged
   * review's sections from `from` on in the one file order, at least one and up to about
   * `bytes` of them; 409 `changed` when the server no longer holds that diff's patch.
   */
  reviewSections: '/api/review/sections',
  /** GET ?path=<path>&fingerprint=<fp> -> FileContentsData, or 404/409/422 ApiError with a FileRefusalCode. */
  file: '/api/file',
  /**
   * GET ?path=<path>&fingerprint=<fp>&side=old|new -> the picture's bytes, for a file
   * of the diff the core calls an image (isImageFile), at the review's revisions; its
   * Content-Type is decided from the bytes. Refused: 404 not-in-diff, 422 not-image /
   * too-large (over MAX_IMAGE_BYTES) / symlink, 409 changed.
   */
  image: '/api/image',
  /** GET ?fingerprint=<fp> -> FreshnessData. */
  freshness: '/api/freshness',
  /** GET ?fingerprint=<fp> -> DraftData | 404; PUT DraftData -> { ok: true }. */
  draft: '/api/draft',
  /** POST FeedbackSubmission -> FeedbackResult; the CLI then prints the export and exits 0. */
  feedback: '/api/feedback',
  /** POST {} -> { ok: true }; the review ends without feedback. */
  close: '/api/close',
  /** GET ?from=<tree>&to=<tree> -> RoundDiffData: `git diff` between two recorded round states of the review's series. */
  roundDiff: '/api/round-diff',
  /** GET ?from=<tree> -> RoundChangesData: which of the review's files differ now from a recorded round state. */
  roundChanges: '/api/round-changes',
  /** GET -> RangeCommitsData: the commits of a range or commit review, first-parent order, oldest first. */
  commits: '/api/commits',
  /** GET ?from=<sha>&to=<sha> -> CommitSpanData: the patch of a span of the range's commits; 404 for a commit outside it. */
  commitSpan: '/api/commit-span',
  /** GET -> ProposalsData: the agent's proposals with the reviewer's answers. */
  proposals: '/api/proposals',
  /** POST ProposalActBody -> { ok: true }: the reviewer accepts, edits, rejects or replies to a proposal (never the agent: 403). */
  proposalAnswer: '/api/proposals/answer',
  /**
   * POST QuestionAsk -> { id }: the reviewer asks the agent (a line, lines, a file, a proposal or
   * the whole review); answered in ProposalsData's `questions`. Refused (409) when `asking` is
   * unavailable, and with the agent's credential (403).
   */
  questions: '/api/questions',
  /**
   * PUT Preferences -> { ok: true }: the reviewer's settings, layout and name, written to
   * the user's preferences file (every field checked by readPreferences: 400 naming the
   * bad ones). The page receives them injected into itself (PREFERENCES_ELEMENT_ID).
   */
  preferences: '/api/preferences',
  /**
   * POST OpenInEditorBody -> { editor }: the reviewer's editor opens a file of the diff at a
   * line (the editor comes from redline's environment, never from the request). Refused: 404
   * not-in-diff, 422 deleted / symlink / no-editor / terminal-editor (its message holds the
   * command to run), and with the agent's credential (403).
   */
  openInEditor: '/api/open-in-editor',
  /**
   * The check before sending, the reviewer's only (the agent's credential: 403).
   * POST CheckStartBody -> CheckData: runs the check command with the draft's
   * suggestions in a scratch copy of the reviewed state (409 while one runs;
   * 409 `check-command` with the offers when no command is configured or
   * confirmed). GET ?from=<offset> -> CheckData. DELETE -> CheckData: cancels
   * the run (its process group ended, its copy removed).
   */
  check: '/api/check',
  /**
   * POST {} -> PublishResult: after a Send that asked for it (`publish: true`), the round just
   * recorded is posted to the review's pull request as one GitHub review (docs/rounds.md,
   * "Published to a pull request"). The reviewer's act: the agent's credential gets 403.
   */
  publish: '/api/publish',
  /**
   * PUT ManualPairsBody -> { ok: true }: the reviewer's pairs of a deleted and an added file,
   * each shown as one renamed file (docs/cli.md, "Pairing files by hand"); the whole list, so
   * an empty one unpairs every file. The next reading applies them. The reviewer's act: the
   * agent's credential gets 403.
   */
  manualPairs: '/api/manual-pairs',
  /** GET -> CompareData: a `redline compare` review's variants, base, overview and picks (404 in any other review). */
  compare: '/api/compare',
  /** PUT CompareNamesBody -> { ok: true }: rename variants. The reviewer's act: the agent's credential gets 403. */
  compareNames: '/api/compare/names',
  /** PUT ComparePicksBody -> { ok: true }: the reviewer's picks, all of them. The reviewer's act. */
  comparePicks: '/api/compare/picks',
  /**
   * POST {} -> CompareApplyResult: the picks as one fix set against the target's text, applied by
   * `redline apply`'s path all or nothing; refused, named, when the target has uncommitted changes.
   * Nothing but the target's picked files is written. The reviewer's act.
   */
  compareApply: '/api/compare/apply',
  /** PUT CompareNotesBody -> { ok: true }: one variant's verdict and comments, whole. The reviewer's act. */
  compareNotes: '/api/compare/notes',
  /** GET ?from=B&to=C&path=P -> CompareAgainstData: one file of variant `to` against variant `from` ("C against B"). */
  compareAgainst: '/api/compare/against',
} as const;

/** The `<meta name>` the server puts in a `redline compare` review's page, so the page offers the comparison without asking. */
export const COMPARE_MARKER_NAME = 'redline-compare';

/** A deleted file (`from`) and an added one (`to`) the reviewer compares as one renamed file. */
export interface ManualPair {
  from: string;
  to: string;
}

/** The reviewer's pairs, all of them. */
export interface ManualPairsBody {
  pairs: ManualPair[];
}

/** What Open in editor asks for: a file of the diff the page loaded, at a new-side line or at its top. */
export interface OpenInEditorBody {
  path: string;
  fingerprint: string;
  line: number | null;
}

/** What publishing a round did: posted a review, or found the one this round already is. `url`: the review on the forge. */
export type PublishResult = { kind: 'published'; url: string } | { kind: 'already-published'; url: string };

/**
 * The id of the `<script type="application/json">` element the server puts
 * right after `<head>` with the reviewer's preferences (apps/cli/src/server/reviewPage.ts):
 * the head script and the page start from it.
 */
export const PREFERENCES_ELEMENT_ID = 'redline-preferences';

/** The agent's proposals as the page draws them. */
export interface ProposalsData {
  proposals: ProposalState[];
  /** The agent's tour of its change (posted with `redline annotate`), or null when it posted none. */
  tour: Tour | null;
  /** The reviewer's questions to the agent, oldest first, each with its answer once the agent gave one. */
  questions: Question[];
  /** Whether an agent can read a question now (a `redline start` review), or why not. */
  asking: QuestionAsking;
}

/** A reviewer's act on a proposal: `accept` and `edit` name the annotation the page made of it. */
export type ProposalActBody =
  | { act: 'accept' | 'edit'; id: string; annotationId: string }
  | { act: 'reject'; id: string }
  | { act: 'reply'; id: string; text: string };

export interface FeedbackResult {
  ok: true;
  /** Exactly what the CLI prints on stdout (markdown, or JSON with --json). */
  output: string;
  format: 'markdown' | 'json';
}

/** One section of a paged review's patch, with its index into `files`. */
export interface ReviewSection {
  index: number;
  section: string;
}

/** A page of a paged review's sections; `next` is the position to ask from next, null after the last. */
export interface ReviewSectionsData {
  fingerprint: string;
  sections: ReviewSection[];
  next: number | null;
}

/** The answer to the link exchange: the secret to send as `X-Redline-Session`. */
export interface SessionGrant {
  session: string;
}

/** Response body type for each endpoint, for typed fetch helpers. */
export interface ApiResponses {
  session: SessionGrant;
  review: ServedReviewData;
  reviewSections: ReviewSectionsData;
  file: FileContentsData;
  freshness: FreshnessData;
  draft: DraftData;
  feedback: FeedbackResult;
  close: { ok: true };
  roundDiff: RoundDiffData;
  roundChanges: RoundChangesData;
  commits: RangeCommitsData;
  commitSpan: CommitSpanData;
  proposals: ProposalsData;
  proposalAnswer: { ok: true };
  questions: { id: string };
  preferences: { ok: true };
  openInEditor: { editor: string };
  check: CheckData;
  publish: PublishResult;
  manualPairs: { ok: true };
  compare: CompareData;
  compareNames: { ok: true };
  comparePicks: { ok: true };
  compareApply: CompareApplyResult;
  compareAgainst: CompareAgainstData;
  compareNotes: { ok: true };
}

export interface ApiRequests {
  draft: DraftData;
  feedback: FeedbackSubmission;
  close: Record<string, never>;
  proposalAnswer: ProposalActBody;
  questions: QuestionAsk;
  preferences: Preferences;
  openInEditor: OpenInEditorBody;
  check: CheckStartBody;
  publish: Record<string, never>;
  manualPairs: ManualPairsBody;
  compareNames: CompareNamesBody;
  comparePicks: ComparePicksBody;
  compareApply: Record<string, never>;
  compareNotes: CompareNotesBody;
}

/**
 * Largest file (bytes) the server serves for editing, and `redline apply`
 * applies to (one limit: a suggestion made in the editor must be appliable).
 * 8 MiB: the bench's F, one 100,000-line file of 4.0 MB, must open in an edit
 * session; bench/RESULTS.md measures typing in it. (It was 1 MiB.)
 */
export const MAX_EDITABLE_BYTES = 8 * 1024 * 1024;
