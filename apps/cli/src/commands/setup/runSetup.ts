/**
 * `redline setup AGENT`: installs the agent's command (or skill) file, and
 * with --mcp its MCP entry, where that agent reads them (agentFiles.ts),
 * from the integration files shipped with Redline. A person's act on their
 * own configuration; no review is involved.
 */
import { copyFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import type { CliIo } from '../../cliIo.js';
import { writeFailed } from '../../files/writeFailure.js';
import { writeFileAtomic } from '../../files/writeFileAtomic.js';
import { findRepository } from '../../git/findRepository.js';
import { optionValue, readOptions, usageError } from '../readOptions.js';
import { AGENTS, type AgentName, type Scope } from './agentFiles.js';
import { findIntegrations } from './findIntegrations.js';
import { planSetup, type FileStep } from './planSetup.js';
import { SETUP_HELP } from './setupHelp.js';

const OPTIONS = {
  project: { type: 'boolean' },
  repo: { type: 'string' },
  mcp: { type: 'boolean' },
  force: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** What each agent's command is called once installed. */
const HOW_TO_RUN: Record<AgentName, string> = {
  'claude-code': '/redline in Claude Code',
  codex: '$redline in Codex, or ask it for a Redline review',
  opencode: '/redline in OpenCode',
  cursor: '/redline in Cursor\'s agent chat',
  gemini: '/redline in Gemini CLI',
};

export async function runSetup(argv: readonly string[], io: CliIo): Promise<number> {
  const read = readOptions(argv, OPTIONS);
  if (read.flags.has('help')) {
    io.stdout.write(SETUP_HELP);
    return 0;
  }
  const agent = readAgent(read.positionals);
  const repo = optionValue(read, 'repo');
  if (repo !== undefined && !read.flags.has('project')) throw usageError('--repo is for --project (the repository to install into)');
  const scope: Scope = read.flags.has('project')
    ? { kind: 'project', root: (await findRepository(repo ?? io.cwd, 'setup')).root }
    : { kind: 'user', home: io.env.HOME || homedir(), env: io.env };
  const steps = await planSetup({ agent, scope, mcp: read.flags.has('mcp'), force: read.flags.has('force'), integrations: findIntegrations() });
  const doable = steps.filter((step): step is Doable => step.kind !== 'refused');
  if (doable.length < steps.length) {
    for (const step of steps) if (step.kind === 'refused') io.stderr.write(`redline setup: ${step.path} ${step.why}\n`);
    io.stderr.write('redline setup: nothing was written.\n');
    return 1;
  }
  for (const step of doable) io.stderr.write(`${await carryOut(step)}\n`);
  if (steps.some((step) => step.kind === 'create' || step.kind === 'update' || step.kind === 'same')) io.stderr.write(`Then run ${HOW_TO_RUN[agent]}.\n`);
  if (!read.flags.has('mcp')) io.stderr.write('(add --mcp to also register the MCP server, redline mcp)\n');
  return 0;
}

function readAgent(positionals: readonly string[]): AgentName {
  const [name, extra] = positionals;
  if (name === undefined) throw usageError(`redline setup needs an agent: ${AGENTS.join(', ')}`);
  if (extra !== undefined) throw usageError(`redline setup takes one agent, got '${name}' '${extra}'`);
  const agent = AGENTS.find((known) => known === name);
  if (agent === undefined) throw usageError(`unknown agent '${name}': expected one of ${AGENTS.join(', ')}`);
  return agent;
}

type Doable = Exclude<FileStep, { kind: 'refused' }>;

async function carryOut(step: Doable): Promise<string> {
  switch (step.kind) {
    case 'same':
      return `up to date: ${step.path}`;
    case 'kept':
      return `kept as it is: ${step.path} ${step.why}`;
    case 'create':
    case 'update':
      try {
        if (step.kind === 'update' && step.backup !== null) await copyFile(step.path, step.backup);
        await writeFileAtomic(step.path, step.text, step.mode);
      } catch (error) {
        throw writeFailed(`write ${step.path}`, error);
      }
      if (step.kind === 'create') return `created: ${step.path}`;
      return step.backup === null ? `updated: ${step.path}` : `replaced: ${step.path} (yours is kept as ${step.backup})`;
  }
}

