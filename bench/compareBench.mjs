#!/usr/bin/env node
// `redline compare` with three variants of the S change against the single
// review's live-page target on S (bench/lib/speedTargets.mjs: 500 ms): the
// variants are S's change (`bench-change`), the change with one modified
// file put back as the base has it, and the change with one more line edited
// in another, each a commit on a branch of its own from S's base (refs
// `compare-b`, `compare-c` in the generated repository; nothing else is
// touched). Each run starts `redline compare bench-change compare-b
// compare-c` and opens the page in a fresh Chromium: the live page (first
// screen, highlighted, its click live), the app's own diff, and the
// comparison's overview drawn (its lazy chunk, GET /api/compare). Prints a
// markdown section. Needs the CLI and the page built.
//
//   node bench/compareBench.mjs [--runs 3]
// runner cap: 5 min
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ensureRepos } from './generateRepos.mjs';
import { git, gitText } from './lib/git.mjs';
import { launchBrowser, VIEWPORT } from './lib/measureRun.mjs';
import { installProbe } from './lib/pageProbe.mjs';
import { preferencesHome } from './lib/redlinePreferences.mjs';
import { freePort, startServer } from './lib/serverProcess.mjs';
import { formatMs, median } from './lib/stats.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: process.env.BENCH_QUICK ? '1' : '3' } } });
const RUNS = Number(values.runs);
const LIVE_PAGE_TARGET_MS = 500;
const BIN = new URL('../apps/cli/bin/redline.js', import.meta.url).pathname;

const [repo] = await ensureRepos(['S']);
const variants = ['bench-change', await variantBranch('compare-b', dropOneFile), await variantBranch('compare-c', editOneLine)];

/** A branch at `base` + the change, with `alter` applied to a private index of it. */
async function variantBranch(name, alter) {
  const env = { GIT_INDEX_FILE: `${repo.path}/.git/${name}.index` };
  await git(repo.path, ['read-tree', repo.changeCommit], { env });
  const modified = (await gitText(repo.path, ['diff', '--name-only', '--diff-filter=M', '-z', repo.baseCommit, repo.changeCommit])).split('\0').filter(Boolean);
  await alter(env, modified);
  const tree = await gitText(repo.path, ['write-tree'], { env });
  rmSync(env.GIT_INDEX_FILE, { force: true });
  const commit = await gitText(repo.path, ['commit-tree', tree, '-p', repo.baseCommit, '-m', `bench S: ${name}`]);
  await git(repo.path, ['update-ref', `refs/heads/${name}`, commit]);
  return name;
}

/** The first modified file as the base has it. */
async function dropOneFile(env, modified) {
  const line = await gitText(repo.path, ['ls-tree', repo.baseCommit, '--', modified[0]]);
  await git(repo.path, ['update-index', '--index-info'], { env, input: `${line}\n` });
}

/** One more line appended to the second modified file. */
async function editOneLine(env, modified) {
  const path = modified[1];
  const text = await gitText(repo.path, ['cat-file', 'blob', `${repo.changeCommit}:${path}`]);
  const blob = await gitText(repo.path, ['hash-object', '-w', '--stdin'], { input: `${text}\n// variant C\n` });
  await git(repo.path, ['update-index', '--cacheinfo', `100644,${blob},${path}`], { env });
}

async function waitFor(page, check, what, capMs = 60_000) {
  const deadline = performance.now() + capMs;
  for (;;) {
    const value = await page.evaluate(check).catch(() => undefined);
    if (value !== undefined && value !== null) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function oneRun() {
  const port = await freePort();
  const config = preferencesHome();
  const server = await startServer({
    command: process.execPath,
    args: [BIN, 'compare', '--no-open', '--port', String(port), ...variants],
    cwd: repo.path,
    env: { BROWSER: 'none', NO_COLOR: '1', ...config.env },
    urlPattern: /Review: (http:\/\/\S+)/,
    timeoutMs: 60_000,
    label: 'redline compare',
    terminal: true,
  });
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
    await page.addInitScript(installProbe, { tool: 'redline', expectedFiles: repo.stats.files });
    await page.goto(server.url, { waitUntil: 'commit' });
    const liveDiffMs = await waitFor(page, () => window.__bench?.marks.liveDiff, 'the live page');
    const appDiffMs = await waitFor(page, () => window.__bench?.marks.appDiff, "the app's own diff");
    const overviewMs = await waitFor(page, () => (document.querySelector('.compare-table tbody tr') ? performance.now() : null), 'the overview');
    const rows = await page.evaluate(() => document.querySelectorAll('.compare-table tbody tr').length);
    return { serverReadyMs: server.readyMs, liveDiffMs, appDiffMs, overviewMs, rows };
  } finally {
    await browser.close().catch(() => undefined);
    await server.stop();
    config.cleanup();
  }
}

const runs = [];
for (let i = 0; i < RUNS; i++) runs.push(await oneRun());
const med = (pick) => median(runs.map(pick));
const live = med((r) => r.liveDiffMs);
console.log(`## redline compare: three variants of S\n`);
console.log(`Variants: ${variants.join(', ')} (${repo.stats.files} files in S's change; ${runs[0].rows} overview rows). ${RUNS} run(s), medians; load average ${loadavg()[0].toFixed(2)}.\n`);
console.log('| figure | median | runs |');
console.log('|---|---|---|');
for (const [label, pick] of [['server ready (link printed)', (r) => r.serverReadyMs], ['live page', (r) => r.liveDiffMs], ["the app's own diff", (r) => r.appDiffMs], ['the overview drawn', (r) => r.overviewMs]]) {
  console.log(`| ${label} | ${formatMs(med(pick))} | ${runs.map((r) => formatMs(pick(r))).join(', ')} |`);
}
console.log(`\nLive page within the single review's target on S (≤ ${formatMs(LIVE_PAGE_TARGET_MS)}): ${live <= LIVE_PAGE_TARGET_MS ? 'pass' : '**FAIL**'} (${formatMs(live)}).`);
