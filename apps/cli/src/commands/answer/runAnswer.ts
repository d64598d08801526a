/**
 * `redline answer QUESTION_ID --text TEXT [--suggest FILE|-]`: the agent's
 * answer to a question the reviewer asked in the running review (its wait
 * printed it), checked here first (the field named, nothing posted), then
 * posted with the agent's key; the server refuses an unknown or answered
 * question by id, and a suggestion off the diff's lines. The MCP tool
 * answer_question runs this same command.
 */
import type { QuestionReply } from '@redline/core';
import { AgentClient } from '../../agent/agentClient.js';
import { findStateDir } from '../../agent/findStateDir.js';
import type { CliIo } from '../../cliIo.js';
import { RedlineError } from '../../errors.js';
import { readQuestionReply } from '../../questions/readQuestions.js';
import { SessionStore } from '../../sessions/sessionStore.js';
import { readJsonInput } from '../annotate/runAnnotate.js';
import { optionValue, readOptions, usageError } from '../readOptions.js';
import { ANSWER_HELP } from './answerHelp.js';

const OPTIONS = { text: { type: 'string' }, suggest: { type: 'string' }, json: { type: 'boolean' }, repo: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

export async function runAnswer(argv: readonly string[], io: CliIo): Promise<number> {
  const read = readOptions(argv, OPTIONS);
  if (read.flags.has('help')) {
    io.stdout.write(ANSWER_HELP);
    return 0;
  }
  const [id, ...extra] = read.positionals;
  if (id === undefined || extra.length > 0) throw usageError("redline answer takes one question id (the one 'redline wait' printed)");
  const text = optionValue(read, 'text');
  if (text === undefined) throw usageError('--text TEXT is required: the words of your answer');
  const suggestFrom = optionValue(read, 'suggest');
  const suggestion = suggestFrom === undefined ? null : await readJsonInput(suggestFrom, io, { subject: 'the suggestion is', whenTooLarge: 'suggest fewer lines' });
  const reply: QuestionReply = readQuestionReply({ id, text, suggestion });
  const stateDir = await findStateDir(io.cwd, optionValue(read, 'repo') ?? null);
  const store = new SessionStore(stateDir);
  const found = await store.find();
  if (found.kind !== 'live') throw new RedlineError('no-session', "no review is running here: questions come from a review 'redline start' opened; nothing was answered");
  const client = new AgentClient(found.record.port, await store.readAgentKey(found.record.id));
  const answer = await client.postAnswer(JSON.stringify(reply));
  const proposal = answer.proposalId === null ? '' : `; your suggestion is proposal ${answer.proposalId}, for the reviewer to accept or reject`;
  io.stderr.write(`Answered question ${reply.id}${proposal}. The reviewer sees it in the page; run 'redline wait' again.\n`);
  if (read.flags.has('json')) io.stdout.write(`${JSON.stringify(answer)}\n`);
  return 0;
}
