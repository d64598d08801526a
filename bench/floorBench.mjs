#!/usr/bin/env node
// The machine's floor: the bench's own scroll walk, wheel and typing measures run on
// pages with no framework and no review, in the same browser and the same run as the figures
// they stand beside. What a static page cannot do on this machine, no review page can.
//
// - "static": a split diff's rows (line number, code, line number, code; twelve coloured tokens
//   a side, every fifth row deleted and every fifth added), 3,600 rows (72,000 px, S's height),
//   all in the DOM: nothing is rendered while scrolling, so what is left is the browser's own
//   style, layout, paint and raster of a viewport of code.
// - "virtual": the same rows, only the viewport and 200 px above and below in the DOM (Pierre's
//   overscroll), re-rendered with innerHTML in the frame after each scroll event: a naive
//   virtualizer (Pierre renders only the rows that come in; this renders its whole window).
// - "textarea": keys typed into a plain <textarea>, measured as the edit latency bench measures
//   (keydown → rAF → MessageChannel message).
//
// `node bench/floorBench.mjs` prints markdown for RESULTS.md and writes bench/.work/floor.json
// (the speed targets' table puts the floor beside each figure). FLOOR_BENCH_RUNS=N (default 3).
// runner cap: 5 min

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, VIEWPORT } from './lib/measureRun.mjs';
import { scrollToEnd } from './lib/pageProbe.mjs';
import { formatMs, median, percentile } from './lib/stats.mjs';
import { wheelScroll } from './lib/wheelScroll.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const runCount = Number(process.env.FLOOR_BENCH_RUNS ?? 3);
if (!(Number.isInteger(runCount) && runCount >= 1)) throw new RangeError(`FLOOR_BENCH_RUNS must be a positive integer, got "${process.env.FLOOR_BENCH_RUNS}"`);
const ROWS = 3600;
const ROW_PX = 20;
// The bench's scroll walk: at most this many steps (measureRun's default for S, M and L).
const SCROLL_MAX_STEPS = 600;
const KEYS = 40;
const WARMUP_KEYS = 10;
const KEY_DELAY_MS = 60;

const PAGE = `<!doctype html><meta charset="utf-8"><style>
body { margin: 0; font: 12px/20px ui-monospace, 'SF Mono', Menlo, Consolas, 'Liberation Mono', monospace; }
#scroller { height: 100vh; overflow: auto; }
#content { position: relative; }
.row { display: grid; grid-template-columns: 56px 1fr 56px 1fr; height: 20px; white-space: pre; overflow: hidden; }
.n { color: #6e7781; text-align: right; padding-right: 8px; }
.del > :nth-child(2) { background: #ffebe9; } .add > :nth-child(4) { background: #e6ffec; }
.k { color: #cf222e; } .s { color: #0a3069; } .f { color: #8250df; } .c { color: #6e7781; } .v { color: #953800; }
textarea { position: fixed; top: 8px; left: 8px; width: 600px; height: 300px; }
</style><div id="scroller"><div id="content"></div></div>`;

/** In the page: builds the rows; `mode` "static" puts them all in, "virtual" renders the window per scroll. */
function setUpRows({ mode, rows, rowPx }) {
  const words = ['const', 'value', '=', 'await', 'fetch', '(url)', '.then', '((x)', '=>', 'return', "'text'", '42);', '// note'];
  const classes = ['k', 'v', '', 'k', 'f', 'v', 'f', 'v', 'k', 'k', 's', 'v', 'c'];
  const side = (i) => {
    let html = '';
    for (let j = 0; j < 12; j++) {
      const w = (i * 7 + j * 3) % words.length;
      html += `<span class="${classes[w]}">${words[w]} </span>`;
    }
    return html;
  };
  const row = (i) => `<div class="row${i % 5 === 0 ? ' del' : i % 5 === 1 ? ' add' : ''}"><span class="n">${i + 1}</span><span>${side(i)}</span><span class="n">${i + 1}</span><span>${side(i + 1)}</span></div>`;
  const scroller = document.getElementById('scroller');
  const content = document.getElementById('content');
  content.style.height = `${rows * rowPx}px`;
  if (mode === 'static') {
    content.innerHTML = Array.from({ length: rows }, (_, i) => row(i)).join('');
    return;
  }
  const windowEl = document.createElement('div');
  windowEl.style.cssText = 'position: absolute; left: 0; right: 0;';
  content.append(windowEl);
  const render = () => {
    const top = scroller.scrollTop;
    const first = Math.max(0, Math.floor((top - 200) / rowPx));
    const last = Math.min(rows, Math.ceil((top + scroller.clientHeight + 200) / rowPx));
    windowEl.style.top = `${first * rowPx}px`;
    let html = '';
    for (let i = first; i < last; i++) html += row(i);
    windowEl.innerHTML = html;
  };
  let scheduled = false;
  scroller.addEventListener('scroll', () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      render();
    });
  });
  render();
}

function installLongTasks() {
  window.__longtasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask' });
}

async function scrollPage(browser, mode) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.setContent(PAGE);
    await page.evaluate(setUpRows, { mode, rows: ROWS, rowPx: ROW_PX });
    await page.evaluate(installLongTasks);
    await page.waitForTimeout(500);
    const walk = await page.evaluate(scrollToEnd, { selector: '#scroller', maxSteps: SCROLL_MAX_STEPS, deadlineMs: 60_000 });
    const tasks = (await page.evaluate(() => window.__longtasks)).filter((t) => t.start >= walk.start && t.start <= walk.end);
    const intervals = walk.frameIntervals.sort((a, b) => a - b);
    await page.evaluate(() => document.getElementById('scroller').scrollTo(0, 0));
    await page.waitForTimeout(500);
    const session = await context.newCDPSession(page);
    const wheel = await wheelScroll(page, session);
    return {
      completed: walk.completed,
      steps: walk.steps,
      frameP50Ms: median(intervals),
      frameP95Ms: intervals[Math.floor(intervals.length * 0.95)] ?? null,
      longTasks: tasks.length,
      longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)),
      wheelP95Ms: wheel.p95Ms ?? null,
      wheelWithinFrameShare: wheel.withinFrameShare ?? null,
    };
  } finally {
    await context.close();
  }
}

async function typeTextarea(browser) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.setContent(`${PAGE}<textarea aria-label="floor"></textarea>`);
    await page.evaluate(() => {
      window.__toFrame = [];
      window.addEventListener(
        'keydown',
        () => {
          const start = performance.now();
          requestAnimationFrame(() => {
            const frameEnd = new MessageChannel();
            frameEnd.port1.onmessage = () => window.__toFrame.push(performance.now() - start);
            frameEnd.port2.postMessage(0);
          });
        },
        true,
      );
    });
    await page.focus('textarea');
    for (let i = 0; i < WARMUP_KEYS + KEYS; i++) {
      await page.keyboard.press('a');
      await page.waitForTimeout(KEY_DELAY_MS);
    }
    const lags = (await page.evaluate(() => window.__toFrame)).slice(WARMUP_KEYS);
    return { keys: lags.length, p50Ms: percentile(lags, 50), p95Ms: percentile(lags, 95) };
  } finally {
    await context.close();
  }
}

const browser = await launchBrowser();
const runs = [];
try {
  for (let run = 1; run <= runCount; run++) {
    process.stderr.write(`[floorBench] run ${run}/${runCount}\n`);
    runs.push({ static: await scrollPage(browser, 'static'), virtual: await scrollPage(browser, 'virtual'), textarea: await typeTextarea(browser) });
  }
} finally {
  await browser.close();
}

const med = (pick) => median(runs.map(pick));
const range = (pick) => `${formatMs(med(pick))} (${formatMs(Math.min(...runs.map(pick)))}–${formatMs(Math.max(...runs.map(pick)))})`;
const floor = {
  runs,
  static: { frameP95Ms: med((r) => r.static.frameP95Ms), longestTaskMs: med((r) => r.static.longestTaskMs), wheelP95Ms: med((r) => r.static.wheelP95Ms) },
  virtual: { frameP95Ms: med((r) => r.virtual.frameP95Ms), longestTaskMs: med((r) => r.virtual.longestTaskMs), wheelP95Ms: med((r) => r.virtual.wheelP95Ms) },
  textarea: { p95Ms: med((r) => r.textarea.p95Ms) },
};
mkdirSync(join(ROOT, 'bench/.work'), { recursive: true });
writeFileSync(join(ROOT, 'bench/.work/floor.json'), JSON.stringify(floor, null, 2) + '\n');

const out = [];
out.push(`The machine's floor: the bench's scroll walk (one viewport a frame), wheel (120 CDP wheel events of 100 px, 60 a second) and typing measures on pages with no framework, ${runs.length} runs, median (min–max). "static": ${ROWS.toLocaleString('en-US')} split diff rows (twelve coloured tokens a side), all in the DOM. "virtual": the same rows, only the viewport and 200 px above and below in the DOM, re-rendered with innerHTML in the frame after each scroll event. "textarea": ${KEYS} keys into a plain textarea, one every ${KEY_DELAY_MS} ms, keydown → rAF → MessageChannel message.`);
out.push('');
out.push('| Page | Scroll: frame interval p50 | Scroll: frame interval p95 | Scroll: long tasks / longest | Wheel: event → next frame p95 (within one frame) |');
out.push('|---|---|---|---|---|');
for (const mode of ['static', 'virtual']) {
  out.push(`| ${mode} | ${range((r) => r[mode].frameP50Ms)} | ${range((r) => r[mode].frameP95Ms)} | ${med((r) => r[mode].longTasks)} / ${range((r) => r[mode].longestTaskMs)} | ${range((r) => r[mode].wheelP95Ms)} (${Math.round(100 * med((r) => r[mode].wheelWithinFrameShare))}%) |`);
}
out.push('');
out.push(`| Page | Typing: to next frame p50 | Typing: to next frame p95 |`);
out.push('|---|---|---|');
out.push(`| textarea | ${range((r) => r.textarea.p50Ms)} | ${range((r) => r.textarea.p95Ms)} |`);
process.stdout.write(out.join('\n') + '\n');
