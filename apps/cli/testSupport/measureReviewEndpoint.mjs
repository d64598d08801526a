#!/usr/bin/env node
/**
 * Times the review endpoint against plain `git diff` of the same target on
 * one repository ("review endpoint within 1.5x of git diff on L").
 * Runs on the built CLI (`npx tsc -b apps/cli` first). Each round measures,
 * in this order, so load drift hits every figure alike:
 *
 *   gitTracked     `git diff` with the server's own config and flags against
 *                  HEAD, output read through a pipe by this process;
 *   gitUntracked   the same with untracked files included the way git itself
 *                  would show them: `git diff HEAD` over a temporary copy of
 *                  the index where they are marked intent-to-add (the copy
 *                  is made before the clock starts);
 *   readCold       in process: a new session's first `loadReview()` (the
 *                  whole reading: git, untracked files, facts, fingerprint);
 *   httpCold       a new server and session, signed in with the session
 *                  secret like the page, then GET /api/review with the
 *                  Accept-Encoding Chromium sends (--accept-encoding to
 *                  change it), timed from the request to the last byte;
 *   httpWarm       the same GET again on that server (nothing changed: the
 *                  server may answer from what it read before).
 *
 * Usage:
 *   node apps/cli/testSupport/measureReviewEndpoint.mjs --repo DIR [--runs 5] [--json] [--dist DIR]
 *        [--accept-encoding 'gzip, deflate, br, zstd']
 * (--dist: the built CLI to measure, default apps/cli/dist; e.g. a saved copy
 * of an earlier build, to compare before and after under the same load.)
 * Prints a table (or JSON) of medians, minima and maxima in milliseconds,
 * the ratios to gitUntracked (the same target as the endpoint), the sizes,
 * and the load average before and after.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

// --dist DIR measures another build of the CLI (a saved copy of an earlier dist/, say).
const distArg = process.argv.indexOf('--dist');
const DIST = distArg > 0 ? pathToFileURL(resolve(process.argv[distArg + 1]) + '/') : new URL('../dist/', import.meta.url);
const load = (path) => import(new URL(path, DIST).href);
const { findRepository } = await load('git/findRepository.js');
const { resolveTarget } = await load('git/resolveTarget.js');
const { NEUTRAL_DIFF_FLAGS } = await load('git/diffFlags.js');
const { gitEnvironment } = await load('git/runGit.js');
const { GitReviewSource } = await load('review/gitReviewSource.js');
const { ReviewSession } = await load('review/reviewSession.js');
const { startReviewServer } = await load('server/startReviewServer.js');

const NEUTRAL_CONFIG = ['-c', 'core.quotepath=false', '-c', 'diff.noprefix=false'];

/** Runs git, reads all of stdout through a pipe, resolves with its byte count. */
function timedGit(cwd, args, env = gitEnvironment()) {
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...NEUTRAL_CONFIG, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let bytes = 0;
    child.stdout.on('data', (chunk) => (bytes += chunk.length));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(bytes) : reject(new Error(`git ${args[0]} exited ${code}`))));
  });
}

function gitOutput(cwd, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...NEUTRAL_CONFIG, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'inherit'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`git ${args[0]} exited ${code}`))));
  });
}

/** A copy of the repository's index with every untracked file added as intent-to-add. */
async function intentToAddIndex(root, gitDir) {
  const dir = mkdtempSync(join(tmpdir(), 'redline-measure-'));
  const index = join(dir, 'index');
  copyFileSync(join(gitDir, 'index'), index);
  const untracked = await gitOutput(root, ['ls-files', '--others', '--exclude-standard', '-z']);
  const list = join(dir, 'untracked');
  writeFileSync(list, untracked);
  const env = { ...gitEnvironment(), GIT_INDEX_FILE: index };
  await gitOutput(root, ['--literal-pathspecs', 'add', '--intent-to-add', `--pathspec-from-file=${list}`, '--pathspec-file-nul'], env);
  return { env, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

function httpGet(port, path, headers) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function newSession(root) {
  const repository = await findRepository(root);
  const target = await resolveTarget(repository.root, { kind: 'working-tree' });
  return new ReviewSession(new GitReviewSource(repository, target), 'markdown');
}

/** Opens the link and spends it at POST /api/session as the page does: the session header to send. */
async function startSignedIn(session, appDir) {
  const server = await startReviewServer({ session, appDir });
  const url = new URL(server.reviewUrl);
  await httpGet(server.port, url.pathname + url.search, {});
  const grant = await new Promise((resolve, reject) => {
    const headers = { host: `127.0.0.1:${server.port}`, origin: url.origin, 'x-redline-link': url.searchParams.get('token') };
    const req = request({ host: '127.0.0.1', port: server.port, method: 'POST', path: '/api/session', headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`sign-in answered ${res.statusCode}`))));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
  return { server, auth: { 'x-redline-session': grant.session } };
}

async function timeReviewGet(port, auth, acceptEncoding) {
  const start = performance.now();
  const answer = await httpGet(port, '/api/review', { ...auth, 'accept-encoding': acceptEncoding });
  const ms = performance.now() - start;
  if (answer.status !== 200) throw new Error(`GET /api/review answered ${answer.status}`);
  return { ms, bytes: answer.bytes, encoding: answer.headers['content-encoding'] ?? 'identity' };
}

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  return { median: round(median), min: round(sorted[0]), max: round(sorted[sorted.length - 1]), runs: values.map(round) };
}

const round = (ms) => Math.round(ms);

async function main() {
  const { values } = parseArgs({ options: {
      repo: { type: 'string' },
      dist: { type: 'string' },
      runs: { type: 'string', default: '5' },
      json: { type: 'boolean', default: false },
      'accept-encoding': { type: 'string', default: 'gzip, deflate, br, zstd' },
    } });
  if (!values.repo) throw new Error('--repo DIR is required (make one with testSupport/generateLargeRepo.mjs)');
  const runs = Number(values.runs);
  const repository = await findRepository(values.repo);
  const root = repository.root;
  const appDir = mkdtempSync(join(tmpdir(), 'redline-measure-app-'));
  writeFileSync(join(appDir, 'index.html'), '<!doctype html><title>measure</title>');
  const diffArgs = ['diff', ...NEUTRAL_DIFF_FLAGS, '--end-of-options', 'HEAD', '--'];
  const ita = await intentToAddIndex(root, repository.gitDir);
  const loadBefore = loadavg();
  const times = { gitTracked: [], gitUntracked: [], readCold: [], httpCold: [], httpWarm: [] };
  const sizes = {};
  try {
    // One untimed round first: disk cache and git's stat cache warm for everyone.
    await timedGit(root, diffArgs);
    await (await newSession(root)).loadReview();
    for (let run = 0; run < runs; run++) {
      let start = performance.now();
      sizes.gitTrackedBytes = await timedGit(root, diffArgs);
      times.gitTracked.push(performance.now() - start);

      start = performance.now();
      sizes.gitUntrackedBytes = await timedGit(root, diffArgs, ita.env);
      times.gitUntracked.push(performance.now() - start);

      const session = await newSession(root);
      start = performance.now();
      const data = await session.loadReview();
      times.readCold.push(performance.now() - start);
      sizes.patchChars = data.patch.length;
      sizes.files = data.files.length;

      const { server, auth } = await startSignedIn(await newSession(root), appDir);
      try {
        const cold = await timeReviewGet(server.port, auth, values['accept-encoding']);
        times.httpCold.push(cold.ms);
        sizes.httpBodyBytes = cold.bytes;
        sizes.httpEncoding = cold.encoding;
        times.httpWarm.push((await timeReviewGet(server.port, auth, values['accept-encoding'])).ms);
      } finally {
        await server.close();
      }
    }
  } finally {
    ita.dispose();
    rmSync(appDir, { recursive: true, force: true });
  }
  const result = {
    repo: root,
    runs,
    node: process.version,
    loadavgBefore: loadBefore.map((x) => x.toFixed(2)).join(' '),
    loadavgAfter: loadavg().map((x) => x.toFixed(2)).join(' '),
    sizes,
    ms: Object.fromEntries(Object.entries(times).map(([name, list]) => [name, summary(list)])),
  };
  const base = result.ms.gitUntracked.median;
  result.ratioToGitWithUntracked = Object.fromEntries(
    ['readCold', 'httpCold', 'httpWarm'].map((name) => [name, Number((result.ms[name].median / base).toFixed(2))]),
  );
  result.ratioToGitTracked = Object.fromEntries(
    ['readCold', 'httpCold', 'httpWarm'].map((name) => [name, Number((result.ms[name].median / result.ms.gitTracked.median).toFixed(2))]),
  );
  if (values.json) {
    process.stdout.write(JSON.stringify(result, null, 2) + '\n');
    return;
  }
  const lines = [
    `repo ${root} (${sizes.files} files, patch ${(sizes.patchChars / 1e6).toFixed(1)} M chars, HTTP body ${(sizes.httpBodyBytes / 1e6).toFixed(2)} MB ${sizes.httpEncoding})`,
    `node ${process.version}; load average before ${result.loadavgBefore}, after ${result.loadavgAfter}; median of ${runs}`,
    '',
    'measure        median     min     max   (ms)',
  ];
  for (const [name, s] of Object.entries(result.ms)) {
    lines.push(`${name.padEnd(13)} ${String(s.median).padStart(7)} ${String(s.min).padStart(7)} ${String(s.max).padStart(7)}   [${s.runs.join(', ')}]`);
  }
  lines.push('', `ratio to git diff incl. untracked: ${JSON.stringify(result.ratioToGitWithUntracked)}`);
  lines.push(`ratio to git diff tracked only:    ${JSON.stringify(result.ratioToGitTracked)}`);
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((error) => {
  process.stderr.write(`measureReviewEndpoint: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
