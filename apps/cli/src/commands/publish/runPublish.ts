/**
 * `redline publish [--round ID] [--yes] [--repo DIR]`: a sent round posted to
 * its pull request as one GitHub review (forge/publish/publishRound.ts). A
 * reviewer's act: it asks on the terminal first, and without one (stdin and
 * stderr not both a TTY: a pipe, an agent's shell) it refuses unless --yes,
 * which only a person types into their own command.
 */
import { resolve } from 'node:path';
import { reviewEventOf } from '@redline/core';
import type { CliIo } from '../../cliIo.js';
import { EXIT } from '../../errors.js';
import { findRepository } from '../../git/findRepository.js';
import { findPublishableRound, type RoundChoice } from '../../forge/publish/findPublishableRound.js';
import { publishRound } from '../../forge/publish/publishRound.js';
import { askYesNo, isTerminalStream } from '../../terminal/askYesNo.js';
import { optionValue, readOptions, usageError } from '../readOptions.js';
import { PUBLISH_HELP } from './publishHelp.js';

const OPTIONS = { round: { type: 'string' }, yes: { type: 'boolean' }, repo: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

export async function runPublish(argv: readonly string[], io: CliIo): Promise<number> {
  const read = readOptions(argv, OPTIONS);
  if (read.flags.has('help')) {
    io.stdout.write(PUBLISH_HELP);
    return 0;
  }
  if (read.positionals.length > 0) throw usageError(`redline publish takes no arguments (got ${JSON.stringify(read.positionals[0])}); --round ID names a round`);
  const confirmed = read.flags.has('yes');
  const terminal = io.terminal;
  if (!confirmed && (terminal === null || !isTerminalStream(io.stdin))) {
    throw usageError('publishing is the reviewer\'s act: run it in a terminal to confirm, or pass --yes');
  }
  const roundId = optionValue(read, 'round');
  const choice: RoundChoice = roundId === undefined ? { kind: 'latest' } : { kind: 'named', id: roundId };
  const root = (await findRepository(resolve(io.cwd, optionValue(read, 'repo') ?? '.'))).root;
  const round = await findPublishableRound(root, choice);
  const { owner, repo, number } = round.pullRequest;
  if (!confirmed) {
    const question = `Publish round ${round.number} to ${owner}/${repo}#${number} as ${reviewEventOf(round.review.verdict)}? [y/N] `;
    if (!(await askYesNo(io.stdin, terminal!, question))) {
      io.stderr.write('Not published.\n');
      return EXIT.closedWithoutFeedback;
    }
  }
  const outcome = await publishRound(root, round, io.env);
  if (outcome.kind === 'already-published') {
    io.stderr.write(`Round ${round.number} is already published; nothing posted.\n`);
    io.stdout.write(`already published: ${outcome.url}\n`);
    return 0;
  }
  io.stderr.write(`Published round ${round.number} to ${owner}/${repo}#${number} as ${outcome.event}.\n`);
  io.stdout.write(`${outcome.url}\n`);
  return 0;
}
