/**
 * A teammate's rounds are data (docs/rounds.md, "A teammate's data is
 * data"): a teammate remote, a bare repository on disk, carries rounds whose
 * threads point at the victim's gitignored `.env`, at `.git/config` (a
 * remote URL with a token in it), at `../x` and through a symlinked
 * directory out of the repository. After the fetch, `redline rounds`,
 * `redline threads --json`, the page's `/api/review`, the export and the
 * round the victim records next hold no byte of either secret; every command
 * works and names the refused threads with the ref they came from.
 *
 * Rounds that can be verified (docs/rounds.md): fetched with the documented
 * `refs/redline/*:refs/redline/remotes/origin/*`, a round under @bob's ref
 * claiming @alice that resolves her thread and approves, and a round pushed
 * on top of her own ref on the remote, are claims that change nothing; her
 * own ref never moves; a fetched series with a later time does not hide hers.
 */
import { writeFileSync, symlinkSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API, type ReviewData } from '@redline/core';
import { makeRepo, makeTempDir } from '../../testSupport/gitRepo.js';
import { gitIn, lineComment, plantRound } from '../../testSupport/plantRound.js';
import { runRead, sendRound } from '../../testSupport/reviewRounds.js';

const ENV_SECRET = 'sk-live-TEST';
const URL_TOKEN = 'ghp_T0KENinREMOTEurl42';
const SECRETS = [ENV_SECRET, URL_TOKEN];

function expectNoSecret(text: string, where: string): void {
  for (const secret of SECRETS) expect(text.includes(secret), `${secret} in ${where}`).toBe(false);
}

function cloneOf(remote: string): string {
  const dir = makeTempDir('redline-clone-');
  gitIn(dir, ['clone', '--quiet', remote, '.']);
  return dir;
}

/** The victim's clone with one round of its own pushed, and the teammate's clone that fetched it. */
export async function victimAndTeammate(fetchRefspec: string) {
  const origin = makeRepo({ commit: { '.gitignore': '.env\n', 'src/a.ts': 'one\ntwo\nthree\n' } });
  const remote = makeTempDir('redline-remote-');
  gitIn(remote, ['clone', '--quiet', '--bare', origin.dir, '.']);
  const victim = cloneOf(remote);
  writeFileSync(join(victim, '.env'), `API_KEY=${ENV_SECRET}\n`);
  gitIn(victim, ['remote', 'add', 'backup', `https://deploy:${URL_TOKEN}@example.invalid/repo.git`]);
  const outside = makeTempDir('redline-outside-');
  mkdirSync(join(outside, 'keys'));
  writeFileSync(join(outside, 'keys', 'key'), `${ENV_SECRET}\n`);
  symlinkSync(join(outside, 'keys'), join(victim, 'linked'));
  writeFileSync(join(victim, 'src/a.ts'), 'one\nTWO\nthree\n');
  await sendRound(victim, () => ({
    verdict: 'request-changes',
    summary: '',
    reviewer: 'alice',
    annotations: [{ id: 'c1', kind: 'comment', scope: 'line', path: 'src/a.ts', side: 'new', startLine: 2, endLine: 2, text: 'why upper case?', createdAt: '2026-01-01T00:00:00.000Z' }],
  }));
  const [ownRef = '', round1 = ''] = gitIn(victim, ['for-each-ref', '--format=%(refname) %(objectname)', 'refs/redline/']).trim().split(' ');
  const series = ownRef.split('/')[2]!;
  gitIn(victim, ['push', '--quiet', 'origin', 'main', ownRef]);
  const teammate = cloneOf(remote);
  gitIn(teammate, ['fetch', '--quiet', 'origin', `${ownRef}:${ownRef}`]);
  const fetch = () => gitIn(victim, ['fetch', '--quiet', 'origin', fetchRefspec]);
  return { victim, teammate, remote, series, ownRef, round1, fetch };
}

describe("a teammate's hostile rounds", () => {
  it('threads at .env, .git/config, ../x and through a symlink out are refused by name and never read, anywhere', async () => {
    const { victim, teammate, series, round1, fetch } = await victimAndTeammate('refs/redline/*:refs/redline/*');
    const bobRef = `refs/redline/${series}/bob/rounds`;
    plantRound(teammate, {
      template: round1,
      parents: [round1],
      record: { number: 2, reviewer: 'bob', verdict: 'request-changes', time: '2026-06-01T00:00:00.000Z' },
      annotations: [lineComment('h-env', '.env', 1, 1), lineComment('h-git', '.git/config', 1, 20), lineComment('h-up', '../x', 1, 1), lineComment('h-link', 'linked/key', 1, 1), lineComment('h-ok', 'src/a.ts', 1, 1)],
      ref: bobRef,
    });
    gitIn(teammate, ['push', '--quiet', 'origin', bobRef]);
    fetch();

    const refused = ['h-env', 'h-git', 'h-up', 'h-link'];
    const rounds = await runRead(victim, ['rounds']);
    expect(rounds.code, rounds.err).toBe(0);
    expectNoSecret(rounds.out + rounds.err, 'redline rounds');
    for (const id of refused) expect(rounds.err).toContain(`not reading thread ${id} of round 2 under ${bobRef}`);
    expect(rounds.err).toContain('its path ".env" is refused');

    const threads = await runRead(victim, ['threads', '--json']);
    expect(threads.code, threads.err).toBe(0);
    expectNoSecret(threads.out + threads.err, 'redline threads --json');
    const listed = JSON.parse(threads.out) as { threads: { id: string }[]; refused: { id: string; ref: string }[] };
    expect(listed.threads.map((thread) => thread.id)).toEqual(['c1', 'h-ok']);
    expect(listed.refused.map((thread) => [thread.id, thread.ref])).toEqual(refused.map((id) => [id, bobRef]));

    let page = '';
    const next = await sendRound(
      victim,
      () => ({ verdict: 'comment', summary: '', reviewer: 'alice', annotations: [] }),
      [],
      async (session) => {
        page = (await session.get(API.review)).text;
      },
    );
    expectNoSecret(page, 'the page data (/api/review)');
    const data = JSON.parse(page) as ReviewData;
    expect(data.rounds?.refused.map((thread) => thread.id)).toEqual(refused);
    expect(data.rounds?.previousAnnotations.map((annotation) => annotation.id)).toEqual(['h-ok']);
    expect(next.stdout).toContain('"h-ok"');
    expectNoSecret(next.stdout + next.stderr, 'the export');
    const recorded = gitIn(victim, ['rev-parse', `refs/redline/${series}/alice/rounds`]).trim();
    for (const line of gitIn(victim, ['ls-tree', '-r', recorded]).trim().split('\n')) {
      const oid = line.split(/\s+/)[2]!;
      expectNoSecret(gitIn(victim, ['cat-file', '-p', oid]), `the recorded round's ${line}`);
    }
  }, 60_000);

  it("a fetch into refs/redline/remotes/ never moves the reviewer's ref; claims change no state; a later fetched series hides nothing", async () => {
    const { victim, teammate, remote, series, ownRef, round1, fetch } = await victimAndTeammate('refs/redline/*:refs/redline/remotes/origin/*');
    const bobRef = `refs/redline/${series}/bob/rounds`;
    const resolveC1 = [{ thread: 'c1', act: 'resolve', text: 'done', by: 'reviewer', reviewer: 'alice', at: '2026-06-03T00:00:00.000Z' }];
    const round2 = plantRound(teammate, { template: round1, parents: [round1], record: { number: 2, reviewer: 'bob', verdict: 'comment', time: '2026-06-01T00:00:00.000Z' }, annotations: [], ref: bobRef });
    plantRound(teammate, { template: round1, parents: [round2], record: { number: 3, reviewer: 'alice', verdict: 'approve', time: '2026-06-02T00:00:00.000Z', acts: resolveC1 }, annotations: [], ref: bobRef });
    const onTopOfHers = plantRound(teammate, { template: round1, parents: [round1], record: { number: 2, reviewer: 'Alice', verdict: 'approve', time: '2026-06-04T00:00:00.000Z', acts: resolveC1 }, annotations: [] });
    const later = `${series.slice(0, 12)}-ffffff`;
    plantRound(teammate, { template: round1, parents: [], record: { series: later, number: 1, reviewer: 'bob', verdict: 'request-changes', time: '2099-01-01T00:00:00.000Z' }, annotations: [], ref: `refs/redline/${later}/bob/rounds` });
    gitIn(teammate, ['push', '--quiet', 'origin', bobRef, `refs/redline/${later}/bob/rounds`, `${onTopOfHers}:${ownRef}`]);
    expect(gitIn(remote, ['rev-parse', ownRef]).trim()).toBe(onTopOfHers);
    fetch();
    expect(gitIn(victim, ['rev-parse', ownRef]).trim()).toBe(round1);
    expect(gitIn(victim, ['rev-parse', `refs/redline/remotes/origin/${series}/alice/rounds`]).trim()).toBe(onTopOfHers);

    const listed = await runRead(victim, ['rounds', '--json']);
    expect(listed.code, listed.err).toBe(0);
    const rounds = JSON.parse(listed.out) as { seriesId: string; rounds: { number: number; reviewer: string }[]; claims: { number: number; reviewer: string; ref: string; refReviewer: string }[] };
    expect(rounds.seriesId).toBe(series);
    // Bob's own round 2 is reached from his ref only through the claim he put on top of it: unverified too.
    expect(rounds.rounds.map((round) => [round.number, round.reviewer])).toEqual([[1, 'alice']]);
    expect(rounds.claims.map((claim) => [claim.number, claim.reviewer, claim.ref, claim.refReviewer])).toEqual([
      [2, 'bob', `refs/redline/remotes/origin/${series}/bob/rounds`, 'bob'],
      [2, 'Alice', `refs/redline/remotes/origin/${series}/alice/rounds`, 'alice'],
      [3, 'alice', `refs/redline/remotes/origin/${series}/bob/rounds`, 'bob'],
    ]);
    expect(listed.err).toContain(`round 3 under refs/redline/remotes/origin/${series}/bob/rounds claims to be alice, written under the ref of bob: shown as a claim, it changes no thread`);
    expect((await runRead(victim, ['rounds'])).out).toMatch(/round 3 .* approve {2}unverified: claims to be alice, written under the ref of bob/);
    const threads = JSON.parse((await runRead(victim, ['threads', '--json'])).out) as { threads: { id: string; state: string; acts: unknown[] }[] };
    expect(threads.threads.map((thread) => [thread.id, thread.state, thread.acts.length])).toEqual([['c1', 'open', 0]]);

    // Her next Send continues her own series (not the later fetched one) from the rounds that are not claims.
    const next = await sendRound(victim, () => ({ verdict: 'comment', summary: '', reviewer: 'alice', annotations: [] }));
    expect(next.stderr).toContain(`continuing review series ${series}, round 2`);
    const [recorded, ...parents] = gitIn(victim, ['rev-list', '--parents', '-n1', ownRef]).trim().split(' ');
    expect(parents).toEqual([round1]);
    expect(JSON.parse(gitIn(victim, ['show', `${recorded}:round.json`])) as { number: number }).toMatchObject({ number: 2 });
    fetch();
    expect(gitIn(victim, ['rev-parse', ownRef]).trim()).toBe(recorded);
  }, 60_000);
});
