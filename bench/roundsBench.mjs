#!/usr/bin/env node
/**
 * Review rounds, measured through the built CLI (tsc -b apps/cli):
 *
 * 1. start-up with 100 earlier rounds against none: `redline --no-open` from
 *    spawn to the "Review:" line, and from spawn to the printed link's page
 *    answered in full (a GET of the link, its first screen included: what
 *    the reviewer waits for), two identical repositories run in turn,
 *    median of 11 each, interleaved, with 1 round beside them (budget: at most 50 ms more);
 * 2. writing a round of a 2,000-file repository (300 files changed, 100
 *    untracked): recordRound, state tree through the private index included,
 *    median of 5 (budget: under 1 s).
 *
 * Prints a markdown table. Usage: node bench/roundsBench.mjs
 */
import { execFileSync, spawn } from 'node:child_process';
import { terminalCommand } from '../apps/cli/testSupport/inTerminal.mjs';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchGitEnv } from './lib/git.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'apps/cli/dist');
const RUNS = 5;
// Start-ups are spawned processes on 2 shared cores: five of each swung the difference from 18 to 122 ms between runs, so more.
const START_RUNS = 11;
const { recordRound } = await import(join(DIST, 'rounds/recordRound.js'));
const { readAllSeries } = await import(join(DIST, 'rounds/readSeries.js'));
const { chooseSeries } = await import(join(DIST, 'rounds/chooseSeries.js'));
const { readRoundsData } = await import(join(DIST, 'rounds/readRoundsData.js'));
const { resolveTarget } = await import(join(DIST, 'git/resolveTarget.js'));

const git = (cwd, ...args) => execFileSync('git', args, { cwd, env: benchGitEnv(), encoding: 'utf8', maxBuffer: 1 << 28 });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function makeRepo(files, changed, untracked) {
  const dir = mkdtempSync(join(tmpdir(), 'redline-rounds-bench-'));
  git(dir, 'init', '-q', '--initial-branch=main');
  const body = (i, tag) => Array.from({ length: 40 }, (_, n) => `export const v${i}_${n} = ${tag}${n}; // line ${n}`).join('\n') + '\n';
  for (let i = 0; i < files; i++) {
    mkdirSync(join(dir, `src/d${i % 40}`), { recursive: true });
    writeFileSync(join(dir, `src/d${i % 40}/f${i}.ts`), body(i, ''));
  }
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'base');
  for (let i = 0; i < changed; i++) writeFileSync(join(dir, `src/d${i % 40}/f${i}.ts`), body(i, '1 + '));
  for (let i = 0; i < untracked; i++) writeFileSync(join(dir, `src/d${i % 40}/new${i}.ts`), body(i, '2 * '));
  return dir;
}

const ANNOTATIONS = (i) => [1, 2].map((n) => ({ id: `c${i}-${n}`, kind: 'comment', scope: 'line', path: 'src/d0/f0.ts', side: 'new', startLine: n * 3, endLine: n * 3, text: `round ${i} note ${n}`, createdAt: '2026-01-01T00:00:00.000Z' }));

function reviewJson(i, base) {
  return `${JSON.stringify({ format: 'redline-feedback', version: 1, target: { kind: 'base', description: 'x', baseCommit: base, headCommit: null }, verdict: 'request-changes', summary: '', annotations: ANNOTATIONS(i) }, null, 2)}\n`;
}

async function writeRounds(dir, count) {
  const base = git(dir, 'rev-parse', 'HEAD').trim();
  const series = `${base.slice(0, 12)}-0badc0`;
  let last = null;
  const times = [];
  for (let i = 1; i <= count; i++) {
    const round = { series, target: { kind: 'worktree' }, baseCommit: base, number: i, reviewer: 'bench', time: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(), verdict: 'request-changes', counts: { comments: 2, suggestions: 0, acts: 0 }, acts: [] };
    const started = performance.now();
    last = (await recordRound(dir, round, reviewJson(i, base), last, last)).commit;
    times.push(performance.now() - started);
  }
  return times;
}

/**
 * One start-up: `ms` to the "Review:" line, `pageMs` to the link's page
 * read to its end (the first screen is in it, so the server had the whole
 * first reading by then), `page` that page.
 */
function startUp(dir) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // On a terminal, as a person runs it: the only place redline prints its link.
    const inTerminal = terminalCommand(process.execPath, [join(ROOT, 'apps/cli/bin/redline.js'), '--no-open']);
    const child = spawn(inTerminal.command, inTerminal.args, { cwd: dir, env: { ...benchGitEnv(), REDLINE_APP_DIR: APP_DIR } });
    let stderr = '';
    let ms = null;
    let answered = null;
    child.stdout.on('data', (chunk) => {
      stderr += String(chunk).replaceAll('\r', '');
      const link = /Review: (\S+)/.exec(stderr);
      if (ms === null && link) {
        ms = performance.now() - started;
        answered = fetch(link[1]).then((res) => res.text()).then((page) => ({ pageMs: performance.now() - started, page }));
        answered.finally(() => child.kill('SIGTERM')).catch(() => undefined);
      }
    });
    child.on('close', (code) => {
      if (ms === null) return reject(new Error(`redline exited ${code}: ${stderr}`));
      answered.then(({ pageMs, page }) => resolve({ ms, pageMs, page, stderr }), reject);
    });
  });
}

// The page itself is not what is measured: a one-file stand-in, so no page build is needed.
const APP_DIR = mkdtempSync(join(tmpdir(), 'redline-rounds-app-'));
writeFileSync(join(APP_DIR, 'index.html'), '<!doctype html><html><head></head><body><!--redline:first-screen--><div id="root"></div></body></html>');
const none = makeRepo(20, 10, 2);
const one = makeRepo(20, 10, 2);
const hundred = makeRepo(20, 10, 2);
await writeRounds(one, 1);
await writeRounds(hundred, 100);
if ((await readAllSeries(hundred)).series[0]?.rounds.length !== 100) throw new Error('expected 100 rounds');
const starts = { none: [], one: [], hundred: [] };
const pages = { none: [], one: [], hundred: [] };
await startUp(none); // warm the file cache
await startUp(one);
await startUp(hundred);
for (let i = 0; i < START_RUNS; i++) {
  for (const [name, dir] of [['none', none], ['one', one], ['hundred', hundred]]) {
    const run = await startUp(dir);
    if (name === 'hundred' && !/continuing review series .*, round 101/.test(run.stderr)) throw new Error(`the series was not continued: ${run.stderr}`);
    // The page answered is the one the reviewer sees: the round view's first screen when there are rounds (not a page sent without one after the 1 s cap).
    const roundView = run.page.includes('data-round-view="since"');
    if (!run.page.includes('id="redline-first-screen"')) throw new Error(`${name}: the link's page came without its first screen`);
    if (roundView !== (name !== 'none')) throw new Error(`${name}: the first screen ${roundView ? 'is' : 'is not'} the round view`);
    starts[name].push(run.ms);
    pages[name].push(run.pageMs);
  }
}
/** What start-up does for the rounds, in this process: choose the series, read its rounds and threads. */
async function roundsWork(dir) {
  const target = await resolveTarget(dir, { kind: 'working-tree' });
  const started = performance.now();
  const choice = await chooseSeries(dir, { kind: 'working-tree' }, target, { newSeries: false, note: () => undefined });
  if (choice.series?.earlier) await readRoundsData(dir, choice.series.earlier);
  return performance.now() - started;
}
const workNone = [];
const workHundred = [];
for (let i = 0; i < RUNS; i++) {
  workNone.push(await roundsWork(none));
  workHundred.push(await roundsWork(hundred));
}
const large = makeRepo(2000, 300, 100);
const writes = await writeRounds(large, RUNS);
for (const dir of [none, one, hundred, large, APP_DIR]) rmSync(dir, { recursive: true, force: true });

const rows = [
  ['start-up, no earlier rounds (spawn to "Review:")', median(starts.none)],
  // One round separates what any continued series costs (the since-round diff: the state now written and diffed) from what the count of rounds costs.
  ['start-up, 1 earlier round (2 threads)', median(starts.one)],
  ['start-up, 100 earlier rounds (200 threads)', median(starts.hundred)],
  ['difference (budget: at most 50 ms)', median(starts.hundred) - median(starts.none)],
  ['link\'s page answered in full, first screen included (spawn to its last byte), no earlier rounds', median(pages.none)],
  ['the same, 1 earlier round', median(pages.one)],
  ['the same, 100 earlier rounds', median(pages.hundred)],
  ['difference, page answered', median(pages.hundred) - median(pages.none)],
  ['the rounds\' own start-up work in-process (series choice, rounds, threads), no rounds', median(workNone)],
  ['the same, 100 earlier rounds', median(workHundred)],
  ['write a round, 2,000 files, 300 changed, 100 untracked (budget: under 1,000 ms)', median(writes)],
];
console.log(`| measure (median of ${RUNS}, start-ups of ${START_RUNS}; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores) | ms |\n|---|---|`);
for (const [name, ms] of rows) console.log(`| ${name} | ${ms.toFixed(1)} |`);
