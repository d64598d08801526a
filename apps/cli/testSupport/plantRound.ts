/**
 * A round written by hand with git's plumbing, as a teammate (or anyone who
 * can push) could write one: any round.json, any annotations, any parent,
 * under any ref. For the tests of what a reader must not trust.
 */
import { execFileSync } from 'node:child_process';
import { GIT_IDENTITY_ENV } from './gitRepo.js';

export interface PlantedRound {
  /** A round commit whose review.json and round.json are the template. */
  template: string;
  parents: string[];
  /** Fields of round.json to set over the template's. */
  record: Record<string, unknown>;
  annotations: Record<string, unknown>[];
  /** The ref to point at it (none: only the commit). */
  ref?: string;
}

export function gitIn(dir: string, args: readonly string[], input?: string): string {
  return execFileSync('git', ['-c', 'core.hooksPath=/dev/null', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, input, env: { ...process.env, ...GIT_IDENTITY_ENV }, encoding: 'utf8' });
}

export function plantRound(dir: string, round: PlantedRound): string {
  const show = (name: string) => JSON.parse(gitIn(dir, ['show', `${round.template}:${name}`])) as Record<string, unknown>;
  const record = { ...show('round.json'), ...round.record };
  const review = { ...show('review.json'), annotations: round.annotations };
  const blob = (value: unknown) => gitIn(dir, ['hash-object', '-w', '--stdin'], `${JSON.stringify(value, null, 2)}\n`).trim();
  const state = String(record.state);
  const tree = gitIn(dir, ['mktree'], `100644 blob ${blob(review)}\treview.json\n100644 blob ${blob(record)}\tround.json\n040000 tree ${state}\tstate\n`).trim();
  const commit = gitIn(dir, ['commit-tree', tree, ...round.parents.flatMap((parent) => ['-p', parent])], 'planted round\n').trim();
  if (round.ref) gitIn(dir, ['update-ref', round.ref, commit]);
  return commit;
}

/** A line comment as review.json has it. */
export function lineComment(id: string, path: string, startLine: number, endLine: number): Record<string, unknown> {
  return { id, kind: 'comment', scope: 'line', path, side: 'new', startLine, endLine, text: `see ${path}`, createdAt: '2026-01-01T00:00:00.000Z' };
}
