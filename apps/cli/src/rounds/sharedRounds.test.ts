/**
 * Rounds shared by git alone: two clones and a bare remote. Each reviewer
 * writes only their own ref, `git push origin 'refs/redline/*'
 * '^refs/redline/remotes/*'` and `git fetch origin
 * 'refs/redline/*:refs/redline/remotes/origin/*'` carry them (a teammate's
 * refs land in a namespace of their own, as remote-tracking branches do),
 * and `redline threads --json` is the same in both clones.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { makeRepo, makeTempDir, GIT_IDENTITY_ENV, type TestRepo } from '../../testSupport/gitRepo.js';
import { runRead, sendRound } from '../../testSupport/reviewRounds.js';

function gitIn(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'core.hooksPath=/dev/null', ...args], { cwd: dir, env: { ...process.env, ...GIT_IDENTITY_ENV }, encoding: 'utf8' });
}

function cloneOf(remote: string): string {
  const dir = makeTempDir('redline-clone-');
  gitIn(dir, 'clone', '--quiet', remote, '.');
  return dir;
}

const PUSH = ['refs/redline/*', '^refs/redline/remotes/*'];
const FETCH = 'refs/redline/*:refs/redline/remotes/origin/*';

describe('rounds shared through a bare remote', () => {
  it('push and fetch refs/redline/*: both clones list the same threads; a teammate continues the series under their own ref', async () => {
    const origin: TestRepo = makeRepo({ commit: { 'src/a.ts': 'one\ntwo\nthree\n' } });
    const remote = makeTempDir('redline-remote-');
    gitIn(remote, 'clone', '--quiet', '--bare', origin.dir, '.');
    const alice = cloneOf(remote);
    const bob = cloneOf(remote);

    execFileSync('sh', ['-c', 'printf "one\\nTWO\\nthree\\n" > src/a.ts'], { cwd: alice });
    await sendRound(alice, () => ({
      verdict: 'request-changes',
      summary: '',
      reviewer: 'alice',
      annotations: [{ id: 'c1', kind: 'comment', scope: 'line', path: 'src/a.ts', side: 'new', startLine: 2, endLine: 2, text: 'why upper case?', createdAt: '2026-01-01T00:00:00.000Z' }],
    }));
    gitIn(alice, 'commit', '--quiet', '-am', 'agent: upper case');
    gitIn(alice, 'push', '--quiet', 'origin', 'main', ...PUSH);

    gitIn(bob, 'pull', '--quiet', '--ff-only');
    gitIn(bob, 'fetch', '--quiet', 'origin', FETCH);
    const threadsA = (await runRead(alice, ['threads', '--json'])).out;
    expect(threadsA).toMatch(/"id": "c1"/);
    expect((await runRead(bob, ['threads', '--json'])).out).toBe(threadsA);

    // Bob may answer Alice's thread (under his name, in his ref) but not resolve it: only its own reviewer does.
    const round2 = await sendRound(bob, () => ({ verdict: 'comment', summary: '', reviewer: 'bob', annotations: [], threadActs: [{ thread: 'c1', act: 'reply', text: 'looks fine to me' }, { thread: 'c1', act: 'resolve', text: 'ok' }] }));
    expect(round2.stderr).toMatch(/continuing review series .*, round 2/);
    gitIn(bob, 'push', '--quiet', 'origin', ...PUSH);
    gitIn(alice, 'fetch', '--quiet', 'origin', FETCH);
    const afterBob = JSON.parse((await runRead(alice, ['threads', '--json'])).out) as { threads: { state: string; reviewer: string; acts: { act: string; reviewer: string }[] }[] };
    expect(afterBob.threads.map((t) => [t.reviewer, t.state, t.acts.map((act) => `${act.reviewer} ${act.act}`)])).toEqual([['alice', 'open', ['bob reply', 'bob resolve']]]);
    expect((await runRead(alice, ['threads'])).out).toMatch(/^c1 {2}round 1 {2}alice {2}src\/a\.ts/);

    const round3 = await sendRound(alice, () => ({ verdict: 'comment', summary: '', reviewer: 'Alice', annotations: [], threadActs: [{ thread: 'c1', act: 'resolve', text: 'ok' }] }));
    expect(round3.stderr).toMatch(/continuing review series .*, round 3/);
    gitIn(alice, 'push', '--quiet', 'origin', ...PUSH);
    gitIn(bob, 'fetch', '--quiet', 'origin', FETCH);
    const threadsB = (await runRead(bob, ['threads', '--json'])).out;
    expect(threadsB).toMatch(/"state": "resolved"/);
    expect((await runRead(alice, ['threads', '--json'])).out).toBe(threadsB);
    // Alice's ref was never rewritten by bob: each wrote their own; the other's is in the remote's namespace.
    const refs = (dir: string) => gitIn(dir, 'for-each-ref', '--format=%(refname)', 'refs/redline/').trim().replace(/[0-9a-f]{12}-[0-9a-f]{6}/g, 'S').split('\n');
    expect(refs(alice)).toEqual(['refs/redline/S/alice/rounds', 'refs/redline/remotes/origin/S/alice/rounds', 'refs/redline/remotes/origin/S/bob/rounds']);
    expect(refs(bob)).toEqual(['refs/redline/S/bob/rounds', 'refs/redline/remotes/origin/S/alice/rounds', 'refs/redline/remotes/origin/S/bob/rounds']);
    expect(gitIn(remote, 'for-each-ref', '--format=%(refname)', 'refs/redline/').trim().split('\n')).toHaveLength(2);
    expect((await runRead(alice, ['rounds'])).out).toMatch(/round 1 .*alice[\s\S]*round 2 .*bob[\s\S]*round 3 .*Alice/);
  }, 60_000);
});
