/**
 * `redline check`'s runner, for the command and (later) the server alike:
 * the pending suggestions applied to a scratch copy of the reviewed state by
 * `redline apply`'s own planning (a suggestion apply would refuse stops the
 * check before anything runs), the check command run there in its own
 * process group, and the copy removed whatever happens (a pass, a failure, a
 * time limit, an interrupt, an error). Progress is a stream of events, so a
 * terminal and a page can both show it as it comes.
 *
 *   createScratchCopy ──> planSuggestionFiles (apply's rules) ──> write into the copy
 *     ──> runInProcessGroup (sh -c, time limit, whole group ended) ──> remove the copy
 */
import { realpath, writeFile } from 'node:fs/promises';
import { isSuccess, type SuggestionResult } from '../commands/apply/applyReport.js';
import type { Suggestion } from '../commands/apply/core.js';
import { planSuggestionFiles } from '../commands/apply/planSuggestionFiles.js';
import { readReviewedTexts } from '../commands/apply/readReviewedTexts.js';
import type { ApplySet } from '../commands/apply/readExportSuggestions.js';
import type { ReviewedState } from './reviewedState.js';
import { createScratchCopy } from './scratchCopy.js';
import { runInProcessGroup, type GroupRun, type OutputStream } from './runInProcessGroup.js';

export type CheckEvent =
  | { kind: 'copied'; files: number }
  | { kind: 'applied'; suggestions: number; files: number }
  | { kind: 'running'; command: string; timeoutMs: number }
  | { kind: 'output'; stream: OutputStream; text: string };

export interface CheckInput {
  /** The user's work tree: read, never written. */
  repoRoot: string;
  /** What is copied: the work tree, or the reviewed head commit's tree (a review of commits). */
  state: ReviewedState;
  suggestions: readonly Suggestion[];
  /** The earlier round of each carried suggestion (an export's). */
  roundOf: ReadonlyMap<Suggestion, number>;
  /** The fix sets over `suggestions`: each goes in whole or the check does not run (apply's planning). */
  fixSets: readonly ApplySet[];
  command: string;
  timeoutMs: number;
  env: NodeJS.ProcessEnv;
  /** Aborting ends the check: the command's group is ended and the copy removed. */
  signal?: AbortSignal;
  onEvent?: (event: CheckEvent) => void;
}

export type CheckOutcome =
  /** Some suggestion does not apply to the work tree as `redline apply` would find it: nothing was run. */
  | { kind: 'refused'; results: SuggestionResult[] }
  /** Interrupted before the command started. */
  | { kind: 'interrupted' }
  /** The command ran with every suggestion in; `suggestions` are their ids. */
  | { kind: 'ran'; suggestions: string[]; run: GroupRun };

export async function runCheck(input: CheckInput): Promise<CheckOutcome> {
  const emit = input.onEvent ?? (() => undefined);
  const reviewed = await readReviewedTexts(input.repoRoot, input.suggestions);
  const copy = await createScratchCopy(input.repoRoot, input.state);
  try {
    emit({ kind: 'copied', files: copy.files });
    if (input.signal?.aborted) return { kind: 'interrupted' };
    const { results, planned } = await planSuggestionFiles({
      root: copy.root,
      realRoot: await realpath(copy.root),
      selected: input.suggestions,
      roundOf: input.roundOf,
      reviewed,
      fixSets: input.fixSets,
    });
    const ordered = input.suggestions.map((s) => results.get(s)!);
    const refused = ordered.filter((r) => !isSuccess(r.status));
    if (refused.length > 0) return { kind: 'refused', results: refused };
    const changed = planned.filter((file) => file.plan.changed);
    for (const file of changed) await writeFile(file.target.full, file.plan.newText, 'utf8');
    emit({ kind: 'applied', suggestions: ordered.length, files: changed.length });
    if (input.signal?.aborted) return { kind: 'interrupted' };
    emit({ kind: 'running', command: input.command, timeoutMs: input.timeoutMs });
    const run = await runInProcessGroup({
      command: input.command,
      cwd: copy.root,
      env: input.env,
      timeoutMs: input.timeoutMs,
      signal: input.signal,
      onOutput: (stream, text) => emit({ kind: 'output', stream, text }),
    });
    return { kind: 'ran', suggestions: ordered.map((r) => r.id), run };
  } finally {
    await copy.remove();
  }
}
