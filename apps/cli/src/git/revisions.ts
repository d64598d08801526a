/** Small questions about commits, each answered by one git call. */
import { RedlineError } from '../errors.js';
import { runGit } from './runGit.js';

/** Resolves a user-given revision to a commit id; `--end-of-options` keeps it from being read as an option. */
export async function verifyCommit(cwd: string, ref: string): Promise<string> {
  if (ref === '' || ref.startsWith('-')) {
    throw new RedlineError('unknown-ref', `unknown revision '${ref}': not a commit in this repository`);
  }
  const result = await runGit(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], {
    cwd,
    okExitCodes: [0, 1, 128],
  });
  const oid = result.stdout.toString('utf8').trim();
  if (result.exitCode !== 0 || !/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(oid)) {
    throw new RedlineError('unknown-ref', `unknown revision '${ref}': not a commit in this repository`);
  }
  return oid;
}

/** HEAD's commit, or null in a repository with no commits yet. */
export async function headCommit(cwd: string): Promise<string | null> {
  const result = await runGit(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], { cwd, okExitCodes: [0, 1, 128] });
  const oid = result.stdout.toString('utf8').trim();
  return result.exitCode === 0 && oid !== '' ? oid : null;
}

/** The empty tree's id in this repository's object format (sha1 or sha256). */
export async function emptyTree(cwd: string): Promise<string> {
  const result = await runGit(['hash-object', '-t', 'tree', '--stdin'], { cwd, input: '' });
  return result.stdout.toString('utf8').trim();
}

export async function mergeBase(cwd: string, a: string, b: string): Promise<string> {
  const result = await runGit(['merge-base', '--end-of-options', a, b], { cwd, okExitCodes: [0, 1] });
  const oid = result.stdout.toString('utf8').trim();
  if (result.exitCode !== 0 || oid === '') {
    throw new RedlineError('unknown-ref', `no common ancestor between ${a.slice(0, 12)} and ${b.slice(0, 12)}`);
  }
  return oid;
}

/** The first parent of a commit, or null for a root commit. */
export async function firstParent(cwd: string, commit: string): Promise<string | null> {
  const result = await runGit(['rev-parse', '--verify', '--quiet', '--end-of-options', `${commit}^1`], {
    cwd,
    okExitCodes: [0, 1, 128],
  });
  const oid = result.stdout.toString('utf8').trim();
  return result.exitCode === 0 && oid !== '' ? oid : null;
}

/** The subject line of a commit, for descriptions. */
export async function commitSubject(cwd: string, commit: string): Promise<string> {
  const result = await runGit(['log', '-1', '--no-show-signature', '--format=%s', '--end-of-options', commit], { cwd });
  return result.stdout.toString('utf8').trim();
}

export function shortOid(oid: string): string {
  return oid.slice(0, 7);
}
