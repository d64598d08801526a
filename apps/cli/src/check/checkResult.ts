/**
 * What a check found, as one value: the `--json` document of `redline check`
 * and the one-line verdict ("`npm test` passed in 41 s with 3 suggestions"),
 * worded once here for the terminal and for whatever carries the result on
 * (the export's "checked" line, the page).
 */
import { formatCheckSeconds } from '@redline/core';
import type { SuggestionResult } from '../commands/apply/applyReport.js';
import type { CheckOutcome } from './runCheck.js';
import type { GroupEnding } from './runInProcessGroup.js';

export interface CheckResult {
  command: string;
  passed: boolean;
  /** The command's exit status; null when it was ended by a signal or never ran. */
  exitCode: number | null;
  signal: string | null;
  ms: number;
  /** The ids of the suggestions the check ran with (all of them, or none when it did not run). */
  suggestions: string[];
  /** The last lines of the command's output (stdout and stderr as they came). */
  tail: string[];
  /** `not-run`: a suggestion did not apply, or redline was interrupted first. */
  ending: GroupEnding | 'not-run';
  /** The suggestions that do not apply (the check then did not run), as `redline apply` words them. */
  refused: Pick<SuggestionResult, 'id' | 'path' | 'startLine' | 'endLine' | 'status' | 'reason' | 'message'>[];
}

export function checkResultOf(command: string, outcome: CheckOutcome): CheckResult {
  const notRun: Omit<CheckResult, 'refused'> = { command, passed: false, exitCode: null, signal: null, ms: 0, suggestions: [], tail: [], ending: 'not-run' };
  switch (outcome.kind) {
    case 'interrupted':
      return { ...notRun, refused: [] };
    case 'refused':
      return {
        ...notRun,
        refused: outcome.results.map(({ id, path, startLine, endLine, status, reason, message }) => ({ id, path, startLine, endLine, status, reason, message })),
      };
    case 'ran': {
      const { run } = outcome;
      return {
        command,
        passed: run.ending === 'exited' && run.exitCode === 0,
        exitCode: run.exitCode,
        signal: run.signal,
        ms: run.ms,
        suggestions: outcome.suggestions,
        tail: run.tail,
        ending: run.ending,
        refused: [],
      };
    }
  }
}

/** The verdict in one line, e.g. "`npm test` passed in 41 s with 3 suggestions". */
export function checkedLine(result: CheckResult, timeoutSeconds: number): string {
  const command = `\`${result.command}\``;
  const time = formatCheckSeconds(result.ms);
  const withWhat = `with ${result.suggestions.length} suggestion${result.suggestions.length === 1 ? '' : 's'}`;
  switch (result.ending) {
    case 'not-run':
      return result.refused.length > 0
        ? `${command} did not run: ${result.refused.length} suggestion${result.refused.length === 1 ? ' does' : 's do'} not apply to the reviewed text`
        : `${command} did not run: interrupted`;
    case 'interrupted':
      return `${command} was interrupted after ${time} ${withWhat}`;
    case 'timed-out':
      return `${command} did not finish within ${timeoutSeconds} s ${withWhat}: its process group was ended`;
    case 'exited':
      if (result.passed) return `${command} passed in ${time} ${withWhat}`;
      if (result.exitCode === 127) return `${command} failed in ${time} ${withWhat}: exit 127, the shell did not find the command`;
      return result.exitCode === null
        ? `${command} failed in ${time} ${withWhat}: ended by ${result.signal ?? 'a signal'}`
        : `${command} failed in ${time} ${withWhat}: exit ${result.exitCode}`;
  }
}
