/**
 * The check before sending as the page sees it (`GET /api/check`, and the
 * answer of `POST /api/check`): which command a check runs, and the current
 * run with its progress, its output from an offset and how it ended. The
 * server runs it (apps/cli/src/check/checkRunner.ts); the page draws it
 * (packages/review-editor/src/check/).
 */
import type { CheckedResult } from '../export/renderChecked.js';

/**
 * Where the command comes from: the repository's own configuration
 * (`"redline": { "check" }` in package.json, or `.redline.json`), a command
 * the reviewer confirmed once for this repository (kept with their own
 * preferences, never in the repository), or nothing yet: the commands the
 * repository suggests, for the reviewer to confirm one (none: nothing to offer).
 */
export type CheckCommandChoice =
  | { kind: 'configured'; command: string; from: 'package.json' | '.redline.json' }
  | { kind: 'confirmed'; command: string }
  | { kind: 'to-confirm'; offers: string[] };

/** How far a run is: the files copied, the suggestions applied, the command started. */
export interface CheckProgress {
  copiedFiles: number | null;
  applied: { suggestions: number; files: number } | null;
  running: boolean;
}

/** How a run stands. */
export type CheckRunState =
  | { kind: 'running' }
  /** The command exited, or its time limit ended it. */
  | { kind: 'finished'; checked: CheckedResult }
  /** The reviewer cancelled it (its process group ended, its copy removed). */
  | { kind: 'cancelled' }
  /** A suggestion does not apply to the reviewed text (as `redline apply` would refuse it): nothing ran. */
  | { kind: 'refused'; refused: { id: string; path: string; message: string }[] }
  /** The copy could not be made, or the like: nothing ran. */
  | { kind: 'failed'; message: string };

export interface CheckRunData {
  /** Counts up from 1 for each run of the review. */
  id: number;
  command: string;
  startedAt: string;
  /** Since it started, to its end once it ended. */
  elapsedMs: number;
  progress: CheckProgress;
  /**
   * The command's output (stdout and stderr as they came) from the offset
   * asked for (`?from=`, in UTF-16 units of the whole output) to now; `next`
   * is the offset to ask for next. The server keeps the last 256 KiB: an
   * older offset starts where it keeps (`from` says where).
   */
  output: { from: number; text: string; next: number };
  state: CheckRunState;
}

export interface CheckData {
  command: CheckCommandChoice;
  /** The review's current (or last) run; null before the first. */
  run: CheckRunData | null;
}

/** POST /api/check: `{}`, or the command the reviewer confirms (one of the offers). */
export type CheckStartBody = { command?: string };
