/**
 * One measured run of one tool on one repository: start the CLI, open the
 * page in a fresh Chromium (cold cache, fresh heap), and take every figure in
 * order: server ready, first diff painted, every file listed, bytes at load,
 * scroll to the end (long tasks), heap after GC, review endpoint vs git diff,
 * search. A hard cap bounds every wait; a frozen page is recorded as "timed
 * out after N s" and a dead renderer as "crashed", never waited on forever.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { attachCdp, snippetAt, summarizeProfile } from './cdp.mjs';
import { TRACE_CATEGORIES, summarizeTrace } from './trace.mjs';
import { peakRssBytes, wheelScroll } from './wheelScroll.mjs';
import { collectTreeFiles, installProbe, scrollMainToTop, scrollToEnd } from './pageProbe.mjs';
import { freePort } from './serverProcess.mjs';
import { median } from './stats.mjs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--enable-precise-memory-info',
  '--js-flags=--expose-gc',
];
export const VIEWPORT = { width: 1400, height: 900 };

/** With `--profile`, BENCH_TRACE_OUT=dir also keeps the raw scroll trace (for chrome://tracing or a script). */
function writeTrace(dir, name, buffer) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), buffer);
}

export function launchBrowser() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, timeout: 30_000 });
}

/** Thrown (and recorded) when a page phase hits its cap or the renderer dies. */
class PageFailure extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind; // 'timeout' | 'crash'
  }
}

/** Starts a phase with its own hard cap. */
function startPhase(state, capMs) {
  state.capMs = capMs;
  state.deadline = performance.now() + capMs;
}

/** Races `promise` against the phase's deadline and the renderer's death. */
function guarded(state, promise, what) {
  const remaining = state.deadline - performance.now();
  let timer;
  return Promise.race([
    promise,
    state.crashed,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new PageFailure('timeout', `timed out after ${Math.round(state.capMs / 1000)} s (${what})`)), Math.max(0, remaining));
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Reads the probe's marks; an evaluation that a navigation interrupts (a tool's redirect after its link) is retried. */
async function readMarks(state, page, what) {
  for (;;) {
    try {
      return await guarded(state, page.evaluate(() => window.__bench?.marks ?? {}), what);
    } catch (error) {
      if (error instanceof PageFailure || !/context was destroyed|navigat/i.test(String(error.message))) throw error;
      await guarded(state, new Promise((r) => setTimeout(r, 25)), what);
    }
  }
}

/** Waits until one of `marks` is stamped; returns its name. */
async function waitForEither(state, page, names, what) {
  for (;;) {
    const marks = await readMarks(state, page, what);
    const hit = names.find((name) => marks[name] !== undefined);
    if (hit) return hit;
    await guarded(state, new Promise((r) => setTimeout(r, 25)), what);
  }
}

async function waitForMark(state, page, mark, what) {
  for (;;) {
    const marks = await readMarks(state, page, what);
    if (marks[mark] !== undefined) return marks[mark];
    await guarded(state, new Promise((r) => setTimeout(r, 25)), what);
  }
}

/** Closes the browser, but never waits more than 15 s on a hung one. */
async function closeBrowser(browser) {
  let timer;
  await Promise.race([browser.close().catch(() => {}), new Promise((r) => (timer = setTimeout(r, 15_000)))]);
  clearTimeout(timer);
}

/**
 * Runs one measurement. `options`: { scrollMaxSteps, scrollCapMs, endpointRepeats,
 * gitBaseline(repo) -> ms[], search: boolean, profile: boolean, editClick: boolean,
 * wheel: boolean (the wheel-scroll figure after the scroll) }.
 * Returns a flat record of figures; failures are recorded in `failure`.
 */
export async function measureRun(tool, repo, options) {
  // The 1-minute load average before the run: other work on this 2-core machine skews every figure.
  const record = { tool: tool.name, repo: repo.name, failure: null, notes: [], loadAverage: os.loadavg()[0], pageBuild: tool.buildId?.() ?? null };
  const port = await freePort();
  let server;
  // A profiled run also profiles the server (node --cpu-prof, written when it exits on SIGTERM).
  const serverProfileDir = options.profile ? mkdtempSync(join(tmpdir(), 'redline-bench-prof-')) : null;
  try {
    // The edit click is measured with the tool's Edit feature turned on (Redline: in its preferences file).
    const editFlag = Boolean(options.editClick && tool.editFlag);
    server = await tool.start(repo, port, serverProfileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${serverProfileDir}`], editFlag } : { editFlag });
  } catch (error) {
    record.failure = { kind: 'server', message: error.message };
    return record;
  }
  record.serverReadyMs = server.readyMs;

  const browser = await launchBrowser();
  const capMs = options.pageCapMs ?? tool.pageCapMs;
  const state = { capMs, deadline: Infinity, crashed: null };
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const origin = new URL(server.url).origin;
    const page = await context.newPage();
    state.crashed = new Promise((_, reject) => page.on('crash', () => reject(new PageFailure('crash', 'the page crashed'))));
    state.crashed.catch(() => {});
    await page.addInitScript(installProbe, { tool: tool.name, expectedFiles: repo.stats.files });
    const cdp = await attachCdp(page);
    // The load is traced without the CPU profiler: with both on, the trace loses its script events.
    if (options.profile) await browser.startTracing(page, { categories: TRACE_CATEGORIES });

    startPhase(state, capMs);
    await guarded(state, page.goto(server.url, { waitUntil: 'commit', timeout: capMs }), 'navigation');
    const first = await waitForEither(state, page, ['firstDiff', 'collapsed'], 'waiting for the first diff');
    if (first === 'collapsed') {
      // The first file is collapsed behind "Load diff" (a file past the UI's size cap): open it, as a reviewer would.
      const marks = await readMarks(state, page, 'reading marks');
      record.collapsedShownMs = marks.collapsed;
      await guarded(state, page.getByRole('button', { name: 'Load diff', exact: true }).first().click(), 'clicking Load diff');
      const painted = await waitForMark(state, page, 'firstDiff', 'waiting for the diff after Load diff');
      const clicked = (await readMarks(state, page, 'reading marks')).loadDiffClick;
      record.loadDiffMs = painted - clicked;
    } else {
      record.firstDiffMs = (await readMarks(state, page, 'reading marks')).firstDiff;
      // Redline paints the server's first screen first, live once highlighted and its script has run; the app's own diff follows.
      record.liveDiffMs = await waitForMark(state, page, 'liveDiff', 'waiting for the live page');
      record.appDiffMs = await waitForMark(state, page, 'appDiff', "waiting for the app's own diff");
    }
    // Give the tree 30 s past the first diff; a virtualized tree never shows every row at once.
    let treeTimer;
    record.allFilesListedMs = await Promise.race([
      waitForMark(state, page, 'allFilesListed', 'waiting for every file in the tree'),
      new Promise((resolve) => {
        treeTimer = setTimeout(() => resolve(null), Math.min(30_000, state.deadline - performance.now()));
      }),
    ]).finally(() => clearTimeout(treeTimer));
    if (options.profile) record.loadTrace = summarizeTrace(await browser.stopTracing());
    if (record.allFilesListedMs === null) {
      const listed = await guarded(state, page.evaluate(() => window.__bench.maxListed ?? 0), 'counting tree rows');
      record.notes.push(`tree: at most ${listed} of ${repo.stats.files} files counted in the DOM within 30 s`);
    }
    await guarded(state, cdp.networkIdle(500, 15_000), 'network idle after load');
    record.load = cdp.phaseSummary('load');
    // Redline's page gets the review in the answer to the link's POST /api/session?review=…
    record.reviewRequestMs = cdp.requestMs(/^\/api\/(review|diff)|^\/api\/session\?review=/);
    const loadLongtasks = await guarded(state, page.evaluate(() => window.__bench.longtasks), 'reading long tasks');
    record.loadLongtasks = { count: loadLongtasks.length, longestMs: Math.max(0, ...loadLongtasks.map((t) => t.duration)) };

    if (tool.tree && record.allFilesListedMs !== null) {
      // A virtualized tree: check (untimed) that scrolling it shows a row for every file.
      const tree = await guarded(state, page.evaluate(collectTreeFiles, tool.tree), 'checking the tree');
      record.treeFiles = tree.files;
      if (tree.files !== repo.stats.files) record.notes.push(`tree: scrolling the tree showed ${tree.files} distinct file rows, expected ${repo.stats.files}${tree.error ? ` (${tree.error})` : ''}`);
    }

    if (options.editClick) {
      startPhase(state, 60_000);
      record.edit = await measureEditClick(state, page, cdp);
      // The same server, now warm (static files compressed, review read): a reload in a fresh
      // browser context (cold browser cache) shows what the server's first-request work costs.
      startPhase(state, capMs);
      const cookies = await context.cookies(origin);
      // Redline's session secret lives in the origin's localStorage (sent as a header), not in a cookie.
      const storage = await page.evaluate(() => Object.entries(localStorage)).catch(() => []);
      await context.close(); // the first page (in an edit session now) must not compete with the reload
      // The reload without the Edit feature, as before: the page answer reads the preferences afresh.
      server.setSettings?.({ editSuggestions: false });
      record.warmReload = await guarded(state, measureWarmReload(browser, origin, { cookies, storage }, tool, repo, state), 'warm reload');
      return record;
    }

    // The review endpoint, fetched from Node as the page fetched it (its headers, the session secret among them, and its cookies), after load.
    const cookies = tool.endpoint.cookie ? await context.cookies(origin) : [];
    // With a review link, Redline's page never GETs /api/review: the headers of a later API request carry its session secret.
    const sessionHeader = (headers) => Object.keys(headers).some((name) => name.toLowerCase() === 'x-redline-session');
    let pageHeaders = cdp.requestHeaders(/^\/api\/(review|diff)$/);
    if (Object.keys(pageHeaders).length === 0) pageHeaders = cdp.requestHeaders(/^\/api\//, sessionHeader);
    record.endpoint = await timeEndpoint(origin + tool.endpoint.path, pageHeaders, cookies, options.endpointRepeats);
    if (record.endpoint.status !== 200) {
      record.notes.push(`endpoint: ${tool.endpoint.path} answered ${record.endpoint.status}; its figures are left out`);
      record.endpoint = null;
    }

    // Scroll through the whole diff.
    startPhase(state, options.scrollCapMs + 30_000);
    cdp.setPhase('scroll');
    if (options.profile) {
      await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      await cdp.startProfile();
    }
    const scroll = await guarded(state, page.evaluate(scrollToEnd, { selector: tool.scrollSelector ?? null, maxSteps: options.scrollMaxSteps, deadlineMs: options.scrollCapMs }), 'scrolling');
    if (options.profile) {
      record.scrollProfile = await cdp.stopProfile();
      const buffer = await browser.stopTracing();
      if (process.env.BENCH_TRACE_OUT) writeTrace(process.env.BENCH_TRACE_OUT, `${tool.name}-${repo.name}-scroll.json`, buffer);
      record.scrollTrace = summarizeTrace(buffer);
    }
    if (scroll.error) {
      record.notes.push(`scroll: ${scroll.error}`);
    } else {
      const tasks = (await guarded(state, page.evaluate(() => window.__bench.longtasks), 'reading long tasks')).filter(
        (t) => t.start >= scroll.start && t.start <= scroll.end,
      );
      const intervals = scroll.frameIntervals.sort((a, b) => a - b);
      record.scroll = {
        ms: scroll.end - scroll.start,
        completed: scroll.completed,
        progress: scroll.progress,
        steps: scroll.steps,
        stepPx: scroll.step,
        heightPx: scroll.maxHeight,
        container: scroll.container,
        longtasks: tasks.length,
        longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)),
        frameP50Ms: median(intervals),
        frameP95Ms: intervals[Math.floor(intervals.length * 0.95)] ?? null,
        frameMaxMs: intervals[intervals.length - 1] ?? null,
      };
      record.scrollBytes = cdp.phaseSummary('scroll').bytes;
      if (!scroll.completed) record.notes.push(`scroll stopped at ${(scroll.progress * 100).toFixed(0)}% after ${Math.round(options.scrollCapMs / 1000)} s`);
    }
    startPhase(state, 60_000);
    record.heap = await guarded(state, cdp.heapAfterGc(), 'heap after GC');
    if (options.wheel) {
      // From the top again, the wheel over the diff: L's figure (full bench only).
      startPhase(state, 60_000);
      await guarded(state, page.evaluate(scrollMainToTop), 'scrolling back to the top');
      await guarded(state, page.waitForTimeout(500), 'settling');
      record.wheel = await guarded(state, wheelScroll(page, cdp.session), 'wheel scroll');
    }

    if (options.search && repo.searchNeedle) {
      if (!tool.search) {
        record.search = { unavailable: tool.searchUnavailable };
      } else {
        startPhase(state, 30_000);
        cdp.setPhase('search');
        // From the top of the diff, so the hit (in the last file) is far off screen.
        await guarded(state, page.evaluate(scrollMainToTop), 'scrolling back to the top');
        await guarded(state, page.waitForTimeout(500), 'settling');
        record.search = await guarded(state, tool.search(page, repo.searchNeedle, 15_000), 'search');
      }
    }
    const errors = await guarded(state, page.evaluate(() => window.__bench.errors), 'reading page errors');
    if (errors.length) record.notes.push(`page errors: ${errors.slice(0, 3).join(' | ')}`);
    return record;
  } catch (error) {
    if (error instanceof PageFailure) {
      record.failure = { kind: error.kind, message: error.message };
    } else {
      record.failure = { kind: 'error', message: String(error.message ?? error).split('\n')[0] };
    }
    return record;
  } finally {
    await closeBrowser(browser);
    record.serverPeakRssBytes = server.pid ? peakRssBytes(server.pid) : null;
    await server.stop();
    if (serverProfileDir) {
      const file = readdirSync(serverProfileDir).find((f) => f.endsWith('.cpuprofile'));
      if (file) {
        record.serverProfile = summarizeProfile(JSON.parse(readFileSync(join(serverProfileDir, file), 'utf8')));
        for (const row of record.serverProfile.top) {
          if (row.url?.startsWith('file://')) row.snippet = snippetAt(readFileSync(fileURLToPath(row.url), 'utf8'), row.line, row.column);
        }
      }
      rmSync(serverProfileDir, { recursive: true, force: true });
    }
  }
}

/** Page load -> first diff (or the collapsed first file) on a server that has already served the page once. */
async function measureWarmReload(browser, origin, { cookies, storage }, tool, repo, state) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.addInitScript((entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    }, storage);
    await page.addInitScript(installProbe, { tool: tool.name, expectedFiles: repo.stats.files });
    await page.goto(`${origin}/`, { waitUntil: 'commit' });
    const first = await waitForEither(state, page, ['firstDiff', 'collapsed'], 'waiting for the first diff (warm)');
    const marks = await readMarks(state, page, 'reading marks');
    return { firstDiffMs: first === 'firstDiff' ? marks.firstDiff : null, collapsedShownMs: first === 'collapsed' ? marks.collapsed : null };
  } finally {
    await context.close();
  }
}

/** Bytes fetched from the first click on an "Edit" button until the network is idle. */
async function measureEditClick(state, page, cdp) {
  const button = page.getByRole('button', { name: 'Edit', exact: true }).first();
  const visible = await guarded(state, button.isVisible().catch(() => false), 'looking for Edit');
  if (!visible) return { unavailable: 'no "Edit" button with the edit flag on (feature not built yet?)' };
  if (await guarded(state, button.isDisabled(), 'checking Edit')) {
    // Say why, as the page tells the reviewer (title or accessible description).
    const why = await guarded(
      state,
      button.evaluate((el) => el.getAttribute('title') || (el.getAttribute('aria-describedby') && document.getElementById(el.getAttribute('aria-describedby'))?.textContent) || el.getAttribute('aria-description') || ''),
      'reading why Edit is disabled',
    );
    return { unavailable: `the Edit button is disabled${why ? `: "${why.trim()}"` : ''}` };
  }
  cdp.setPhase('edit');
  const started = performance.now();
  await guarded(state, button.click(), 'clicking Edit');
  // An edit session shows a contenteditable inside the diff's shadow root.
  const entered = await guarded(
    state,
    page
      .waitForFunction(() => window.__bench.shadowRoots(document).some((root) => root.querySelector('[contenteditable="true"], [contenteditable="plaintext-only"]')), null, { timeout: 20_000, polling: 50 })
      .then(() => true)
      .catch(() => false),
    'waiting for the editor',
  );
  const enteredMs = performance.now() - started;
  await guarded(state, cdp.networkIdle(500, 15_000), 'network idle after Edit');
  const summary = cdp.phaseSummary('edit');
  return { bytes: summary.bytes, requests: summary.requests, biggest: summary.biggest, sessionEntered: entered, enteredMs: entered ? enteredMs : null };
}

/** Median of `repeats` sequential GETs of `url` (time to the last byte), with the body size. */
async function timeEndpoint(url, pageHeaders, cookies, repeats) {
  const headers = {};
  for (const [name, value] of Object.entries(pageHeaders)) {
    if (!/^(host|connection|accept-encoding|content-length)$/i.test(name)) headers[name] = value;
  }
  if (cookies.length) headers.cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const times = [];
  let bytes = null;
  let status = null;
  for (let i = 0; i < repeats; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
    const body = await response.arrayBuffer();
    times.push(performance.now() - started);
    bytes = body.byteLength;
    status = response.status;
  }
  return { medianMs: median(times), times, bytes, status };
}
