/**
 * Rounds signed with the reviewer's own git signing (docs/rounds.md,
 * "Signed rounds"): when the user's git signs commits (`commit.gpgSign`
 * true; `gpg.format` openpgp, x509 or ssh with `user.signingKey`), a round
 * commit is written with `git commit-tree -S`, and every round read is
 * checked by git itself in one `git log --no-walk --format=%G?` run (for
 * SSH, against `gpg.ssh.allowedSignersFile`). Git's letters: G good (the
 * signer is named: `%GS`, an allowed signer's principal); U good but by a
 * key not among the trusted ones; N none; anything else (B bad, X/Y
 * expired, R revoked, E cannot be checked) counts as invalid or
 * unverifiable, never as verified.
 */
import type { RoundSignature } from '@redline/core';
import { runGit } from '../git/runGit.js';

/** Whether the user's git signs commits (repository, global or system config; never set by Redline). */
export async function signingConfigured(root: string): Promise<boolean> {
  const result = await runGit(['config', '--type=bool', '--get', 'commit.gpgSign'], { cwd: root, okExitCodes: [0, 1, 128] });
  return result.exitCode === 0 && result.stdout.toString('utf8').trim() === 'true';
}

/** Each commit's signature as git checks it now. */
export async function readRoundSignatures(root: string, commits: readonly string[]): Promise<Map<string, RoundSignature>> {
  const signatures = new Map<string, RoundSignature>();
  if (commits.length === 0) return signatures;
  const result = await runGit(['log', '--no-walk=unsorted', '--stdin', '--format=%H%x00%G?%x00%GS'], { cwd: root, input: commits.map((commit) => `${commit}\n`).join(''), okExitCodes: [0, 128] });
  for (const line of result.stdout.toString('utf8').split('\n')) {
    const [commit = '', letter = '', signer = ''] = line.split('\0');
    if (commit !== '') signatures.set(commit, signatureOf(letter, signer));
  }
  return signatures;
}

function signatureOf(letter: string, signer: string): RoundSignature {
  if (letter === 'G') return { kind: 'verified', signer };
  if (letter === 'N') return { kind: 'unsigned' };
  if (letter === 'B' || letter === 'R') return { kind: 'invalid' };
  return { kind: 'unverifiable' };
}
