/**
 * The check panel's words, from the server's CheckData and the page's
 * pending suggestions: the progress steps, the result line (the export's own
 * sentence, core's checkedSentence), whether the result is stale (the core's
 * checkCoversSuggestions: the rule the export goes by), and the output made
 * safe to show (terminal colour codes dropped, carriage returns as line
 * ends, invisible and bidirectional characters as visible escapes).
 */
import { checkCoversSuggestions, checkedSentence, escapeUnsafeChars, formatCheckSeconds, type CheckRunData } from '@redline/core';

export interface ProgressStep {
  words: string;
  state: 'done' | 'now' | 'waiting';
}

export function progressSteps(run: CheckRunData): ProgressStep[] {
  const { copiedFiles, applied, running } = run.progress;
  const going = run.state.kind === 'running';
  const step = (doneWords: string | null, waitingWords: string, started: boolean): ProgressStep =>
    doneWords !== null ? { words: doneWords, state: 'done' } : { words: waitingWords, state: started && going ? 'now' : 'waiting' };
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  return [
    step(copiedFiles === null ? null : `copied ${plural(copiedFiles, 'file')}`, 'copying the reviewed files', true),
    step(applied === null ? null : `applied ${plural(applied.suggestions, 'suggestion')} (${plural(applied.files, 'file')} changed)`, 'applying the suggestions', copiedFiles !== null),
    {
      // The command itself is the panel's "Command:" line.
      words: going ? `running the command${running ? ` · ${Math.floor(run.elapsedMs / 1000)} s` : ''}` : 'ran the command',
      state: running ? (going ? 'now' : 'done') : 'waiting',
    },
  ];
}

export type CheckVerdict =
  | { kind: 'running'; words: string }
  | { kind: 'passed' | 'failed'; words: string; stale: boolean }
  | { kind: 'not-run'; words: string };

/** The run's result in words; `pendingIds`: the suggestions the reviewer would send now. */
export function checkVerdict(run: CheckRunData, pendingIds: readonly string[]): CheckVerdict {
  const plain = (command: string) => `\`${command}\``;
  const { state } = run;
  switch (state.kind) {
    case 'running':
      return { kind: 'running', words: `Running ${plain(run.command)} for ${formatCheckSeconds(run.elapsedMs)}…` };
    case 'finished':
      return { kind: state.checked.passed ? 'passed' : 'failed', words: checkedSentence(state.checked, plain), stale: !checkCoversSuggestions(state.checked, pendingIds) };
    case 'cancelled':
      return { kind: 'not-run', words: `Cancelled after ${formatCheckSeconds(run.elapsedMs)}: its processes were ended and its copy removed.` };
    case 'refused':
      return {
        kind: 'not-run',
        words: `Did not run: ${state.refused.length === 1 ? 'a suggestion does' : `${state.refused.length} suggestions do`} not apply to the reviewed text (${state.refused.map((r) => `${r.path}: ${r.message}`).join('; ')}).`,
      };
    case 'failed':
      return { kind: 'not-run', words: `Did not run: ${state.message}` };
  }
}

/** CSI and OSC escape sequences of terminal colours and titles; linear (no nested quantifiers). */
const TERMINAL_CODES = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g;

/** The output as the panel shows it: colour codes dropped, CR as a line end, unsafe characters escaped. */
export function shownOutput(output: string): string {
  return escapeUnsafeChars(output.replace(TERMINAL_CODES, '').replace(/\r\n?/g, '\n'), { context: 'text' });
}
