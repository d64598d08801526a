/**
 * `redline rounds` and `redline threads`: the newest review series of the
 * repository, read from refs/redline/ without a browser. Exit 0, or 1 with
 * one line when there is no series.
 */
import { resolve } from 'node:path';
import { actKindWords, claimWords, countOf, signatureWords, THREAD_STATES, type ReviewRoundsData, type RoundCounts, type Thread, type ThreadState } from '@redline/core';
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
    lines.push(`round ${round.number}  ${forTerminal(round.time)}  ${round.verdict}  ${forTerminal(round.reviewer ?? '(no reviewer given)')}  ${countsWords(round.counts)}  state ${state}  ${signatureWords(round.signature)}`);
  }
  for (const claim of data.claims) lines.push(forTerminal(`round ${claim.number}  ${claim.time}  ${claim.verdict}  unverified: ${claimWords(claim)} (${claim.ref}); changes nothing  ${signatureWords(claim.signature)}`));
  return `${lines.join('\n')}\n`;
}

/** "2 comments, 1 suggestion; earlier threads: 1 resolve, 2 replies; agent proposals: 1 accepted, 1 rejected" (the parts with none left out). */
function countsWords(counts: RoundCounts): string {
  const parts = [`${countOf(counts.comments, 'comment')}, ${countOf(counts.suggestions, 'suggestion')}`];
  const acts = counts.threadActs ? actKindWords(counts.threadActs) : counts.acts > 0 ? [countOf(counts.acts, 'act')] : [];
  if (acts.length > 0) parts.push(`earlier threads: ${acts.join(', ')}`);
  const answers = counts.proposals;
  const answered = answers ? (['accepted', 'edited', 'rejected'] as const).filter((kind) => answers[kind] > 0).map((kind) => `${answers[kind]} ${kind}`) : [];
  if (answered.length > 0) parts.push(`agent proposals: ${answered.join(', ')}`);
  return parts.join('; ');
}

function formatThreads(threads: readonly Thread[]): string {
  if (threads.length === 0) return 'no threads\n';
  return threads
    .map((thread) => {
      const where = thread.lines ? `${thread.path}:${thread.lines.startLine}-${thread.lines.endLine}` : thread.path || '(general)';
      const applied = thread.kind === 'suggestion' ? (thread.applied ? ' applied' : ' not applied') : '';
      const agentReplies = thread.acts.filter((act) => act.by === 'agent').length;
      const replies = agentReplies > 0 ? `  ${countOf(agentReplies, 'agent reply', 'agent replies')}` : '';
      return forTerminal(`${thread.id}  round ${thread.round}  ${thread.reviewer ?? '(no reviewer given)'}  ${where}  ${thread.state}${applied}${replies}${threadWords(thread)}`);
    })
    .join('\n')
    .concat('\n');
}

/** Its first line of text, quoted; a suggestion sent without text says what it suggests instead (never `""`). */
function threadWords({ annotation }: Thread): string {
  const text = annotation.text.split('\n')[0] ?? '';
  if (text !== '') return `  ${JSON.stringify(text)}`;
  if (annotation.kind !== 'suggestion') return '';
  return annotation.deletion ? '  suggests deleting the lines' : `  suggests ${JSON.stringify(annotation.suggestedCode.split('\n')[0] ?? '')}`;
}
