/**
 * The one error class of the CLI and the server. Every failure a user or a
 * page can cause is a `RedlineError` with a `code`; both commands (`redline`
 * and `redline apply`, and the session verbs) map the code to an exit status and the server to an
 * HTTP status, all in one table here.
 */
import type { FileRefusalCode } from '@redline/core';

export type RedlineErrorCode =
  // CLI and git
  | 'usage'
  | 'not-a-repository'
  | 'unknown-ref'
  | 'empty-diff'
  | 'git-missing'
  | 'git-failed'
  | 'diff-too-large'
  | 'bad-patch'
  | 'unreadable-file'
  | 'write-failed'
  | 'port-in-use'
  | 'app-missing'
  | 'internal'
  // redline apply: the export, the --only ids or the repository cannot be used (exit 2, as a usage error)
  | 'bad-input'
  // a saved draft that cannot be read: kept aside under a new name, and said so
  | 'unreadable-draft'
  // redline rounds / threads: the repository has no review series
  | 'no-series'
  // review sessions (redline start / wait / status / stop): one open review per repository
  | 'review-open'
  | 'no-session'
  | 'session-gone'
  | 'other-repository'
  // HTTP
  | 'bad-request'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'method-not-allowed'
  | 'unsupported-media-type'
  | 'payload-too-large'
  | 'already-ended'
  | 'no-draft'
  // a draft save based on an older draft than the one on disk: another tab saved in between
  | 'draft-conflict'
  // questions to the agent: asked where no agent can read them, or answered twice
  | 'asking-unavailable'
  | 'already-answered'
  // open in editor: none configured or found, or one that runs in a terminal (the reviewer gets its command line)
  | 'no-editor'
  | 'terminal-editor'
  // a pull request's forge (forge/github/forgeErrors.ts): no token, or the forge's refusal
  | 'no-token'
  | 'forge-not-found'
  | 'forge-bad-token'
  | 'forge-forbidden'
  | 'forge-rate-limited'
  | 'forge-unreachable'
  | 'forge-failed'
  // the check before sending: one already runs, or no command is configured or confirmed yet
  | 'check-running'
  | 'check-command'
  // redline publish: the pull request's head moved since the round (its lines are the reviewed head's)
  | 'head-moved'
  // the file endpoint's refusals, sent to the page as the error code
  | FileRefusalCode;

/**
 * Exit codes of both commands: `redline` (its --help and docs/cli.md) and
 * `redline apply` (APPLY_HELP and docs/apply.md). They share 1 and 2.
 */
export const EXIT = {
  feedbackSent: 0,
  error: 1,
  usage: 2,
  closedWithoutFeedback: 3,
  /** redline wait: the review is still open when --timeout passed (nothing on stdout). */
  stillOpen: 4,
  /** redline wait: the reviewer asked the agent questions (printed on stdout): answer them, then wait again. */
  question: 5,
  interrupted: 130,
  terminated: 143,
  /** redline apply: every selected suggestion is applied, relocated or already applied. */
  allApplied: 0,
  /** redline apply: some suggestion was refused (nothing written unless --partial). */
  someRefused: 1,
} as const;

interface CodeMapping {
  exitCode: number;
  httpStatus: number;
}

const CODE_MAPPINGS = {
  usage: { exitCode: EXIT.usage, httpStatus: 400 },
  'not-a-repository': { exitCode: EXIT.error, httpStatus: 500 },
  'unknown-ref': { exitCode: EXIT.error, httpStatus: 400 },
  'empty-diff': { exitCode: EXIT.error, httpStatus: 409 },
  'git-missing': { exitCode: EXIT.error, httpStatus: 500 },
  'git-failed': { exitCode: EXIT.error, httpStatus: 500 },
  'diff-too-large': { exitCode: EXIT.error, httpStatus: 500 },
  'bad-patch': { exitCode: EXIT.error, httpStatus: 400 },
  'unreadable-file': { exitCode: EXIT.error, httpStatus: 500 },
  'write-failed': { exitCode: EXIT.error, httpStatus: 500 },
  'port-in-use': { exitCode: EXIT.error, httpStatus: 500 },
  'app-missing': { exitCode: EXIT.error, httpStatus: 500 },
  internal: { exitCode: EXIT.error, httpStatus: 500 },
  'bad-input': { exitCode: EXIT.usage, httpStatus: 400 },
  'unreadable-draft': { exitCode: EXIT.error, httpStatus: 422 },
  'no-series': { exitCode: EXIT.error, httpStatus: 404 },
  'review-open': { exitCode: EXIT.error, httpStatus: 409 },
  'no-session': { exitCode: EXIT.error, httpStatus: 404 },
  'session-gone': { exitCode: EXIT.error, httpStatus: 410 },
  'other-repository': { exitCode: EXIT.error, httpStatus: 403 },
  'bad-request': { exitCode: EXIT.error, httpStatus: 400 },
  unauthorized: { exitCode: EXIT.error, httpStatus: 401 },
  forbidden: { exitCode: EXIT.error, httpStatus: 403 },
  'not-found': { exitCode: EXIT.error, httpStatus: 404 },
  'method-not-allowed': { exitCode: EXIT.error, httpStatus: 405 },
  'unsupported-media-type': { exitCode: EXIT.error, httpStatus: 415 },
  'payload-too-large': { exitCode: EXIT.error, httpStatus: 413 },
  'already-ended': { exitCode: EXIT.error, httpStatus: 409 },
  'no-draft': { exitCode: EXIT.error, httpStatus: 404 },
  'draft-conflict': { exitCode: EXIT.error, httpStatus: 409 },
  'asking-unavailable': { exitCode: EXIT.error, httpStatus: 409 },
  'already-answered': { exitCode: EXIT.error, httpStatus: 409 },
  'no-editor': { exitCode: EXIT.error, httpStatus: 422 },
  'terminal-editor': { exitCode: EXIT.error, httpStatus: 422 },
  // The forge's refusals are the forge's, never the page's session: a 502 to the page.
  'no-token': { exitCode: EXIT.error, httpStatus: 502 },
  'forge-not-found': { exitCode: EXIT.error, httpStatus: 502 },
  'forge-bad-token': { exitCode: EXIT.error, httpStatus: 502 },
  'forge-forbidden': { exitCode: EXIT.error, httpStatus: 502 },
  'forge-rate-limited': { exitCode: EXIT.error, httpStatus: 502 },
  'forge-unreachable': { exitCode: EXIT.error, httpStatus: 502 },
  'forge-failed': { exitCode: EXIT.error, httpStatus: 502 },
  'check-running': { exitCode: EXIT.error, httpStatus: 409 },
  'check-command': { exitCode: EXIT.error, httpStatus: 409 },
  'head-moved': { exitCode: EXIT.error, httpStatus: 409 },
  'not-in-diff': { exitCode: EXIT.error, httpStatus: 404 },
  changed: { exitCode: EXIT.error, httpStatus: 409 },
  binary: { exitCode: EXIT.error, httpStatus: 422 },
  'not-utf8': { exitCode: EXIT.error, httpStatus: 422 },
  symlink: { exitCode: EXIT.error, httpStatus: 422 },
  'not-regular': { exitCode: EXIT.error, httpStatus: 422 },
  'too-large': { exitCode: EXIT.error, httpStatus: 422 },
  'patch-only': { exitCode: EXIT.error, httpStatus: 422 },
  deleted: { exitCode: EXIT.error, httpStatus: 422 },
  submodule: { exitCode: EXIT.error, httpStatus: 422 },
  'not-image': { exitCode: EXIT.error, httpStatus: 422 },
} satisfies Record<RedlineErrorCode, CodeMapping>;

export class RedlineError extends Error {
  readonly code: RedlineErrorCode;

  constructor(code: RedlineErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RedlineError';
    this.code = code;
  }
}

export function isRedlineError(error: unknown): error is RedlineError {
  return error instanceof RedlineError;
}

/** Whether a string is one of the codes (a server's refusal read back by the agent's client). */
export function isErrorCode(code: string): code is RedlineErrorCode {
  return Object.hasOwn(CODE_MAPPINGS, code);
}

export function exitCodeFor(code: RedlineErrorCode): number {
  return CODE_MAPPINGS[code].exitCode;
}

export function httpStatusFor(code: RedlineErrorCode): number {
  return CODE_MAPPINGS[code].httpStatus;
}
