/**
 * `redline annotate` and the proposals' routes, in-process against a real
 * review of a real repository (plain `redline`, which records its session
 * and agent key as `start` does): findings refused whole with the field
 * path, by name outside the diff, or over 1 MiB, nothing posted; posted
 * twice, one proposal; kept 0600 for the next review when none runs; the
 * reviewer's Accept, Edit, Reject and Reply, none of which the agent's key
 * may do (403, nothing changed); an outdated proposal cannot be accepted;
 * and the export names every outcome.
 */
import { execFile } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { API, type ProposalsData } from '@redline/core';
import { captureIo, type CapturedIo } from '../../testSupport/capturedIo.js';
import { signInAsPage, type PageSession } from '../../testSupport/browserSession.js';
import { makeRepo, type TestRepo } from '../../testSupport/gitRepo.js';
import { httpCall } from '../../testSupport/httpClient.js';
import { runCli } from '../main.js';
import { AGENT_API, AGENT_HEADER } from '../server/agent/agentApi.js';
import { SessionStore } from '../sessions/sessionStore.js';
import { pendingFindingsPath } from './pendingFindings.js';
import { repoWithOneThread } from '../../testSupport/reviewRounds.js';

const execFileAsync = promisify(execFile);
const REVIEW_URL_RE = /^Review: (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+)$/m;
const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

function changedRepo(): TestRepo {
  const repo = makeRepo({ commit: { 'src/retry.ts': 'one\ntwo\nthree\nfour\n' } });
  repo.write('src/retry.ts', 'one\nTWO\nthree\nfour\nfive\n');
  repos.push(repo);
  return repo;
}

const finding = (start: number, text: string, extra: Record<string, unknown> = {}) => ({ kind: 'finding', path: 'src/retry.ts', side: 'new', lines: { start, end: start }, text, ...extra });
const THREE = { findings: [finding(2, 'Why upper case?'), finding(3, 'A question', { kind: 'question' }), finding(5, 'Drop it', { suggestion: { original: 'five', replacement: '' } })] };

async function annotate(repo: TestRepo, findings: unknown): Promise<{ code: number; io: CapturedIo }> {
  const file = join(repo.dir, '.git', 'findings.json');
  writeFileSync(file, typeof findings === 'string' || Buffer.isBuffer(findings) ? findings : JSON.stringify(findings));
  const io = captureIo(repo.dir);
  return { code: await runCli(['annotate', file, '--json'], io), io };
}

async function startReview(repo: TestRepo): Promise<{ exit: Promise<number>; io: CapturedIo; page: PageSession }> {
  const io = captureIo(repo.dir);
  const exit = runCli(['--no-open'], io);
  const [, url] = await io.waitForStderr(REVIEW_URL_RE);
  return { exit, io, page: await signInAsPage(url!) };
}

async function agentKey(repo: TestRepo): Promise<Record<string, string>> {
  const store = new SessionStore(join(repo.dir, '.git', 'redline'));
  const found = await store.find();
  if (found.kind !== 'live') throw new Error('no live session');
  return { [AGENT_HEADER]: await store.readAgentKey(found.record.id) };
}

/** Sends the head and the whole body at once, reading as it goes; what the server answered, or how the connection failed. */
function postAtOnce(port: number, head: string[], body: Buffer): Promise<string> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('error', (error: NodeJS.ErrnoException) => done(`connection failed: ${error.code}`));
    socket.on('close', () => done(answer));
    socket.write(`${head.join('\r\n')}\r\n\r\n`);
    socket.end(body);
  });
}

const proposals = async (page: PageSession) => (await page.get(API.proposals)).json<ProposalsData>().proposals;

describe('redline annotate', () => {
  it('refuses malformed findings with the field path, paths outside the diff by name, and over 1 MiB; posts nothing', async () => {
    const repo = changedRepo();
    const { exit, page } = await startReview(repo);
    const bad = await annotate(repo, { findings: [finding(2, 'ok'), finding(2, 'ok'), { ...finding(2, 'x'), lines: { start: 0, end: 1 } }] });
    expect([bad.code, bad.io.err()]).toEqual([2, 'redline annotate: findings[2].lines.start: expected a positive integer, got 0; nothing was posted\n']);
    // Several at once: the first three are named, so the agent can fix them in one go.
    const many = await annotate(repo, { findings: [1, 2, 3, 4].map((start) => ({ ...finding(2, 'x'), lines: { start: -start, end: 1 } })) });
    expect([many.code, many.io.err()]).toEqual([2, 'redline annotate: findings[0].lines.start: expected a positive integer, got -1; findings[1].lines.start: expected a positive integer, got -2; findings[2].lines.start: expected a positive integer, got -3 (and 1 more problem); nothing was posted\n']);
    const outside = await annotate(repo, { findings: [finding(2, 'ok'), { ...finding(1, 'x'), path: 'src/other.ts' }] });
    expect([outside.code, outside.io.err()]).toEqual([1, `redline annotate: not files of this review's diff: "src/other.ts"; nothing was posted\n`]);
    const huge = await annotate(repo, `{"findings":[${JSON.stringify(finding(2, 'x'.repeat(1024 * 1024)))}]}`);
    expect(huge.code).toBe(1);
    expect(huge.io.err()).toMatch(/^redline annotate: the findings are over 1048576 bytes \(1 MiB\)/);
    const notJson = await annotate(repo, '{ findings');
    expect(notJson.code).toBe(2);
    expect(await proposals(page)).toEqual([]);
    await page.post(API.close, {});
    expect(await exit).toBe(3);
  });

  it('refuses findings that are not UTF-8 as the route does (never U+FFFD), and answers a raw post over 1 MiB with a readable 413', async () => {
    const repo = changedRepo();
    const { exit, page } = await startReview(repo);
    const [before, after] = JSON.stringify({ findings: [finding(2, 'caf\u0000')] }).split('\\u0000') as [string, string];
    const latin1 = Buffer.concat([Buffer.from(before), Buffer.from([0xe9]), Buffer.from(after)]);
    const refused = await annotate(repo, latin1);
    expect([refused.code, refused.io.err()]).toEqual([2, 'redline annotate: the findings are not valid UTF-8; nothing was posted\n']);
    const post = (body: Buffer, headers: Record<string, string> = {}) =>
      agentKey(repo).then((key) => httpCall({ port: page.port, method: 'POST', path: AGENT_API.proposals, headers: { ...key, origin: page.origin, 'content-type': 'application/json', ...headers }, body }));
    expect((await post(latin1)).json()).toEqual({ error: { code: 'bad-request', message: 'request body is not valid UTF-8' } });
    const huge = Buffer.from(JSON.stringify({ findings: [finding(2, 'x'.repeat(1536 * 1024))] }));
    // As curl sends it (Expect: 100-continue above 1 MiB) and as fetch does: a reset here used to be all the agent got.
    const key = await agentKey(repo);
    const file = join(repo.dir, '.git', 'huge.json');
    writeFileSync(file, huge);
    const headers = [`${AGENT_HEADER}: ${key[AGENT_HEADER]}`, `origin: ${page.origin}`, 'content-type: application/json'].flatMap((h) => ['-H', h]);
    const curl = await execFileAsync('curl', ['-sS', '-w', '\n%{http_code}', ...headers, '--data-binary', `@${file}`, `${page.origin}${AGENT_API.proposals}`]).catch((error: { stderr: string }) => ({ stdout: `curl failed: ${error.stderr}` }));
    expect(curl.stdout).toBe('{"error":{"code":"payload-too-large","message":"request body is larger than 1048576 bytes"}}\n413');
    const fetched = await fetch(`${page.origin}${AGENT_API.proposals}`, { method: 'POST', headers: { ...key, origin: page.origin, 'content-type': 'application/json' }, body: huge });
    expect(fetched.status).toBe(413);
    // A client still sending when the answer comes (8 MiB at once): the connection is not cut under it (EPIPE before).
    const big = Buffer.alloc(8 * 1024 * 1024, 0x20);
    const atOnce = await postAtOnce(page.port, [`POST ${AGENT_API.proposals} HTTP/1.1`, `host: 127.0.0.1:${page.port}`, `origin: ${page.origin}`, `${AGENT_HEADER}: ${key[AGENT_HEADER]}`, 'content-type: application/json', `content-length: ${big.length}`], big);
    expect(atOnce).toMatch(/^HTTP\/1\.1 413 [^]*\r\n\r\n\{"error":\{"code":"payload-too-large"/);
    expect(await proposals(page)).toEqual([]);
    await page.post(API.close, {});
    expect(await exit).toBe(3);
  });

  it('keeps findings 0600 for the next review when none runs, and that review shows them', async () => {
    const repo = changedRepo();
    const kept = await annotate(repo, THREE);
    expect([kept.code, kept.io.out()]).toEqual([0, '{"kept":3}\n']);
    expect(statSync(pendingFindingsPath(join(repo.dir, '.git', 'redline'))).mode & 0o777).toBe(0o600);
    const { exit, io, page } = await startReview(repo);
    expect(io.err()).toContain('redline: 3 findings posted earlier shown as proposals');
    expect((await proposals(page)).map((p) => p.proposal.finding.text).sort()).toEqual(['A question', 'Drop it', 'Why upper case?']);
    await page.post(API.close, {});
    expect(await exit).toBe(3);
  });

  it('findings kept for the next review show in one that continues a series (its rounds start before they are taken, never after the link)', async () => {
    const repo = await repoWithOneThread();
    repos.push(repo);
    const kept = await annotate(repo, { findings: [{ ...finding(2, 'Still upper case?'), path: 'a.txt' }] });
    expect(kept.code, kept.io.err()).toBe(0);
    const { exit, io, page } = await startReview(repo);
    expect(io.err()).toContain('redline: 1 finding posted earlier shown as proposals');
    expect(io.err()).toMatch(/continuing review series/);
    expect((await proposals(page)).map((p) => p.proposal.finding.text)).toEqual(['Still upper case?']);
    await page.post(API.close, {});
    expect(await exit).toBe(3);
  }, 60_000);

  it('posts into the running review once; the reviewer answers each, the agent can answer none, and the export names every outcome', async () => {
    const repo = changedRepo();
    const { exit, io, page } = await startReview(repo);
    const first = await annotate(repo, THREE);
    expect(first.code, first.io.err()).toBe(0);
    const again = await annotate(repo, THREE);
    expect(JSON.parse(again.io.out())).toEqual({ added: [], known: JSON.parse(first.io.out()).added });
    const [q, s, w] = [...(await proposals(page))].sort((a, b) => a.proposal.finding.lines.start - b.proposal.finding.lines.start).map((p) => p.proposal.id) as [string, string, string];

    // The agent's key on the reviewer's acts: 403, and nothing changes.
    const key = await agentKey(repo);
    for (const body of [{ act: 'accept', id: q, annotationId: 'c1' }, { act: 'reject', id: s }, { act: 'reply', id: s, text: 'mine' }]) {
      const answer = await httpCall({ port: page.port, method: 'POST', path: API.proposalAnswer, headers: { ...key, origin: page.origin, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(answer.status).toBe(403);
    }
    expect((await proposals(page)).every((p) => p.answer.kind === 'unanswered' && p.replies.length === 0)).toBe(true);

    expect((await page.post(API.proposalAnswer, { act: 'accept', id: q, annotationId: 'c1' })).status).toBe(200);
    expect((await page.post(API.proposalAnswer, { act: 'edit', id: s, annotationId: 'c2' })).status).toBe(200);
    expect((await page.post(API.proposalAnswer, { act: 'reply', id: w, text: 'Keep five.' })).status).toBe(200);
    expect((await page.post(API.proposalAnswer, { act: 'reject', id: w })).status).toBe(200);
    // Line 5 changes: that proposal is outdated, and cannot be accepted unchanged.
    repo.write('src/retry.ts', 'one\nTWO\nthree\nfour\nsix\n');
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await proposals(page)).find((p) => p.proposal.id === w)?.outdated).toBe(true);
    const outdated = await page.post(API.proposalAnswer, { act: 'accept', id: w, annotationId: 'c3' });
    expect(outdated.status).toBe(409);

    const comment = (id: string, line: number, text: string) => ({ id, kind: 'comment', scope: 'line', side: 'new', path: 'src/retry.ts', startLine: line, endLine: line, text, createdAt: '2026-12-01T00:00:00.000Z' });
    const sent = await page.post(API.feedback, { verdict: 'comment', summary: '', annotations: [comment('c1', 2, 'Why upper case?'), comment('c2', 3, 'My own words')] });
    expect(sent.status, sent.text).toBe(200);
    expect(await exit).toBe(0);
    const markdown = io.out();
    expect(markdown).toContain(`### Proposal \`${q}\` · finding · accepted`);
    expect(markdown).toContain(`### Proposal \`${s}\` · question · edited`);
    expect(markdown).toContain(`### Proposal \`${w}\` · finding · rejected`);
    expect(markdown).toContain("**Reviewer's reply:**\n\n> Keep five.");
  }, 30_000);
});
