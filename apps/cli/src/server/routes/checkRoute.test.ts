/**
 * The check before sending through the real server, on real repositories,
 * with a real check command (`node -e` reading sum.mjs: exit 0 when it adds,
 * 1 when not): the draft's suggestion checked in a scratch copy and the
 * export's "checked" line; a review of commits checked on the head commit's
 * tree even when the work tree differs, the user's work tree, index and refs
 * byte-identical after; one run at a time; a cancel that leaves no process
 * (read from /proc) and no scratch folder; the offered command confirmed
 * once and kept with the reviewer's preferences, never a command of the
 * page's choosing; and the agent's credential refused (403).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API, type CheckData, type DraftData, type FeedbackResult, type ReviewData, type Suggestion } from '@redline/core';
import { makeSuggestion } from '../../../testSupport/apply/applyTestKit.js';
import { snapshotTree } from '../../../testSupport/apply/treeSnapshot.js';
import { livingInGroup, scratchFolders } from '../../../testSupport/check/checkTestKit.js';
import { makeRepo, makeTempDir, type TestRepo } from '../../../testSupport/gitRepo.js';
import { httpCall } from '../../../testSupport/httpClient.js';
import { gitSource, startHarness, type Harness } from '../../../testSupport/reviewServerHarness.js';
import { makeStubAppDir } from '../../../testSupport/stubApp.js';
import { AgentChannel } from '../agent/agentChannel.js';
import { AGENT_HEADER } from '../agent/agentApi.js';
import { PreferencesStore } from '../../preferences/preferencesStore.js';
import { ReviewSession } from '../../review/reviewSession.js';
import { startReviewServer } from '../startReviewServer.js';

const SUBTRACTS = 'export function sum(a, b) {\n  return a - b;\n}\n';
const ADDS_CHECK = `node -e "process.exit(require('fs').readFileSync('sum.mjs','utf8').includes('a + b') ? 0 : 1)"`;
const packageJson = (check: string | null, scripts: Record<string, string> = {}) =>
  JSON.stringify({ name: 'sums', private: true, scripts, ...(check === null ? {} : { redline: { check } }) }, null, 2);

const open: { harness?: Harness; repo?: TestRepo }[] = [];
afterEach(async () => {
  for (const { harness, repo } of open.splice(0)) {
    await harness?.close();
    repo?.cleanup();
  }
});

function fixOf(madeOn: string, line = 2): Suggestion {
  return makeSuggestion({ path: 'sum.mjs', startLine: line, endLine: line, originalCode: '  return a - b;', suggestedCode: '  return a + b;', madeOn }) as Suggestion;
}

async function saveDraft(harness: Harness, annotations: Suggestion[]): Promise<void> {
  const review = (await harness.get(API.review)).json<ReviewData>();
  const draft: DraftData = { version: 2, fingerprint: review.fingerprint, annotations, viewed: {}, composer: null, updatedAt: new Date().toISOString() };
  const saved = await harness.send('PUT', API.draft, draft);
  expect(saved.status, saved.text).toBe(200);
}

/** Polls GET /api/check (as the page does) until the run has ended; the whole output read by offsets. */
async function waitForEnd(harness: Harness): Promise<{ data: CheckData; output: string }> {
  let output = '';
  let from = 0;
  for (;;) {
    const answer = await harness.get(`${API.check}?from=${from}`);
    expect(answer.status, answer.text).toBe(200);
    const data = answer.json<CheckData>();
    output += data.run!.output.text;
    from = data.run!.output.next;
    if (data.run!.state.kind !== 'running') return { data, output };
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** A working-tree review of sum.mjs (changed by the agent: a comment line added) with the check configured. */
async function workTreeReview(check: string | null = ADDS_CHECK, scripts: Record<string, string> = {}) {
  const repo = makeRepo({ commit: { 'sum.mjs': SUBTRACTS, 'package.json': packageJson(check, scripts) } });
  const changed = `// sums two numbers\n${SUBTRACTS}`;
  repo.write('sum.mjs', changed);
  const harness = await startHarness(await gitSource(repo.dir));
  open.push({ harness, repo });
  return { repo, harness, changed };
}

describe('POST /api/check, GET /api/check', () => {
  it("checks the draft's suggestion in a scratch copy, and the export carries the result", async () => {
    const { repo, harness, changed } = await workTreeReview(`echo checking; ${ADDS_CHECK}`);
    const fix = fixOf(changed, 3);
    await saveDraft(harness, [fix]);
    const started = await harness.send('POST', API.check, {});
    expect(started.status, started.text).toBe(200);
    expect(started.json<CheckData>().command).toEqual({ kind: 'configured', command: `echo checking; ${ADDS_CHECK}`, from: 'package.json' });
    const { data, output } = await waitForEnd(harness);
    expect(output).toBe('checking\n');
    expect(data.run!.progress).toEqual({ copiedFiles: 2, applied: { suggestions: 1, files: 1 }, running: true });
    expect(data.run!.state).toMatchObject({ kind: 'finished', checked: { passed: true, exitCode: 0, suggestions: [fix.id] } });
    expect(readFileSync(join(repo.dir, 'sum.mjs'), 'utf8')).toBe(changed);

    const sent = await harness.send('POST', API.feedback, { verdict: 'request-changes', summary: '', annotations: [fix] });
    const { output: exported } = sent.json<FeedbackResult>();
    expect(exported).toMatch(/\n## Checked before sending\n\nchecked: `echo checking; node -e .*` passed in [\d.]+ s with this suggestion\n\n- `[0-9a-f]{12}`\n$/);
  });

  it('a failing check: the tail in the result; a stale check (the suggestion changed since) is not exported', async () => {
    const { harness, changed } = await workTreeReview();
    const wrong = makeSuggestion({ path: 'sum.mjs', startLine: 3, endLine: 3, originalCode: '  return a - b;', suggestedCode: '  return a * b;', madeOn: changed }) as Suggestion;
    await saveDraft(harness, [wrong]);
    expect((await harness.send('POST', API.check, {})).status).toBe(200);
    const { data } = await waitForEnd(harness);
    expect(data.run!.state).toMatchObject({ kind: 'finished', checked: { passed: false, exitCode: 1, suggestions: [wrong.id] } });
    const fix = fixOf(changed, 3);
    const sent = await harness.send('POST', API.feedback, { verdict: 'comment', summary: '', annotations: [fix] });
    expect(sent.json<FeedbackResult>().output).not.toContain('Checked before sending');
  });

  it('a review of commits is checked on the head commit, however the work tree differs; nothing of the repository changes', async () => {
    const repo = makeRepo({ commit: { 'package.json': packageJson(ADDS_CHECK), 'sum.mjs': 'export const sum = null;\n' } });
    const base = repo.git('rev-parse', 'HEAD').trim();
    repo.write('sum.mjs', SUBTRACTS);
    const head = repo.commitAll('sum subtracts');
    // The work tree moved on: the suggestion's lines are not there any more (apply would refuse it there).
    repo.write('sum.mjs', 'export { sum } from "./elsewhere.mjs";\n');
    repo.write('untracked.txt', 'not in the commit\n');
    const harness = await startHarness(await gitSource(repo.dir, { kind: 'range', from: base, to: head, symmetric: false }));
    open.push({ harness, repo });
    await saveDraft(harness, [fixOf(SUBTRACTS)]);
    // git status first (it may refresh the index), then the bytes of every file, .git's included.
    const facts = () => ({ status: repo.git('status', '--porcelain=v1', '-z', '--untracked-files=all'), refs: repo.git('for-each-ref'), stash: repo.git('stash', 'list') });
    const before = { ...facts(), tree: snapshotTree(repo.dir) };
    expect((await harness.send('POST', API.check, {})).status).toBe(200);
    const { data } = await waitForEnd(harness);
    expect(data.run!.state).toMatchObject({ kind: 'finished', checked: { passed: true } });
    expect(data.run!.progress.copiedFiles).toBe(2);

    const tree = snapshotTree(repo.dir);
    expect({ ...facts(), tree }).toEqual(before);
  });

  it('runs one check at a time; DELETE ends its process group and removes its copy', async () => {
    const notes = makeTempDir();
    const sleeper = `echo $$ > ${join(notes, 'pgid')}; pwd > ${join(notes, 'pwd')}; echo started; sleep 1000`;
    const { harness } = await workTreeReview(sleeper);
    await saveDraft(harness, []);
    expect((await harness.send('POST', API.check, {})).status).toBe(200);
    for (;;) {
      const data = (await harness.get(API.check)).json<CheckData>();
      if (data.run!.output.text.includes('started')) break;
      await new Promise((done) => setTimeout(done, 50));
    }
    const again = await harness.send('POST', API.check, {});
    expect(again.status).toBe(409);
    expect(again.json<{ error: { code: string } }>().error.code).toBe('check-running');

    const cancelled = await harness.send('DELETE', API.check, '');
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json<CheckData>().run!.state).toEqual({ kind: 'cancelled' });
    const pgid = Number(readFileSync(join(notes, 'pgid'), 'utf8'));
    const copy = readFileSync(join(notes, 'pwd'), 'utf8').trim();
    expect(livingInGroup(pgid)).toEqual([]);
    expect(existsSync(dirname(copy))).toBe(false);
    expect(scratchFolders()).not.toContain(dirname(copy).split('/').pop());
  });

  it('with no command configured: offers what the repository has, runs only a confirmed offer, and remembers it outside the repository', async () => {
    const { repo, harness, changed } = await workTreeReview(null, { test: ADDS_CHECK });
    await saveDraft(harness, [fixOf(changed, 3)]);
    expect((await harness.get(API.check)).json<CheckData>()).toEqual({ command: { kind: 'to-confirm', offers: ['npm test'] }, run: null });

    const unconfirmed = await harness.send('POST', API.check, {});
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.json<{ error: { code: string; message: string } }>().error).toMatchObject({ code: 'check-command', message: expect.stringContaining('npm test') });
    for (const body of [{ command: 'rm -rf ~' }, { command: 'npm test', also: 1 }, { command: 7 }]) {
      expect((await harness.send('POST', API.check, body)).status).toBe(400);
    }
    expect((await harness.get(API.check)).json<CheckData>().run).toBeNull();

    const confirmed = await harness.send('POST', API.check, { command: 'npm test' });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.json<CheckData>().command).toEqual({ kind: 'confirmed', command: 'npm test' });
    const { data } = await waitForEnd(harness);
    expect(data.run!.state).toMatchObject({ kind: 'finished', checked: { command: 'npm test', passed: true } });
    const kept = JSON.parse(readFileSync(join(harness.preferences.dir, 'check-commands.json'), 'utf8')) as { commands: Record<string, string> };
    expect(kept.commands).toEqual({ [repo.dir]: 'npm test' });
    expect(repo.git('status', '--porcelain=v1', '--untracked-files=all')).toBe(' M sum.mjs\n');
    // Confirmed once: the next check asks nothing, and no other command can be confirmed over it.
    expect((await harness.send('POST', API.check, { command: 'npm test' })).status).toBe(400);
    expect((await harness.send('POST', API.check, {})).status).toBe(200);
    await waitForEnd(harness);
  });

  it("refuses the agent's credential on every method", async () => {
    const repo = makeRepo({ commit: { 'sum.mjs': SUBTRACTS, 'package.json': packageJson(ADDS_CHECK) } });
    repo.write('sum.mjs', `// x\n${SUBTRACTS}`);
    const agent = new AgentChannel();
    const session = new ReviewSession(await gitSource(repo.dir), 'markdown');
    await session.loadReview();
    const server = await startReviewServer({ session, agent, preferences: new PreferencesStore(join(makeTempDir(), 'redline')), appDir: makeStubAppDir() });
    try {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const answer = await httpCall({ port: server.port, method, path: API.check, headers: { origin: server.origin, 'content-type': 'application/json', [AGENT_HEADER]: agent.key }, ...(method === 'POST' ? { body: '{}' } : {}) });
        expect(answer.status, `${method} ${answer.text}`).toBe(403);
      }
    } finally {
      await server.close();
      repo.cleanup();
    }
  });
});
