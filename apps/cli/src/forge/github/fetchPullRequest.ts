/**
 * Brings a pull request's base and head into the local repository as
 * ordinary objects, under `refs/redline/forge/OWNER/REPO/pull/N/{base,head}`
 * only: one `git fetch` of `refs/pull/N/head` (GitHub keeps it in the base
 * repository, a fork's pull request too) and of the base commit. No branch,
 * tag, remote-tracking ref, HEAD, index, work tree, FETCH_HEAD or config is
 * touched (`--refmap=` keeps the remote's configured refspecs out of it).
 */
import { RedlineError } from '../../errors.js';
import { describeGitFailure, runGit } from '../../git/runGit.js';
import type { ForgeRemote } from './forgeRemote.js';
import type { PullRequestRef } from './pullRequestUrl.js';

/** Where a pull request's fetched sides are kept (skipped by the rounds' reading: `rounds/roundRefs.ts`). */
export const FORGE_REF_PREFIX = 'refs/redline/forge/';

/** Whether a ref under refs/redline/ is a pull request's fetched side (`refs/redline/[remotes/<remote>/]forge/…`). */
export function isForgeRef(name: string): boolean {
  if (name.startsWith(FORGE_REF_PREFIX)) return true;
  const parts = name.split('/');
  return parts[2] === 'remotes' && parts[4] === 'forge';
}

export function forgeRefs(ref: PullRequestRef): { head: string; base: string } {
  const dir = `${FORGE_REF_PREFIX}${ref.owner}/${ref.repo}/pull/${ref.number}`;
  return { head: `${dir}/head`, base: `${dir}/base` };
}

const OID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

export interface FetchedSides {
  baseSha: string;
  headSha: string;
}

async function refOid(root: string, ref: string): Promise<string | null> {
  const result = await runGit(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], { cwd: root, okExitCodes: [0, 1, 128] });
  const oid = result.stdout.toString('utf8').trim();
  return result.exitCode === 0 && OID.test(oid) ? oid : null;
}

/** Fetches the pull request's head ref and its base commit; the head is the fetched `refs/pull/N/head`. */
export async function fetchPullRequest(root: string, remote: ForgeRemote, ref: PullRequestRef, baseSha: string): Promise<FetchedSides> {
  if (!OID.test(baseSha)) throw new RedlineError('forge-failed', `GitHub named a base that is not a commit id: ${JSON.stringify(baseSha.slice(0, 80))}`);
  const refs = forgeRefs(ref);
  const args = [
    'fetch',
    '--quiet',
    '--no-tags',
    '--no-write-fetch-head',
    '--no-recurse-submodules',
    '--no-auto-gc',
    '--refmap=',
    '--end-of-options',
    remote.fetchFrom,
    `+refs/pull/${ref.number}/head:${refs.head}`,
    `+${baseSha}:${refs.base}`,
  ];
  const result = await runGit(args, { cwd: root, okExitCodes: [0, 1, 128] });
  if (result.exitCode !== 0) {
    const from = remote.name === null ? remote.fetchFrom : `the remote ${remote.name}`;
    throw new RedlineError('git-failed', `cannot fetch pull request #${ref.number} from ${from}: ${describeGitFailure(args, result.exitCode, result.stderr)}`);
  }
  const [headSha, fetchedBase] = await Promise.all([refOid(root, refs.head), refOid(root, refs.base)]);
  if (headSha === null || fetchedBase === null) {
    throw new RedlineError('git-failed', `fetched pull request #${ref.number}, but ${headSha === null ? refs.head : refs.base} is not a commit`);
  }
  return { baseSha: fetchedBase, headSha };
}
