/**
 * `redline reply THREAD_ID --text TEXT [--addressed]`: the agent's answer on
 * a thread of the newest series, recorded with recordAgentActs (the series'
 * agent acts ref, compare-and-swap). The acts it can record are the agent's
 * kinds only (AgentActKind: reply, addressed): resolving, reopening, a
 * verdict, answering proposals and the reviewer's annotations are out of its
 * reach by type, and the server's reviewer routes refuse the agent's key.
 * The MCP tool reply_to_thread runs this same command.
 */
import { resolve } from 'node:path';
import { findUnsafeChars, formatCodePoint } from '@redline/core';
import type { CliIo } from '../../cliIo.js';
import { RedlineError } from '../../errors.js';
import { findRepository } from '../../git/findRepository.js';
import { agentActsRef, recordAgentActs } from '../../rounds/agentActs.js';
import { readOptions, optionValue, usageError } from '../readOptions.js';
import { readNewestSeries } from '../rounds/runRoundsCommand.js';
import { REPLY_HELP } from './replyHelp.js';

const OPTIONS = { text: { type: 'string' }, addressed: { type: 'boolean' }, repo: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

/** A reply is a sentence or a paragraph; this much is a mistake (a file piped in). */
const MAX_REPLY_CHARS = 20_000;

export async function runReply(argv: readonly string[], io: CliIo): Promise<number> {
  const read = readOptions(argv, OPTIONS);
  if (read.flags.has('help')) {
    io.stdout.write(REPLY_HELP);
    return 0;
  }
  const [thread, ...extra] = read.positionals;
  if (thread === undefined || extra.length > 0) throw usageError('redline reply takes one thread id (see redline threads)');
  const text = optionValue(read, 'text');
  if (text === undefined || text.trim() === '') throw usageError('--text TEXT is required: the words of the reply');
  if (text.length > MAX_REPLY_CHARS) throw usageError(`--text is over ${MAX_REPLY_CHARS} characters`);
  const hidden = findUnsafeChars(text, { carriageReturns: true }).find((found) => found.kind === 'control' || found.kind === 'bidi');
  if (hidden) {
    // Stored, they would reach the reviewer's terminal and every later export as they are.
    const what = hidden.codePoint === 0x0d ? 'a carriage return' : hidden.kind === 'bidi' ? 'a bidi control character' : 'a control character';
    throw usageError(`--text holds ${what} (${formatCodePoint(hidden.codePoint)}) at line ${hidden.line}, column ${hidden.column}; a reply is plain words and line breaks`);
  }
  const root = (await findRepository(resolve(io.cwd, optionValue(read, 'repo') ?? '.'))).root;
  const data = await readNewestSeries(root, io);
  if (!data.threads.some((t) => t.id === thread)) {
    throw new RedlineError('not-found', `no thread ${JSON.stringify(thread)} in review series ${data.seriesId} ('redline threads' lists them)`);
  }
  const act = read.flags.has('addressed') ? 'addressed' : 'reply';
  await recordAgentActs(root, data.seriesId, [{ thread, act, text }]);
  io.stderr.write(`Replied on thread ${thread}${act === 'addressed' ? ' and marked it addressed' : ''} (${agentActsRef(data.seriesId)}).\n`);
  return 0;
}
