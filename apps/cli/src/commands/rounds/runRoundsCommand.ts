/**
 * `redline rounds` and `redline threads`: the newest review series of the
 * repository, read from refs/redline/ without a browser. Exit 0, or 1 with
 * one line when there is no series.
 */
import { resolve } from 'node:path';
import { claimWords, signatureWords, THREAD_STATES, type ReviewRoundsData, type Thread, type ThreadState } from '@redline/core';
import type { CliIo } from '../../cliIo.js';
import { RedlineError } from '../../errors.js';
import { findRepository } from '../../git/findRepository.js';
import { readAllSeries } from '../../rounds/readSeries.js';
import { readRoundsData } from '../../rounds/readRoundsData.js';
import { forTerminal, skippedRefWarning } from '../../terminal/forTerminal.js';
import { optionValue, readOptions, usageError, type OptionSpec } from '../readOptions.js';
import { ROUNDS_HELP, THREADS_HELP } from './roundsHelp.js';

const OPTIONS = {
  json: { type: 'boolean' },
  repo: { type: 'string' },
  state: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Record<string, OptionSpec>;

export async function runRoundsCommand(command: 'rounds' | 'threads', args: readonly string[], io: CliIo): Promise<number> {
  const read = readOptions(args, OPTIONS);
  if (read.flags.has('help')) {
    io.stdout.write(command === 'rounds' ? ROUNDS_HELP : THREADS_HELP);
    return 0;
  }
  if (read.positionals.length > 0) throw usageError(`redline ${command} takes no arguments, got '${read.positionals[0]}'`);
  const state = optionValue(read, 'state');
  if (command === 'rounds' && state !== undefined) throw usageError('--state is an option of redline threads');
  if (state !== undefined && !(THREAD_STATES as readonly string[]).includes(state)) {
    throw usageError(`--state must be one of ${THREAD_STATES.join(', ')}, got '${state}'`);
  }
  const data = await readNewestSeries(resolve(io.cwd, optionValue(read, 'repo') ?? '.'), io);
  const json = read.flags.has('json');
  if (command === 'rounds') io.stdout.write(json ? `${JSON.stringify({ seriesId: data.seriesId, baseCommit: data.baseCommit, rounds: data.rounds, claims: data.claims }, null, 2)}\n` : formatRounds(data));
  else {
    const threads = data.threads.filter((thread) => state === undefined || thread.state === (state as ThreadState));
    io.stdout.write(json ? `${JSON.stringify({ seriesId: data.seriesId, threads, refused: data.refused }, null, 2)}\n` : formatThreads(threads));
  }
  return 0;
}

/** The newest review series of the repository at `dir`, read whole (redline reply finds its thread here too). */
export async function readNewestSeries(dir: string, io: CliIo): Promise<ReviewRoundsData> {
  const repository = await findRepository(dir);
  const reading = await readAllSeries(repository.root);
  for (const { ref, reason } of reading.skipped) io.stderr.write(`${skippedRefWarning(ref, reason)}\n`);
  const newest = reading.series[reading.series.length - 1];
  if (!newest) throw new RedlineError('no-series', `no review series in ${repository.root}: a round is recorded when you send feedback with redline`);
  const data = await readRoundsData(repository.root, newest);
  for (const line of roundsWarnings(data)) io.stderr.write(`${line}\n`);
  return data;
}

/** What a reading of a series refused or did not count, each line naming the ref it came from (escaped for the terminal: a teammate wrote it). */
export function roundsWarnings(data: Pick<ReviewRoundsData, 'claims' | 'refused'>): string[] {
  return [
    ...data.claims.map((claim) => `redline: warning: round ${claim.number} under ${claim.ref} ${claimWords(claim)}: shown as a claim, it changes no thread`),
    ...data.refused.map((thread) => `redline: warning: not reading thread ${thread.id} of round ${thread.round} under ${thread.ref}: its path ${JSON.stringify(thread.path)} is refused: ${thread.why}`),
  ].map(forTerminal);
}

function formatRounds(data: ReviewRoundsData): string {
  const lines = [`review series ${data.seriesId}; base ${data.baseCommit.slice(0, 7)}`];
  for (const round of data.rounds) {
    const state = round.state.kind === 'missing' ? `${round.state.tree.slice(0, 12)} (missing)` : round.state.tree.slice(0, 12);
    const { comments, suggestions, acts } = round.counts;
    lines.push(`round ${round.number}  ${forTerminal(round.time)}  ${round.verdict}  ${forTerminal(round.reviewer ?? '(no reviewer given)')}  ${comments} comments, ${suggestions} suggestions, ${acts} acts  state ${state}  ${signatureWords(round.signature)}`);
  }
  for (const claim of data.claims) lines.push(forTerminal(`round ${claim.number}  ${claim.time}  ${claim.verdict}  unverified: ${claimWords(claim)} (${claim.ref}); changes nothing  ${signatureWords(claim.signature)}`));
  return `${lines.join('\n')}\n`;
}

function formatThreads(threads: readonly Thread[]): string {
  if (threads.length === 0) return 'no threads\n';
  return threads
    .map((thread) => {
      const where = thread.lines ? `${thread.path}:${thread.lines.startLine}-${thread.lines.endLine}` : thread.path || '(general)';
      const applied = thread.kind === 'suggestion' ? (thread.applied ? ' applied' : ' not applied') : '';
      const text = thread.annotation.text.split('\n')[0] ?? '';
      return forTerminal(`${thread.id}  round ${thread.round}  ${thread.reviewer ?? '(no reviewer given)'}  ${where}  ${thread.state}${applied}  ${JSON.stringify(text)}`);
    })
    .join('\n')
    .concat('\n');
}
