/**
 * Edit Code to Suggest, measured in the production build through
 * the real CLI and Debian's Chromium:
 *
 * - keystroke latency while editing a 13-, a 7,500- and a 50,000-line file
 *   (and the 50,000-line one again in a two-file session):
 *   from each keydown to the end of the next animation frame (a rAF, then a
 *   MessageChannel message: it runs after that frame's work), from each
 *   keydown to the end of its own task, and the time in the page's key
 *   handlers (keydown + beforeinput + input: the editor's synchronous work
 *   per key), p50/p95/max over >= 30 keys after a warm-up; the main-thread
 *   time per key (CDP TaskDuration and ScriptDuration over the typing); the
 *   long tasks (>= 50 ms) while typing and while entering edit mode;
 * - time from the Edit click to an editable editor, and from Suggest to the
 *   suggestion on screen;
 * - the editor chunks fetched on the first Edit click, raw and gzip (-9,
 *   from apps/review/dist), and the bytes on the wire: page load with the
 *   setting off, with it on, and the first Edit click.
 *
 *   import { measureEditLatency } from './editLatency.mjs';
 *   const results = await measureEditLatency({ chromiumPath, redlineBin, repos });
 *
 * Options (all optional): chromiumPath ('/usr/bin/chromium'), redlineBin
 * (apps/cli/bin/redline.js), repos ([{ name, dir, path, line, companion? }]: a
 * repository, the file to edit and the 1-based line to type at; `companion`:
 * a second file put in the edit session first (a two-file session); default:
 * four generated repositories), keys (40), warmup (10), keyDelayMs (60),
 * only (keep the files whose name contains it), log (a function for progress lines). Build first: `npx tsc -b apps/cli &&
 * npx vite build`.
 */
import { spawn } from 'node:child_process';
import { terminalCommand } from '../apps/cli/testSupport/inTerminal.mjs';
import { preferencesHome } from './lib/redlinePreferences.mjs';
import { existsSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { attachCdp, summarizeProfile } from './lib/cdp.mjs';
import { CHROMIUM_ARGS, VIEWPORT } from './lib/measureRun.mjs';
import { resolveForcedFrames } from './lib/sourceFrames.mjs';
import { summarizeTrace, TRACE_CATEGORIES } from './lib/trace.mjs';
import { percentile } from './lib/stats.mjs';
import { createEditRepo, benchRepoF } from './lib/editRepos.mjs';

export { createEditRepo, benchRepoF };

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST_ASSETS = join(ROOT, 'apps/review/dist/assets');
const EDITOR_FILES = /^(loadedEditFeature|edit|pierreEditAdapter|deriveHunksWorker)-[A-Za-z0-9_-]+\.js$/;
/** When each of them is fetched: the feature's own chunk when the setting is first on, the rest on the first Edit click (the deriver's worker: above 10,000 lines). */
const fetchedWhen = (file) => (file.startsWith('loadedEditFeature-') ? 'the setting first on' : file.startsWith('deriveHunksWorker-') ? 'the first Edit click on a file above 10,000 lines' : 'the first Edit click');

/** Redline on `cwd`, "Edit Code to Suggest" on or off in the reviewer's preferences (a fresh file of its own). */
function startServer(redlineBin, cwd, { flag }) {
  // No draft from an earlier run (a suggestion made by the last Suggest) is restored into the page.
  rmSync(join(cwd, '.git', 'redline'), { recursive: true, force: true });
  const config = preferencesHome({ editSuggestions: flag });
  return new Promise((resolve, reject) => {
    // On a terminal, as a person runs it: the only place redline prints its link.
    const inTerminal = terminalCommand(process.execPath, [redlineBin, '--no-open']);
    const child = spawn(inTerminal.command, inTerminal.args, { cwd, env: { ...process.env, BROWSER: 'none', NO_COLOR: '1', ...config.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.once('close', config.cleanup);
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`redline printed no URL within 60 s: ${stderr.slice(-300)}`)), 60_000);
    child.stdout.on('data', (chunk) => {
      stderr += String(chunk).replaceAll('\r', '');
      const match = /^Review: (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64})$/m.exec(stderr);
      if (match) {
        clearTimeout(timer);
        const url = match[1];
        resolve({
          url,
          origin: new URL(url).origin,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once('close', done);
              child.kill('SIGINT');
              setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
            }),
        });
      }
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`redline exited with ${code}: ${stderr.slice(-300)}`));
    });
  });
}

/** In the page: the keystroke probes and the long-task observer. */
function installProbes() {
  const probe = { toFrame: [], task: [], handlers: [], longTasks: [] };
  window.__editBench = probe;
  // The page's (the editor's) handlers of one key: keydown, beforeinput and input, from the
  // first listener (window, capture) to the last (window, bubble); summed per keydown.
  for (const type of ['keydown', 'beforeinput', 'input']) {
    let start = 0;
    window.addEventListener(type, () => (start = performance.now()), true);
    window.addEventListener(type, () => {
      const spent = performance.now() - start;
      if (type === 'keydown') probe.handlers.push(spent);
      else if (probe.handlers.length > 0) probe.handlers[probe.handlers.length - 1] += spent;
    });
  }
  window.addEventListener(
    'keydown',
    () => {
      const start = performance.now();
      // End of this task: the editor's synchronous handling of the key.
      const taskEnd = new MessageChannel();
      taskEnd.port1.onmessage = () => probe.task.push(performance.now() - start);
      taskEnd.port2.postMessage(0);
      // End of the next frame: a rAF, then a message (it runs after the frame's work).
      requestAnimationFrame(() => {
        const frameEnd = new MessageChannel();
        frameEnd.port1.onmessage = () => probe.toFrame.push(performance.now() - start);
        frameEnd.port2.postMessage(0);
      });
    },
    true,
  );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: false });
}

/** CDP's cumulative main-thread durations (seconds). */
async function mainThreadMetrics(cdp) {
  const { metrics } = await cdp.session.send('Performance.getMetrics');
  const get = (name) => metrics.find((m) => m.name === name)?.value ?? 0;
  return { TaskDuration: get('TaskDuration'), ScriptDuration: get('ScriptDuration') };
}

const stats = (values) => ({
  n: values.length,
  p50: round(percentile(values, 50)),
  p95: round(percentile(values, 95)),
  max: round(Math.max(...values)),
});
const round = (ms) => Math.round(ms * 100) / 100;

async function openReview(context, server) {
  const page = await context.newPage();
  await page.addInitScript(installProbes);
  const cdp = await attachCdp(page);
  await page.goto(server.url);
  await page.waitForURL(`${server.origin}/`);
  // A file past the UI's size cap (F) is shown collapsed behind "Load diff": open it, as a reviewer would.
  // One waiter for either (Locator.or): a Promise.race of two left the loser polling the page's
  // accessibility tree every 500 ms for a minute, through the typing it was meant to measure.
  const loadDiff = page.getByRole('button', { name: 'Load diff', exact: true }).first();
  const diffRow = page.locator('diffs-container [data-line]').first();
  await diffRow.or(loadDiff).first().waitFor({ timeout: 60_000 });
  if (await loadDiff.isVisible()) await loadDiff.click();
  await diffRow.waitFor({ timeout: 60_000 });
  await cdp.networkIdle(500, 20_000);
  return { page, cdp };
}

/**
 * The typing's top functions on stderr, named by source when the build has maps
 * (`npx vite build --sourcemap hidden`); EDIT_BENCH_PROFILE_OUT=dir also writes the raw
 * profile (callers and inclusive times: open it in DevTools).
 */
async function printProfile(profile, name) {
  const summary = summarizeProfile(profile, 25);
  if (process.env.EDIT_BENCH_PROFILE_OUT) writeFileSync(join(process.env.EDIT_BENCH_PROFILE_OUT, `${name.replace(/[^A-Za-z0-9]+/g, '-')}.cpuprofile`), JSON.stringify(profile));
  process.stderr.write(`[edit profile] ${name}: ${summary.totalMs.toFixed(0)} ms busy, ${summary.idleMs.toFixed(0)} ms idle\n`);
  // The CPU profile's lines are 0-based, the maps' 1-based.
  const named = await resolveForcedFrames(summary.top.map((t) => ({ ...t, frame: { url: t.url ?? '', line: t.line + 1, column: t.column } })), join(ROOT, 'apps/review/dist'));
  for (const t of named) process.stderr.write(`  ${t.ms.toFixed(1).padStart(7)} ms ${(t.share * 100).toFixed(1).padStart(5)}%  ${t.fn.replace(/ \S+:\d+:\d+$/, '')} ${t.url ? t.source : ''}\n`);
}

/** The typing's trace on stderr: the main thread's self time by kind, per key, who forced a layout, and the longest tasks' make-up. */
async function printTrace(summary, name, keys) {
  process.stderr.write(`[edit trace] ${name}: main thread busy ${summary.busyMs.toFixed(0)} ms (${(summary.busyMs / keys).toFixed(1)} ms per key)${summary.error ? `; ${summary.error}` : ''}\n`);
  for (const { kind, ms } of summary.byKind.slice(0, 12)) process.stderr.write(`  ${(ms / keys).toFixed(2).padStart(6)} ms per key  ${kind}\n`);
  for (const f of await resolveForcedFrames(summary.forcedBy, join(ROOT, 'apps/review/dist'))) process.stderr.write(`  forced ${f.ms.toFixed(1)} ms in ${f.count}: ${f.source}\n`);
  for (const task of summary.longestTasks) process.stderr.write(`  task ${task.ms.toFixed(1)} ms: ${task.kinds.map((k) => `${k.kind} ${k.ms.toFixed(1)}`).join(', ')}\n`);
}

/** One file: load, Edit, type, Suggest. */
async function measureRepo(browser, redlineBin, repo, options) {
  const server = await startServer(redlineBin, repo.dir, { flag: true });
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const { page, cdp } = await openReview(context, server);
    const load = cdp.phaseSummary('load');
    const group = page.getByRole('group', { name: `${repo.path} actions` });
    const editor = page.getByRole('textbox', { name: repo.path, exact: true });

    // A two-file session: the other file joins first (its editor open, its count running), then this one.
    if (repo.companion) {
      await page.getByRole('group', { name: `${repo.companion} actions` }).getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByRole('textbox', { name: repo.companion, exact: true }).waitFor({ timeout: 60_000 });
    }
    cdp.setPhase('edit');
    const enteredAt = await page.evaluate(() => performance.now());
    await group.getByRole('button', { name: 'Edit', exact: true }).click();
    await editor.waitFor({ timeout: 120_000 });
    const editableMs = (await page.evaluate(() => performance.now())) - enteredAt;
    await cdp.networkIdle(500, 20_000);
    const editClick = cdp.phaseSummary('edit');
    const fetched = editClick.biggest.map((b) => b.path);

    // The caret on the line, then a warm-up.
    const row = editor.locator(`[data-line="${repo.line}"]`);
    for (let attempt = 0; ; attempt++) {
      await row.click({ timeout: 10_000 });
      const active = await editor.locator('[data-editor-active-line]').getAttribute('data-line').catch(() => null);
      if (active === String(repo.line)) break;
      if (attempt === 5) throw new Error(`could not put the caret on line ${repo.line} of ${repo.path}`);
    }
    await page.keyboard.press('End');
    await page.keyboard.type(' /*'.padEnd(options.warmup, 'w'), { delay: options.keyDelayMs });
    await page.waitForTimeout(500);
    const entry = await page.evaluate((start) => window.__editBench.longTasks.filter((t) => t.start >= start), enteredAt);
    await page.evaluate(() => {
      const probe = window.__editBench;
      probe.toFrame.length = 0;
      probe.task.length = 0;
      probe.handlers.length = 0;
      probe.longTasks.length = 0;
    });

    const text = 'abcdefghijklmnopqrstuvwxyz0123456789'.repeat(4).slice(0, options.keys);
    const before = await mainThreadMetrics(cdp);
    // EDIT_BENCH_PROFILE=1: a CPU profile of the typing, its top functions on stderr (a diagnostic; it slows the keys).
    const profiling = process.env.EDIT_BENCH_PROFILE === '1';
    if (profiling) {
      await cdp.session.send('Profiler.enable');
      await cdp.session.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.session.send('Profiler.start');
    }
    // EDIT_BENCH_TRACE=1: a performance trace of the typing, the main thread's time by kind on stderr (a diagnostic).
    const tracing = process.env.EDIT_BENCH_TRACE === '1';
    if (tracing) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.keyboard.type(text, { delay: options.keyDelayMs });
    await page.waitForTimeout(600);
    if (profiling) {
      const { profile } = await cdp.session.send('Profiler.stop');
      await printProfile(profile, repo.name);
    }
    if (tracing) {
      const trace = await browser.stopTracing();
      // EDIT_BENCH_TRACE_OUT=dir also writes the raw trace (open it in DevTools' Performance panel).
      if (process.env.EDIT_BENCH_TRACE_OUT) writeFileSync(join(process.env.EDIT_BENCH_TRACE_OUT, `${repo.name.replace(/[^A-Za-z0-9]+/g, '-')}.trace.json`), trace);
      await printTrace(summarizeTrace(trace, { longest: 5 }), repo.name, text.length);
    }
    const after = await mainThreadMetrics(cdp);
    const probe = await page.evaluate(() => window.__editBench);

    const suggestStart = await page.evaluate(() => performance.now());
    await page.getByRole('region', { name: `Editing ${repo.path}` }).getByRole('button', { name: /^Suggest/ }).click();
    await page.getByRole('article', { name: `Suggestion, Line ${repo.line} (new)` }).waitFor({ timeout: 60_000 });
    const suggestMs = (await page.evaluate(() => performance.now())) - suggestStart;
    await page.waitForTimeout(300);
    const suggestLongTasks = await page.evaluate((start) => window.__editBench.longTasks.filter((t) => t.start >= start).map((t) => Math.round(t.duration)), suggestStart);

    return {
      name: repo.name,
      path: repo.path,
      lines: repo.lines ?? null,
      editableMs: Math.round(editableMs),
      entryLongTasks: entry.map((t) => Math.round(t.duration)),
      keys: probe.toFrame.length,
      toFrame: stats(probe.toFrame),
      task: stats(probe.task),
      handlers: stats(probe.handlers),
      // Main-thread time per key: every task (script, style, layout, paint) over the typing, divided by the keys.
      busyPerKeyMs: round((after.TaskDuration - before.TaskDuration) * 1000 / probe.toFrame.length),
      scriptPerKeyMs: round((after.ScriptDuration - before.ScriptDuration) * 1000 / probe.toFrame.length),
      longTasksWhileTyping: probe.longTasks.length,
      longestWhileTyping: probe.longTasks.length ? Math.round(Math.max(...probe.longTasks.map((t) => t.duration))) : 0,
      suggestMs: Math.round(suggestMs),
      suggestLongTasks,
      loadBytes: load.bytes,
      editClickBytes: editClick.bytes,
      editClickRequests: editClick.requests,
      editClickFiles: fetched,
    };
  } finally {
    await context.close();
    await server.stop();
  }
}

/** Page load with the setting off: bytes, and the check that no editor file was requested. */
async function measureFlagOff(browser, redlineBin, repo) {
  const server = await startServer(redlineBin, repo.dir, { flag: false });
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const requested = [];
    context.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const { page, cdp } = await openReview(context, server);
    const load = cdp.phaseSummary('load');
    const editButtons = await page.getByRole('button', { name: 'Edit', exact: true }).count();
    return {
      bytes: load.bytes,
      requests: load.requests,
      editButtons,
      editorFilesRequested: requested.filter((path) => EDITOR_FILES.test(path.replace(/^.*\//, ''))),
    };
  } finally {
    await context.close();
    await server.stop();
  }
}

/** The editor's files in the build, raw and gzip -9. */
export function editorChunkSizes() {
  if (!existsSync(DIST_ASSETS)) return [];
  return readdirSync(DIST_ASSETS)
    .filter((name) => EDITOR_FILES.test(name))
    .map((name) => {
      const bytes = readFileSync(join(DIST_ASSETS, name));
      return { file: name, when: fetchedWhen(name), raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    });
}

export async function measureEditLatency({
  chromiumPath = '/usr/bin/chromium',
  redlineBin = join(ROOT, 'apps/cli/bin/redline.js'),
  repos,
  keys = 40,
  warmup = 10,
  keyDelayMs = 60,
  only = null,
  log = () => {},
} = {}) {
  if (keys < 30) throw new RangeError(`keys must be at least 30, got ${keys}`);
  let scratch = null;
  if (!repos) {
    scratch = realpathSync(mkdtempSync(join(tmpdir(), 'redline-edit-bench-')));
    repos = [
      createEditRepo(scratch, '13 lines', 13),
      createEditRepo(scratch, '7,500 lines', 7500),
      createEditRepo(scratch, '50,000 lines', 50_000),
      createEditRepo(scratch, '50,000 lines, two-file session', 50_000, { companion: true }),
    ];
    const f = benchRepoF();
    if (f) repos.push(f);
    else log('bench/.work/repos/F is not generated: F is left out (node bench/generateRepos.mjs makes it)');
  }
  if (only) repos = repos.filter((repo) => repo.name.includes(only));
  if (repos.length === 0) throw new RangeError(`no bench file's name contains "${only}"`);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS, timeout: 30_000 });
  try {
    log('page load with the setting off');
    const flagOff = await measureFlagOff(browser, redlineBin, repos[0]);
    const files = [];
    for (const repo of repos) {
      log(`editing ${repo.name}`);
      files.push(await measureRepo(browser, redlineBin, repo, { keys, warmup, keyDelayMs }));
    }
    return { keys, warmup, keyDelayMs, flagOff, files, chunks: editorChunkSizes() };
  } finally {
    await browser.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
}

