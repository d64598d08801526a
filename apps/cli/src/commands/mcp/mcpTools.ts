/**
 * The tools `redline mcp` serves. Each runs the CLI verb itself (runStart,
 * runStatus, runWait) with its output captured, so the MCP server and the
 * commands cannot drift: the tool's text is what the verb printed, stdout
 * then stderr, and its exit code decides whether the call is an error.
 *
 * The agent's verbs only: no tool sends, closes, approves, resolves or
 * asks anything (answering the developer's question is the agent's act), as no agent surface may (the review-state seed's boundary; the
 * boundary test scans this file).
 */
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { CliIo } from '../../cliIo.js';
import { EXIT } from '../../errors.js';
import { runAnnotate } from '../annotate/runAnnotate.js';
import { runAnswer } from '../answer/runAnswer.js';
import { runReply } from '../reply/runReply.js';
import { runStart } from '../start/runStart.js';
import { runStatus } from '../status/runStatus.js';
import { runWait } from '../wait/runWait.js';
import { errorMessage } from '@redline/core';

export type Verb = (argv: readonly string[], io: CliIo) => Promise<number>;

/** A tool's answer, as the SDK's CallToolResult takes it (a type alias, so it has the index signature that result declares). */
export type ToolText = {
  content: { type: 'text'; text: string }[];
  isError?: boolean;
};

export interface ToolSpec {
  name: string;
  description: string;
  input: z.ZodRawShape;
  run(input: Record<string, unknown>, cwd: string): Promise<ToolText>;
}

/** An MCP wait returns within this: clients time tool calls out (60 s is common), so an agent calls it again. */
const MAX_WAIT_SECONDS = 50;

const repo = z
  .string()
  .optional()
  .describe('the repository\'s absolute path (default: the directory redline mcp runs in; pass it when the MCP server was configured user-wide, which starts it outside your repository)');

const variant = z
  .string()
  .optional()
  .describe('in a comparison of several attempts (redline compare A B C), your attempt\'s id (A, B, C…): posted into its column (redline annotate --variant)');

/** What start_review says to do next: the tool, not the shell command. */
const COLLECT_WITH_TOOL = `call wait_for_feedback to collect the feedback (it answers "still open" within ${MAX_WAIT_SECONDS} s: call it again)`;

export const MCP_TOOLS: readonly ToolSpec[] = [
  {
    name: 'start_review',
    description:
      'Open a Redline review of your changes in the developer\'s browser and return at once. The review link goes only to the developer (their browser, or `redline open` in their own terminal), never to you. Then call wait_for_feedback until it returns the feedback. Pass repo (the repository\'s absolute path) unless this MCP server runs inside the repository.',
    input: {
      target: z.string().optional().describe('a commit, A..B or A...B (default: the working tree against HEAD)'),
      base: z.string().optional().describe('review the working tree against the merge-base of this branch and HEAD'),
      staged: z.boolean().optional().describe('review the index against HEAD'),
      open: z.boolean().optional().describe('open the browser (default true)'),
      repo,
    },
    run: (input, cwd) => callVerb((argv, io) => runStart(argv, io, COLLECT_WITH_TOOL), startArgs(input), cwd),
  },
  {
    name: 'review_status',
    description: 'How the review stands: open, sent or closed, the diff\'s counts, whether the link was opened.',
    input: { repo },
    run: (input, cwd) => callVerb(runStatus, ['--json', ...repoArgs(input)], cwd),
  },
  {
    name: 'wait_for_feedback',
    description: `Wait up to timeoutSeconds (at most ${MAX_WAIT_SECONDS}) for the developer's feedback. Returns the feedback, "closed", "still open" (call it again), or the developer's questions (answer each with answer_question, then call it again).`,
    input: {
      timeoutSeconds: z.number().int().min(0).max(MAX_WAIT_SECONDS).optional().describe(`default ${MAX_WAIT_SECONDS}`),
      json: z.boolean().optional().describe('the feedback as JSON (with "decision") instead of markdown'),
      repo,
    },
    run: (input, cwd) => callVerb(runWait, waitArgs(input, Number(input.timeoutSeconds ?? MAX_WAIT_SECONDS)), cwd),
  },
  {
    name: 'get_feedback',
    description: 'The feedback if the developer has sent it, without waiting; otherwise "still open" or "closed".',
    input: { json: z.boolean().optional(), repo },
    run: (input, cwd) => callVerb(runWait, waitArgs(input, 0), cwd),
  },
  {
    name: 'post_findings',
    description:
      'Post your own findings into the running review (or keep them for the next one): the developer sees each as an agent proposal and answers it; the feedback says what became of each. Same JSON as redline annotate.',
    input: {
      findings: z.array(z.record(z.string(), z.unknown())).describe('each { kind: finding|question|note, path, side: new|old, lines: { start, end }, text, suggestion?: { original, replacement } }'),
      repo,
      variant,
    },
    run: (input, cwd) => callVerb(runAnnotate, annotateArgs(input), cwd, JSON.stringify({ findings: input.findings })),
  },
  {
    name: 'post_tour',
    description:
      'Post your own tour of your change into the running review: the steps in the order you want the developer to read them, each a file\'s lines and your words on what changed there and why. The developer walks it a step at a time in the page. A new tour replaces the earlier one. Same JSON as redline annotate\'s "tour".',
    input: {
      title: z.string().describe('what the change does, in a line'),
      steps: z.array(z.record(z.string(), z.unknown())).describe('each { path, side: new|old, lines: { start, end }, text }'),
      repo,
      variant,
    },
    run: (input, cwd) => callVerb(runAnnotate, annotateArgs(input), cwd, JSON.stringify({ tour: { title: input.title, steps: input.steps } })),
  },
  {
    name: 'answer_question',
    description:
      'Answer a question the developer asked you in the running review (wait_for_feedback returns it with its id). The answer appears under the question in their page. A suggestion proposes a replacement of new-side lines of the diff, which the developer accepts or rejects.',
    input: {
      id: z.string().describe('the question id'),
      text: z.string().describe('your answer'),
      suggestion: z
        .object({ path: z.string(), lines: z.object({ start: z.number().int(), end: z.number().int() }), original: z.string(), replacement: z.string() })
        .optional()
        .describe('a suggested replacement: the lines as they read now (original) and what to put there'),
      repo,
    },
    run: (input, cwd) =>
      callVerb(
        runAnswer,
        [String(input.id), '--text', String(input.text), ...(input.suggestion === undefined ? [] : ['--suggest', '-']), '--json', ...repoArgs(input)],
        cwd,
        input.suggestion === undefined ? '' : JSON.stringify(input.suggestion),
      ),
  },
  {
    name: 'reply_to_thread',
    description: 'Answer a thread of an earlier review round (redline threads lists them); addressed: true marks it addressed because you changed the code for it.',
    input: {
      thread: z.string().describe('the thread id'),
      text: z.string().describe('your reply'),
      addressed: z.boolean().optional(),
      repo,
    },
    run: (input, cwd) => callVerb(runReply, [String(input.thread), '--text', String(input.text), ...(input.addressed === true ? ['--addressed'] : []), ...repoArgs(input)], cwd),
  },
];

function repoArgs(input: Record<string, unknown>): string[] {
  return typeof input.repo === 'string' ? ['--repo', input.repo] : [];
}

/** `redline annotate`'s arguments for post_findings and post_tour: the post on stdin, and in a comparison the attempt's column. */
export function annotateArgs(input: Record<string, unknown>): string[] {
  return ['-', '--json', ...repoArgs(input), ...(typeof input.variant === 'string' ? ['--variant', input.variant] : [])];
}

/** `redline start`'s arguments for start_review: `--json` before the target, which comes last after `--`. */
export function startArgs(input: Record<string, unknown>): string[] {
  return ['--json', ...targetArgs(input)];
}

function targetArgs(input: Record<string, unknown>): string[] {
  const argv = repoArgs(input);
  if (typeof input.base === 'string') argv.push('--base', input.base);
  if (input.staged === true) argv.push('--staged');
  if (input.open === false) argv.push('--no-open');
  if (typeof input.target === 'string') argv.push('--', input.target);
  return argv;
}

function waitArgs(input: Record<string, unknown>, seconds: number): string[] {
  return ['--timeout', String(seconds), ...(input.json === true ? ['--json'] : []), ...repoArgs(input)];
}

/** Runs a verb as the command line would, its output captured; exit 3, 4 and 5 are answers, not errors. */
export async function callVerb(verb: Verb, argv: string[], cwd: string, stdin = ''): Promise<ToolText> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    cwd,
    env: process.env,
    stdin: Readable.from(stdin === '' ? [] : [Buffer.from(stdin)]),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    // An MCP answer goes to the agent: never a terminal, so never a review link.
    terminal: null,
  };
  const code = await verb(argv, io).catch((error: unknown) => {
    stderr += `${errorMessage(error)}\n`;
    return EXIT.error;
  });
  // A user-wide MCP configuration starts redline mcp in the agent's folder, often not the repository.
  if (code === EXIT.error && !argv.includes('--repo') && stderr.includes('not a git repository')) stderr += `redline mcp runs in ${cwd}: pass repo, the repository's absolute path.\n`;
  const text = [stdout, stderr, VERDICT_OF_EXIT[code] ?? ''].filter((part) => part !== '').join('\n');
  return { content: [{ type: 'text', text }], ...(code === 0 || code in VERDICT_OF_EXIT ? {} : { isError: true }) };
}

const VERDICT_OF_EXIT: Partial<Record<number, string>> = {
  [EXIT.closedWithoutFeedback]: 'closed: the developer closed the review without feedback; ask them what they want.',
  [EXIT.stillOpen]: 'still open: the developer has not sent feedback yet; call wait_for_feedback again.',
  [EXIT.question]: 'question: answer it with answer_question, then wait again.',
};
