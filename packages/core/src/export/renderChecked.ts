/**
 * The check before sending in the export: the reviewer ran the project's
 * own check command with the pending suggestions applied in a scratch copy
 * (the page's Check button, apps/cli/src/check/), and the export says how it
 * went, so the agent knows whether to trust the suggestions as written
 * (docs/feedback-format.md, "Checked before sending"). A last section in
 * the markdown (the parser stops at its heading, as at the questions'), a
 * `checked` object in the JSON; never read back.
 *
 * Only a check of exactly the suggestions sent is exported
 * (`checkCoversSuggestions`, the one stale rule: the page marks a check
 * "suggestions changed since the check" by it too).
 */
import { CHECKED_HEADING } from './feedbackMarkdownSyntax.js';
import { codeBlock, inlineCode } from './markdownWriters.js';

/** The lines of a failing check's output the export carries. */
export const CHECKED_TAIL_LINES = 20;

/** A check that ran to its end: the command exited, or its time limit ended its process group. */
export interface CheckedResult {
  command: string;
  passed: boolean;
  /** The command's exit status; null when a signal (the time limit's) ended it. */
  exitCode: number | null;
  ending: 'exited' | 'timed-out';
  ms: number;
  /** The ids of the suggestions that were in, in the review's order. */
  suggestions: string[];
  /** The last lines of its output, stdout and stderr as they came. */
  tail: string[];
}

/** "41 s", or "2.3 s" under ten seconds. */
export function formatCheckSeconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

/** Whether a check was made with exactly these suggestions (ids, any order): otherwise it is stale. */
export function checkCoversSuggestions(checked: Pick<CheckedResult, 'suggestions'>, suggestionIds: readonly string[]): boolean {
  const sent = new Set(suggestionIds);
  const ran = new Set(checked.suggestions);
  return sent.size === ran.size && [...sent].every((id) => ran.has(id));
}

/**
 * The verdict in words, e.g. "`npm test` passed in 41 s with these 3
 * suggestions"; `code` spells the command (the markdown's inline code, or
 * the page's plain backticks).
 */
export function checkedSentence(checked: Omit<CheckedResult, 'tail'>, code: (text: string) => string = inlineCode): string {
  const count = checked.suggestions.length;
  const withWhat = count === 0 ? 'with no suggestion' : `with ${count === 1 ? 'this suggestion' : `these ${count} suggestions`}`;
  const head = `${code(checked.command)} ${checked.passed ? 'passed' : checked.ending === 'timed-out' ? 'did not finish' : 'failed'} in ${formatCheckSeconds(checked.ms)} ${withWhat}`;
  if (checked.passed) return head;
  if (checked.ending === 'timed-out') return `${head}: the time limit ended it`;
  return checked.exitCode === null ? `${head}: ended by a signal` : `${head}: exit ${checked.exitCode}`;
}

export function renderCheckedMarkdown(checked: CheckedResult): string[] {
  const out = [CHECKED_HEADING, `checked: ${checkedSentence(checked)}`];
  if (checked.suggestions.length > 0) out.push(checked.suggestions.map((id) => `- ${inlineCode(id)}`).join('\n'));
  const tail = checkedTail(checked);
  if (tail.length > 0) out.push(codeBlock('**The end of its output:**', tail.join('\n'), 'text'));
  return out;
}

/** The JSON form: fixed key order; `tail` only for a check that did not pass. */
export function checkedToJson(checked: CheckedResult): CheckedResult {
  const { command, passed, exitCode, ending, ms, suggestions } = checked;
  return { command, passed, exitCode, ending, ms, suggestions: [...suggestions], tail: checkedTail(checked) };
}

function checkedTail(checked: CheckedResult): string[] {
  return checked.passed ? [] : checked.tail.slice(-CHECKED_TAIL_LINES);
}
