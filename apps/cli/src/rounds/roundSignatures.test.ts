/**
 * Signed rounds (docs/rounds.md, "Signed rounds"): with the user's git set to
 * sign commits with an SSH key (repository-local config in a temp repo; the
 * key made by `ssh-keygen -t ed25519 -N ''` in a temp dir), a Send writes a
 * signed round commit, and `redline rounds` and the page's data say
 * verified (with the allowed signer's name), unsigned, invalid (the commit
 * altered after signing) or not verifiable (a key not among the allowed
 * signers).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RoundSignature } from '@redline/core';
import { makeRepo, makeTempDir } from '../../testSupport/gitRepo.js';
import { gitIn, plantRound } from '../../testSupport/plantRound.js';
import { runRead, sendRound } from '../../testSupport/reviewRounds.js';

function sshKey(dir: string, name: string): string {
  const path = join(dir, name);
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', path]);
  return path;
}

describe('signed rounds', () => {
  it('are signed with the configured SSH key and read as verified, unsigned, invalid or not verifiable', async () => {
    const keys = makeTempDir('redline-keys-');
    const alice = sshKey(keys, 'alice');
    const eve = sshKey(keys, 'eve');
    const allowed = join(keys, 'allowed_signers');
    writeFileSync(allowed, `alice namespaces="git" ${readFileSync(`${alice}.pub`, 'utf8')}`);
    const repo = makeRepo({ commit: { 'a.txt': 'one\ntwo\n' } });
    for (const [key, value] of [['gpg.format', 'ssh'], ['user.signingKey', alice], ['commit.gpgSign', 'true'], ['gpg.ssh.allowedSignersFile', allowed]]) repo.git('config', key!, value!);
    repo.write('a.txt', 'one\nTWO\n');
    await sendRound(repo.dir, () => ({ verdict: 'request-changes', summary: '', reviewer: 'alice', annotations: [] }));
    const [ref = '', round1 = ''] = repo.git('for-each-ref', '--format=%(refname) %(objectname)', 'refs/redline/').trim().split(' ');
    expect(repo.git('log', '-1', '--format=%G? %GS', round1).trim()).toBe('G alice');

    let page: RoundSignature[] = [];
    await sendRound(repo.dir, () => ({ verdict: 'comment', summary: '', reviewer: 'alice', annotations: [] }), [], async (_session, data) => {
      page = data.rounds?.rounds.map((round) => round.signature) ?? [];
    });
    expect(page).toEqual([{ kind: 'verified', signer: 'alice' }]);

    // Round 3: unsigned (written by hand); then the same with a key not allowed; then round 2 altered after signing.
    const round2 = repo.git('rev-parse', ref).trim();
    const unsigned = plantRound(repo.dir, { template: round2, parents: [round2], record: { number: 3, verdict: 'approve' }, annotations: [] });
    const byEve = gitIn(repo.dir, ['-c', `user.signingKey=${eve}`, 'commit-tree', '-S', `${unsigned}^{tree}`, '-p', round2], 'round 3\n').trim();
    const altered = gitIn(repo.dir, ['hash-object', '-t', 'commit', '-w', '--stdin'], gitIn(repo.dir, ['cat-file', 'commit', round2]).replace(/^tree [0-9a-f]+$/m, `tree ${gitIn(repo.dir, ['rev-parse', `${unsigned}^{tree}`]).trim()}`)).trim();
    const words = async (tip: string) => {
      repo.git('update-ref', ref, tip);
      const listed = await runRead(repo.dir, ['rounds', '--json']);
      expect(listed.code, listed.err).toBe(0);
      return (JSON.parse(listed.out) as { rounds: { number: number; signature: RoundSignature }[] }).rounds.map((round) => [round.number, round.signature.kind]);
    };
    expect(await words(unsigned)).toEqual([[1, 'verified'], [2, 'verified'], [3, 'unsigned']]);
    expect(await words(byEve)).toEqual([[1, 'verified'], [2, 'verified'], [3, 'unverifiable']]);
    expect(await words(altered)).toEqual([[1, 'verified'], [3, 'invalid']]);
    expect((await runRead(repo.dir, ['rounds'])).out).toMatch(/^round 1 .* signed by alice \(verified\)\nround 3 .* invalid signature\n$/m);
  }, 60_000);
});
