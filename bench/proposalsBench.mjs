#!/usr/bin/env node
// Cost that grows with proposals and odd text, against the BUILT
// code (`tsc -b apps/cli`, and `vite build` for the page) through the real
// `redline start` server and Debian's Chromium:
//   - GET /api/proposals with 1,000 proposals (200 changed files, 5 each): the
//     first poll, then the median of 5 more (the page polls every 3 s);
//   - Send (POST /api/feedback) with those 1,000 proposals;
//   - a 1 MiB general comment (mixed bidi, invisible, emoji and Hebrew/Arabic
//     text; only zero-width spaces; markdown list lines), restored from the
//     draft: from the page's navigation to its last
//     characters in the DOM and a frame painted after; beside it the same page
//     with a one-line comment (the page's own start, on this machine now).
// Targets: 100 ms, 1 s and 2 s. Prints a markdown table.
//
//   node bench/proposalsBench.mjs
//   PROPOSALS_BENCH_PROFILE=1   also prints the page's CPU profile while the comment is shown
//                               (inclusive ms per function, named from source maps when the
//                               page is built with `npx vite build --sourcemap hidden`)
//   ODD_TEXT_KIB=256            a comment of that many KiB instead of 1,024
//   ODD_TEXT_ONLY=zero          only the odd texts whose description starts so
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { reviewerLink } from '../apps/cli/testSupport/inTerminal.mjs';
import { launchBrowser, VIEWPORT } from './lib/measureRun.mjs';
import { inclusiveTotals } from './lib/profileTotals.mjs';
import { call, signIn } from './lib/redlineSession.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'apps/cli/bin/redline.js');
const FILES = 200;
const PER_FILE = 5;
const LINES = 50;
const POLLS = 5;
const MIB = 1024 * 1024;
const ODD_TEXT_BYTES = Number(process.env.ODD_TEXT_KIB ?? 1024) * 1024;
const PROFILE = process.env.PROPOSALS_BENCH_PROFILE === '1';
const MARKER = 'END-OF-THE-1-MIB-COMMENT';
/** Each session listens on a fresh port, which may be an earlier one's: a kept-alive socket would be that dead server's. */
const NO_KEEP_ALIVE = new Agent({ keepAlive: false });
const ENV = { ...process.env, BROWSER: '', REDLINE_APP_DIR: process.env.REDLINE_APP_DIR ?? join(ROOT, 'apps/review/dist') };

function redline(args, dir, input) {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, env: ENV, input, encoding: 'utf8', maxBuffer: 64 * MIB });
  if (run.status !== 0) throw new Error(`redline ${args[0]} exited ${run.status}: ${run.stderr.slice(0, 400)}`);
  return run;
}

/** `redline start`, then the reviewer's link as they get it: `redline open` in a terminal of theirs. */
function start(dir) {
  redline(['start', '--no-open', '--json'], dir);
  return reviewerLink(BIN, dir, ENV);
}

function makeRepo() {
  const dir = mkdtempSync(join(tmpdir(), 'redline-proposals-bench-'));
  const git = (...args) => execFileSync('git', args, { cwd: dir, env: { ...process.env, GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b' } });
  git('init', '-q');
  const file = (i, word) => Array.from({ length: LINES }, (_, line) => `export const ${word}${i}_${line} = ${line};`).join('\n') + '\n';
  for (let i = 0; i < FILES; i++) writeFileSync(join(dir, `f${i}.ts`), file(i, 'old'));
  git('add', '-A');
  git('commit', '-qm', 'base');
  for (let i = 0; i < FILES; i++) writeFileSync(join(dir, `f${i}.ts`), file(i, 'new'));
  return dir;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed(fn) {
  const started = performance.now();
  const result = await fn();
  return { ms: performance.now() - started, result };
}

/** ODD_TEXT_BYTES (UTF-8) of `unit` repeated, the marker last. */
function textOf(unit) {
  let text = '';
  while (Buffer.byteLength(text) < ODD_TEXT_BYTES) text += unit;
  while (Buffer.byteLength(text) > ODD_TEXT_BYTES - MARKER.length - 1) text = text.slice(0, -unit.length);
  return `${text} ${MARKER}`;
}

/** The odd texts: mixed bidi controls, invisible characters, emoji with joiners and RTL words; only zero-width spaces; markdown list lines. */
const ODD_TEXTS = [
  ['mixed bidi, invisible and emoji text', 'abc \u202Eשלום\u202C \u200B\u200D😀👨‍👩‍👧 مرحبا \u2066x\u2069 \uFE0F\u00AD '],
  ['zero-width spaces', '\u200B'],
  ['markdown list lines', '- item *one* `two`\n'],
];

async function proposalFigures(dir) {
  const findings = [];
  for (let i = 0; i < FILES; i++) {
    for (let k = 0; k < PER_FILE; k++) findings.push({ kind: 'finding', path: `f${i}.ts`, side: 'new', lines: { start: 1 + k * 10, end: 2 + k * 10 }, text: `finding ${k} on f${i}.ts` });
  }
  const url = await start(dir);
  redline(['annotate', '-'], dir, JSON.stringify({ findings }));
  const { port, origin, auth: session } = await signIn(url, NO_KEEP_ALIVE);
  const auth = { ...session, origin };
  const first = await timed(() => call(port, 'GET', '/api/proposals', auth, undefined, NO_KEEP_ALIVE));
  const count = JSON.parse(first.result.text).proposals.length;
  const polls = [];
  for (let i = 0; i < POLLS; i++) polls.push((await timed(() => call(port, 'GET', '/api/proposals', auth, undefined, NO_KEEP_ALIVE))).ms);
  const send = await timed(() => call(port, 'POST', '/api/feedback', { ...auth, 'content-type': 'application/json' }, JSON.stringify({ verdict: 'comment', summary: 'bench', annotations: [] }), NO_KEEP_ALIVE));
  if (send.result.status !== 200) throw new Error(`Send answered ${send.result.status}: ${send.result.text.slice(0, 200)}`);
  // Collects the feedback: the session has ended once this returns.
  redline(['wait', '--timeout', '30'], dir);
  return { count, firstMs: first.ms, pollMs: median(polls), sendMs: send.ms };
}

async function shownFigure(dir, text) {
  // One session saves the draft; the next restores it in the browser.
  const first = await signIn(await start(dir), NO_KEEP_ALIVE);
  const auth = { ...first.auth, origin: first.origin, 'content-type': 'application/json' };
  const review = JSON.parse((await call(first.port, 'GET', '/api/review', first.auth, undefined, NO_KEEP_ALIVE)).text);
  const draft = { version: 2, fingerprint: review.fingerprint, annotations: [{ id: 'g1', kind: 'comment', scope: 'general', path: '', text, createdAt: '2026-12-05T00:00:00.000Z' }], viewed: {}, summary: '', composer: null, updatedAt: '2026-12-05T00:00:00.000Z' };
  const saved = await call(first.port, 'PUT', '/api/draft', auth, JSON.stringify(draft), NO_KEEP_ALIVE);
  if (saved.status !== 200) throw new Error(`the draft save answered ${saved.status}: ${saved.text.slice(0, 200)}`);
  redline(['stop'], dir);
  const url = await start(dir);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: VIEWPORT });
    const cdp = PROFILE ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
      await cdp.send('Profiler.start');
    }
    const started = performance.now();
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction((marker) => document.body?.textContent?.includes(marker) === true, MARKER, { timeout: 300_000, polling: 50 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shownMs = performance.now() - started;
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      for (const { fn, ms } of await inclusiveTotals(profile, ENV.REDLINE_APP_DIR, 40)) process.stderr.write(`${ms.toFixed(0).padStart(8)} ms  ${fn}\n`);
    }
    return { bytes: Buffer.byteLength(text), shownMs };
  } finally {
    await browser.close();
    redline(['stop'], dir);
  }
}

const verdict = (ms, bound) => (ms <= bound ? 'met' : 'over');
const dir = makeRepo();
try {
  const proposals = await proposalFigures(dir);
  const plain = await shownFigure(dir, `A one-line comment. ${MARKER}`);
  const odd = [];
  for (const [what, unit] of ODD_TEXTS.filter(([what]) => !process.env.ODD_TEXT_ONLY || what.startsWith(process.env.ODD_TEXT_ONLY))) odd.push({ what, ...(await shownFigure(dir, textOf(unit))) });
  const rows = [
    [`GET /api/proposals, ${proposals.count} proposals, first poll`, proposals.firstMs, null],
    [`GET /api/proposals, ${proposals.count} proposals, median of ${POLLS} later polls`, proposals.pollMs, 100],
    [`Send with ${proposals.count} proposals`, proposals.sendMs, 1_000],
    ['a one-line comment, shown in the page (the page\'s own start)', plain.shownMs, null],
    ...odd.map(({ what, bytes, shownMs }) => [`a ${(bytes / MIB).toFixed(2)} MiB comment of ${what}, shown in the page`, shownMs, 2_000]),
  ];
  process.stdout.write('| figure | ms | target | verdict |\n|---|---|---|---|\n');
  for (const [what, ms, bound] of rows) process.stdout.write(`| ${what} | ${ms.toFixed(0)} | ${bound === null ? '' : `≤ ${bound}`} | ${bound === null ? '' : verdict(ms, bound)} |\n`);
} finally {
  // A run that failed midway may leave its session's server running: stop it before the repository goes.
  spawnSync(process.execPath, [BIN, 'stop'], { cwd: dir, env: ENV, stdio: 'ignore' });
  rmSync(dir, { recursive: true, force: true });
}
