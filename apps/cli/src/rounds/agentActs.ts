/**
 * The agent's acts on threads (reply, addressed), kept between rounds in a
 * notes-like ref of the series: `refs/redline/<series>/_agent/acts` points at
 * a commit whose `acts.json` holds every agent act so far (each commit's
 * parent is the previous one). Written with the same compare-and-swap as a
 * round, so two writers never lose an act silently. The agent side (its
 * command or route) calls recordAgentActs; the threads read them with the
 * reviewer's acts from the rounds.
 */
import type { AgentActKind, ThreadAct } from '@redline/core';
import { readObjectsBatch, type BatchObject } from '../git/readObjectsBatch.js';
import { runGit, runGitText } from '../git/runGit.js';
import { RedlineError } from '../errors.js';
import { ROUND_REF_PREFIX } from './roundRefs.js';

export type AgentAct = Extract<ThreadAct, { by: 'agent' }>;

export function agentActsRef(series: string): string {
  return `${ROUND_REF_PREFIX}${series}/_agent/acts`;
}

/** The series' agent acts; a ref that does not hold a list of them reads as none, with the reason. */
export async function readAgentActs(root: string, series: string): Promise<{ acts: AgentAct[]; problem: string | null }> {
  const [object] = await readObjectsBatch(root, [agentActsName(series)]);
  return agentActsOf(object ?? null);
}

/** The object name of this repository's own acts list (readRoundsData reads it, and fetched ones, with the threads' texts). */
export function agentActsName(series: string): string {
  return `${agentActsRef(series)}:acts.json`;
}

export function agentActsOf(object: BatchObject | null): { acts: AgentAct[]; problem: string | null } {
  if (!object) return { acts: [], problem: null };
  try {
    const acts = JSON.parse(object.bytes.toString('utf8')) as unknown;
    if (Array.isArray(acts) && acts.every(isAgentAct)) return { acts, problem: null };
  } catch {
    // reported below
  }
  return { acts: [], problem: 'acts.json is not a list of agent acts' };
}

function isAgentAct(value: unknown): value is AgentAct {
  const act = value as Record<string, unknown> | null;
  return typeof act === 'object' && act !== null && act.by === 'agent' && (act.act === 'reply' || act.act === 'addressed') && typeof act.thread === 'string' && typeof act.text === 'string' && typeof act.at === 'string';
}

export async function recordAgentActs(root: string, series: string, acts: readonly { thread: string; act: AgentActKind; text: string }[], at = new Date().toISOString()): Promise<void> {
  const ref = agentActsRef(series);
  const old = await runGit(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: root, okExitCodes: [0, 1] });
  const parent = old.exitCode === 0 ? old.stdout.toString('utf8').trim() : null;
  const { acts: earlier } = await readAgentActs(root, series);
  const all: AgentAct[] = [...earlier, ...acts.map((act) => ({ by: 'agent' as const, ...act, at }))];
  const blob = (await runGitText(['hash-object', '-w', '--stdin'], { cwd: root, input: `${JSON.stringify(all, null, 2)}\n` })).trim();
  const tree = (await runGitText(['mktree'], { cwd: root, input: `100644 blob ${blob}\tacts.json\n` })).trim();
  const env = { GIT_AUTHOR_NAME: 'Redline', GIT_AUTHOR_EMAIL: 'redline@localhost', GIT_COMMITTER_NAME: 'Redline', GIT_COMMITTER_EMAIL: 'redline@localhost' };
  const commit = (await runGitText(['-c', 'commit.gpgSign=false', 'commit-tree', tree, ...(parent ? ['-p', parent] : [])], { cwd: root, env, input: `redline agent acts: ${acts.length}\n` })).trim();
  await runGitText(['update-ref', '--no-deref', ref, commit, parent ?? ''], { cwd: root }).catch((error: Error) => {
    throw new RedlineError('write-failed', `could not record the agent's acts in ${ref}: ${error.message}`);
  });
}
