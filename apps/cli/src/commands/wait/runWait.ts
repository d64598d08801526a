/**
 * `redline wait [--timeout SECONDS] [--json]`: blocks until the reviewer
 * sends or closes the review that `redline start` opened, or the timeout
 * passes. Exit 0 with the feedback on stdout (exactly what plain `redline`
 * prints), 3 closed without feedback, 4 still open at the timeout (nothing
 * on stdout), 5 the reviewer asked questions (printed on stdout: answer them
 * with `redline answer`, then wait again), 1 no session, or a server that
 * died: never a hang.
 *
 * Each long poll asks the server for at most a minute; whatever it answers,
 * or if it does not, the session's record on disk is read again and decides.
 */
import { questionsToJson, renderClosedFeedbackJson, renderQuestionBlocks, type Question } from '@redline/core';
import { AgentClient } from '../../agent/agentClient.js';
import type { CliIo } from '../../cliIo.js';
import { EXIT, RedlineError } from '../../errors.js';
import { AGENT_WAIT_MAX_MS, type AgentWaitAnswer } from '../../server/agent/agentApi.js';
import type { SessionRecord } from '../../sessions/sessionRecord.js';
import { SessionStore, type FoundSession } from '../../sessions/sessionStore.js';
import { openSessionVerb } from '../parseSessionArgs.js';
import { WAIT_HELP } from './waitHelp.js';

/** How long a failed poll waits before it asks once more. */
const RETRY_AFTER_MS = 250;

export async function runWait(argv: readonly string[], io: CliIo): Promise<number> {
  const opened = await openSessionVerb('wait', argv, io, WAIT_HELP);
  if (!opened) return 0;
  const { args, store } = opened;
  return waitForReview(store, { timeoutMs: args.timeoutMs, json: args.json }, io);
}

export async function waitForReview(store: SessionStore, options: { timeoutMs: number | null; json: boolean }, io: CliIo): Promise<number> {
  const deadline = options.timeoutMs === null ? Infinity : Date.now() + options.timeoutMs;
  let found = await store.find();
  for (;;) {
    if (found.kind !== 'live') return deliver(found, store, options.json, io);
    const record = found.record;
    if (record.mode === 'foreground') {
      throw new RedlineError('no-session', `the review open here is run by a plain 'redline' (pid ${record.pid}), which prints the feedback itself; start agent reviews with 'redline start'`);
    }
    const answered = await poll(store, record, Math.min(deadline - Date.now(), AGENT_WAIT_MAX_MS));
    if (answered?.state === 'question') return printQuestions(answered.questions, options.json, io);
    found = await store.find();
    if (found.kind === 'live' && !answered) {
      // Its port refuses or it gave no answer in time: nothing will ever answer this session; it is cleaned up.
      await store.remove(record.id);
      throw serverGone(record, 'stopped answering');
    }
    if (found.kind === 'live' && Date.now() >= deadline) return EXIT.stillOpen;
  }
}

/**
 * One long poll; false when the server could not be reached or gave no
 * answer in time, twice: a single failed request (a connection cut as it
 * opened) is asked again once, a moment later, before the server counts as gone.
 */
async function poll(store: SessionStore, record: SessionRecord, timeoutMs: number): Promise<AgentWaitAnswer | null> {
  const client = new AgentClient(record.port, await store.readAgentKey(record.id));
  const ask = () => client.wait(Math.max(0, Math.floor(timeoutMs))).catch(() => null);
  const first = await ask();
  if (first) return first;
  await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
  return ask();
}

/** The reviewer's questions, for the agent to answer before it waits again (exit 5). */
function printQuestions(questions: readonly Question[], json: boolean, io: CliIo): number {
  if (json) io.stdout.write(`${JSON.stringify({ decision: 'question', questions: questionsToJson(questions) }, null, 2)}\n`);
  else {
    const count = questions.length === 1 ? 'a question' : `${questions.length} questions`;
    io.stdout.write(`# The reviewer asks you\n\nThe review is still open; the reviewer asked you ${count}. Answer each with \`redline answer ID --text "..."\` (\`--suggest FILE\` to propose a replacement), then run \`redline wait\` again.\n\n`);
    io.stdout.write(renderQuestionBlocks(questions));
  }
  return EXIT.question;
}

async function deliver(found: Exclude<FoundSession, { kind: 'live' }>, store: SessionStore, json: boolean, io: CliIo): Promise<number> {
  if (found.kind === 'none') throw new RedlineError('no-session', "no review session in this repository; start one with 'redline start'");
  const record = found.record;
  if (found.kind === 'gone' || record.state === 'open') throw serverGone(record, 'is gone');
  if (record.state === 'closed') {
    io.stderr.write('Review closed without feedback.\n');
    if (json) io.stdout.write(renderClosedFeedbackJson());
    await store.remove(record.id);
    return EXIT.closedWithoutFeedback;
  }
  io.stdout.write(await store.readFeedback(record.id, json ? 'json' : 'md'));
  if (record.copy) io.stderr.write(`Feedback sent; a copy is in ${record.copy}\n`);
  await store.remove(record.id);
  return EXIT.feedbackSent;
}

function serverGone(record: SessionRecord, what: string): RedlineError {
  return new RedlineError('session-gone', `the review server (pid ${record.pid}, port ${record.port}) ${what} before the reviewer sent feedback; the draft is kept: run 'redline start' again`);
}
