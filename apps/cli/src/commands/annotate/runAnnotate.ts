/**
 * `redline annotate FILE|-`: the agent's findings, checked here first (the
 * field path of the first problem, nothing posted), then posted into the
 * repository's running review with the agent's key (the server refuses a
 * path outside the diff by name), or kept for the next review when none
 * runs. The MCP tool post_findings runs this same command.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { MAX_FINDINGS, MAX_FINDINGS_BYTES, errorMessage, type Finding, type Tour } from '@redline/core';
import { AgentClient } from '../../agent/agentClient.js';
import { findStateDir } from '../../agent/findStateDir.js';
import type { CliIo } from '../../cliIo.js';
import { RedlineError } from '../../errors.js';
import { keepFindings, pendingFindingsPath } from '../../proposals/pendingFindings.js';
import { readFindings, readTour } from '../../proposals/readFindings.js';
import { forTerminal } from '../../terminal/forTerminal.js';
import { SessionStore } from '../../sessions/sessionStore.js';
import { listWorktrees } from '../../compare/listWorktrees.js';
import { decodeStrictUtf8 } from '../../validation/strictUtf8.js';
import { optionValue, readOptions, usageError } from '../readOptions.js';
import { ANNOTATE_HELP } from './annotateHelp.js';

const OPTIONS = { repo: { type: 'string' }, variant: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;

export async function runAnnotate(argv: readonly string[], io: CliIo): Promise<number> {
  const read = readOptions(argv, OPTIONS);
  if (read.flags.has('help')) {
    io.stdout.write(ANNOTATE_HELP);
    return 0;
  }
  if (read.positionals.length !== 1) throw usageError("redline annotate takes one argument: a findings file, or '-' for standard input");
  const posting = readPosting(await readJsonInput(read.positionals[0]!, io));
  // `--variant ID`: in a `redline compare` review, the findings and the tour of that variant's own agent.
  const variant = optionValue(read, 'variant') ?? null;
  const stateDir = await findStateDir(io.cwd, optionValue(read, 'repo') ?? null);
  const json = read.flags.has('json');
  const { store, found } = variant === null ? await sessionIn(stateDir) : await compareSession(io.cwd, stateDir);
  if (found.kind !== 'live') {
    if (variant !== null) throw new RedlineError('no-session', `no review is running here: what variant ${forTerminal(variant)}'s agent posts goes to a running 'redline compare'; nothing was posted`);
    if (posting.tour !== null) throw new RedlineError('no-session', "no review is running here: a tour goes to a running review ('redline start' first); nothing was posted");
    const kept = await keepFindings(stateDir, posting.findings);
    io.stderr.write(`No review is running here; ${posting.findings.length} finding${posting.findings.length === 1 ? '' : 's'} kept for the next one (${kept} in ${pendingFindingsPath(stateDir)}).\n`);
    if (json) io.stdout.write(`${JSON.stringify({ kept })}\n`);
    return 0;
  }
  const client = new AgentClient(found.record.port, await store.readAgentKey(found.record.id));
  const answer: { added?: string[]; known?: string[]; tourSteps?: number } = {};
  if (posting.tour !== null) {
    answer.tourSteps = (await client.postTour(JSON.stringify(variant === null ? { tour: posting.tour } : { tour: posting.tour, variant }))).steps;
    const where = variant === null ? 'the reviewer can walk it in the page' : `in variant ${forTerminal(variant)}'s column of the comparison`;
    io.stderr.write(`Posted your tour, "${forTerminal(posting.tour.title)}": ${answer.tourSteps} step${answer.tourSteps === 1 ? '' : 's'}; ${where}.\n`);
  }
  if (posting.findings.length > 0 || posting.tour === null) {
    const posted = await client.postProposals(JSON.stringify(variant === null ? { findings: posting.findings } : { findings: posting.findings, variant }));
    Object.assign(answer, posted);
    const as = variant === null ? 'as proposals' : `for variant ${forTerminal(variant)}`;
    io.stderr.write(`Posted ${posting.findings.length} finding${posting.findings.length === 1 ? '' : 's'} ${as}: ${posted.added.length} new, ${posted.known.length} already in the review.\n`);
  }
  if (json) io.stdout.write(`${JSON.stringify(answer)}\n`);
  return 0;
}

async function sessionIn(stateDir: string) {
  const store = new SessionStore(stateDir);
  return { store, found: await store.find() };
}

/**
 * Where a variant's agent finds the comparison: its own worktree's review, else
 * the one running in another worktree of the repository (`redline compare`
 * serves from the first variant's worktree; each agent works in its own).
 */
async function compareSession(cwd: string, stateDir: string): Promise<Awaited<ReturnType<typeof sessionIn>>> {
  const own = await sessionIn(stateDir);
  if (own.found.kind === 'live') return own;
  for (const worktree of await listWorktrees(cwd).catch(() => [])) {
    const other = await findStateDir(worktree.path, null).then(sessionIn).catch(() => null);
    if (other?.found.kind === 'live') return other;
  }
  return own;
}

/** What one post holds: findings, a tour, or both (a bare list is findings). */
function readPosting(value: unknown): { findings: Finding[]; tour: Tour | null } {
  const top = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  const tour = top !== null && 'tour' in top ? readTour(top.tour) : null;
  const findings = tour !== null && !('findings' in top!) ? [] : readFindings(value);
  return { findings, tour };
}

/** What a JSON input is called in a refusal ("the findings are …"), and what to do when it is too large. */
interface JsonInputName {
  subject: string;
  whenTooLarge: string;
}

const FINDINGS: JsonInputName = { subject: 'the findings are', whenTooLarge: `post at most ${MAX_FINDINGS} findings at a time, in several posts` };

/** JSON from FILE or '-' (standard input), refused unread past MAX_FINDINGS_BYTES, never turned into U+FFFD; `redline answer --suggest` reads with it too. */
export async function readJsonInput(source: string, io: CliIo, name: JsonInputName = FINDINGS): Promise<unknown> {
  const bytes = source === '-' ? await readStdin(io, name) : await readFile(resolve(io.cwd, source)).catch((error: NodeJS.ErrnoException) => {
    throw new RedlineError('unreadable-file', `cannot read ${source}: ${error.code ?? error.message}`);
  });
  if (bytes.length > MAX_FINDINGS_BYTES) throw tooLarge(name);
  // Refused as the server refuses a body, never turned into U+FFFD.
  const text = decodeStrictUtf8(bytes);
  if (text === null) throw new RedlineError('bad-input', `${name.subject} not valid UTF-8; nothing was posted`);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new RedlineError('bad-input', `${name.subject} not JSON (${errorMessage(error)}); nothing was posted`);
  }
}

async function readStdin(io: CliIo, name: JsonInputName): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of io.stdin) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > MAX_FINDINGS_BYTES) throw tooLarge(name);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function tooLarge(name: JsonInputName): RedlineError {
  return new RedlineError('payload-too-large', `${name.subject} over ${MAX_FINDINGS_BYTES} bytes (1 MiB); ${name.whenTooLarge}; nothing was posted`);
}
