/**
 * `redline check`: the reviewer's own command (never an agent verb: it is in
 * no agent integration and not served by `redline mcp`). It reads the
 * command to run from the reviewer's configuration (check/checkConfig.ts),
 * the pending suggestions from the open review's draft or a saved export,
 * runs the check (check/runCheck.ts) and prints the verdict: the command's
 * output streams to stderr as it comes, the verdict line goes to stdout
 * (or the `--json` document), and a failure's last lines are repeated on
 * stderr.
 *
 * Exit status: 0 passed; 1 failed, timed out, or a suggestion does not
 * apply (the command did not run); 2 usage, no command configured, or an
 * unreadable export; 130/143 interrupted (the scratch copy removed first).
 */
import { join, resolve } from 'node:path';
import type { CliIo } from '../../cliIo.js';
import { readCheckConfig } from '../../check/checkConfig.js';
import { checkedLine, checkResultOf, type CheckResult } from '../../check/checkResult.js';
import { readDraftSuggestions } from '../../check/readDraftSuggestions.js';
import { reviewedStateOf, type ReviewedState } from '../../check/reviewedState.js';
import { runCheck, type CheckEvent } from '../../check/runCheck.js';
import { EXIT, RedlineError } from '../../errors.js';
import { findRepository } from '../../git/findRepository.js';
import { formatResultRows } from '../apply/applyReport.js';
import { CheckCommandStore } from '../../preferences/checkCommandStore.js';
import { preferencesDir } from '../../preferences/preferencesStore.js';
import type { Suggestion } from '../apply/core.js';
import type { ApplySet } from '../apply/readExportSuggestions.js';
import { readExportSuggestions } from '../apply/readExportSuggestions.js';
import { CHECK_HELP } from './checkHelp.js';
import { parseCheckArgs } from './parseCheckArgs.js';

export async function runCheckCommand(args: readonly string[], io: CliIo): Promise<number> {
  const options = parseCheckArgs(args);
  if (options.help) {
    io.stdout.write(CHECK_HELP);
    return 0;
  }
  const repository = await findRepository(resolve(io.cwd, options.repo ?? '.'), 'check');
  const config = await readCheckConfig(repository.root, { command: options.command, timeoutSeconds: options.timeoutSeconds });
  // With none configured, the offer the reviewer confirmed in the page for this repository (kept with their preferences).
  const command = config.command.text ?? (await new CheckCommandStore(preferencesDir(io.env)).confirmed(repository.root));
  if (command === null) throw new RedlineError('usage', noCommandMessage(config.command.text === null ? config.command.offers : []));

  const pending = await readPending(options.exportFile, io, join(repository.gitDir, 'redline'));
  if (pending.unsentSuggestion) io.stderr.write('redline check: the suggestion still in its form (not added yet) is not checked\n');
  const checkedOn = pending.reviewed.kind === 'commit' ? `commit ${pending.reviewed.commit.slice(0, 12)}'s tree` : 'the work tree';
  if (pending.suggestions.length === 0) io.stderr.write(`redline check: no pending suggestions: ${checkedOn} is checked as it is\n`);

  const aborted = new AbortController();
  let interruptedBy: 'SIGINT' | 'SIGTERM' | null = null;
  void io.interrupted?.then((signal) => {
    interruptedBy = signal;
    aborted.abort();
  });
  const outcome = await runCheck({
    repoRoot: repository.root,
    state: pending.reviewed,
    suggestions: pending.suggestions,
    roundOf: pending.roundOf,
    fixSets: pending.fixSets,
    command,
    timeoutMs: config.timeoutSeconds * 1000,
    env: io.env,
    signal: aborted.signal,
    onEvent: (event) => io.stderr.write(progressText(event, checkedOn)),
  });
  const result = checkResultOf(command, outcome);
  const verdict = checkedLine(result, config.timeoutSeconds);
  if (outcome.kind === 'refused') {
    io.stderr.write(formatResultRows(outcome.results, 'check'));
    io.stderr.write('redline check: these suggestions do not apply to the reviewed text (redline apply would refuse them); the check did not run\n');
  } else if (!result.passed && result.tail.length > 0) {
    io.stderr.write(`redline check: the last ${result.tail.length} line(s) of its output:\n${result.tail.map((line) => `  ${line}\n`).join('')}`);
  }
  io.stderr.write(`redline check: ${verdict}\n`);
  if (options.json) io.stdout.write(`${JSON.stringify(jsonOf(result), null, 2)}\n`);
  else io.stdout.write(`${result.passed ? 'passed' : 'failed'}: ${verdict}\n`);
  if (interruptedBy !== null) return interruptedBy === 'SIGINT' ? EXIT.interrupted : EXIT.terminated;
  return result.passed ? 0 : EXIT.error;
}

interface Pending {
  suggestions: Suggestion[];
  roundOf: ReadonlyMap<Suggestion, number>;
  fixSets: readonly ApplySet[];
  unsentSuggestion: boolean;
  /** The review's reviewed state: a review of commits is checked on its head commit's tree. */
  reviewed: ReviewedState;
}

async function readPending(exportFile: string | null, io: CliIo, stateDir: string): Promise<Pending> {
  if (exportFile !== null) {
    const read = await readExportSuggestions(exportFile, io.cwd, io.stdin);
    return { suggestions: read.suggestions, roundOf: read.roundOf, fixSets: read.fixSets, unsentSuggestion: false, reviewed: reviewedStateOf(read.target) };
  }
  const draft = await readDraftSuggestions(stateDir);
  return { ...draft, roundOf: new Map() };
}

function progressText(event: CheckEvent, checkedOn: string): string {
  switch (event.kind) {
    case 'copied':
      return `redline check: copied ${event.files} file(s) of ${checkedOn} to a scratch copy\n`;
    case 'applied':
      return `redline check: applied ${event.suggestions} suggestion(s) there (${event.files} file(s) changed)\n`;
    case 'running':
      return `redline check: running ${event.command} (time limit ${event.timeoutMs / 1000} s)\n`;
    case 'output':
      return event.text;
  }
}

/** The documented `--json` keys, in order. */
function jsonOf(result: CheckResult): CheckResult {
  const { command, passed, exitCode, signal, ms, suggestions, tail, ending, refused } = result;
  return { command, passed, exitCode, signal, ms, suggestions, tail, ending, refused };
}

function noCommandMessage(offers: readonly string[]): string {
  const write = 'or write it in package.json as "redline": { "check": "<command>" } (or in .redline.json as { "check": "<command>" })';
  if (offers.length === 0) return `no check command configured, and this repository has none to offer (no test script, tsconfig.json or Makefile check target): pass --command CMD, ${write}`;
  const listed = offers.map((offer) => `'${offer}'`).join(', ');
  return `no check command configured; from what this repository has, redline would offer ${listed}: confirm one with --command '${offers[0]}', ${write}`;
}
