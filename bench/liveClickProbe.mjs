/**
 * How live the first screen is while the app starts: loads a review N times
 * (fresh server and browser each) and, from the moment the first screen is
 * live (pageProbe's liveDiff) until the app has taken it over, clicks a line
 * number of it every 150 ms with real input events (CDP, through the
 * browser's input pipeline); each click's latency is from the event's own
 * time stamp to the frame after the comment form it opened (index.html's
 * first-screen script), measured in the page. A click that lands once the
 * app has taken over is not counted. A diagnostic, not part of `npm run bench`.
 *   node bench/liveClickProbe.mjs [S|M|L|R|XL] [loads]
 */
import { join } from 'node:path';
import { launchBrowser, VIEWPORT } from './lib/measureRun.mjs';
import { installProbe } from './lib/pageProbe.mjs';
import { freePort } from './lib/serverProcess.mjs';
import { median, percentile } from './lib/stats.mjs';
import { redline, ROOT } from './lib/tools.mjs';

const name = process.argv[2] ?? 'S';
const loads = Number(process.argv[3] ?? 3);
const repo = { name, path: join(ROOT, 'bench/.work/repos', name), stats: { files: 0 } };

/** In the page, before its scripts: each click on a first-screen line number, and the frame after its form. */
function recordClicks() {
  window.__clicks = [];
  document.addEventListener(
    'click',
    (event) => {
      if (!(event.target instanceof Element) || !event.target.closest('#redline-first-screen .fs-num')) return;
      const at = event.timeStamp;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          window.__clicks.push({ at, latency: performance.now() - at, opened: document.querySelector('#redline-first-screen form[data-fs-comment]') !== null });
        };
        channel.port2.postMessage(0);
      });
    },
    true,
  );
}

const all = [];
for (let i = 0; i < loads; i++) {
  const server = await redline.start(repo, await freePort(), {});
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
    await page.addInitScript(installProbe, { tool: 'redline', expectedFiles: 1e9 });
    await page.addInitScript(recordClicks);
    await page.goto(server.url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__bench.marks.liveDiff !== undefined, null, { timeout: 60_000 });
    let sent = 0;
    for (let k = 0; ; k++) {
      // A line number of the layout shown, a different row each time (the form opened last moves the rows below it).
      const box = await page.evaluate((k) => {
        const numbers = [...document.querySelectorAll('#redline-first-screen .fs-num')].filter((n) => n.textContent && n.getClientRects().length && n.getBoundingClientRect().bottom < innerHeight);
        const n = numbers[(k * 7) % Math.max(1, numbers.length)];
        if (!n) return null;
        const r = n.getBoundingClientRect();
        return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
      }, k);
      if (!box) break; // the app has taken over
      await page.mouse.click(box.x, box.y);
      sent++;
      await page.waitForTimeout(150);
    }
    await page.waitForFunction(() => window.__bench.marks.appDiff !== undefined, null, { timeout: 120_000 });
    const { clicks, marks } = await page.evaluate(() => ({ clicks: window.__clicks, marks: window.__bench.marks }));
    const answered = clicks.filter((c) => c.opened);
    all.push(...answered.map((c) => c.latency));
    const ms = (v) => `${Math.round(v)} ms`;
    console.log(
      `load ${i + 1}: live at ${ms(marks.liveDiff)}, the app's diff at ${ms(marks.appDiff)}; ${sent} clicks sent, ${answered.length} opened a form on the first screen: ` +
        (answered.length ? `event → next frame p50 ${ms(median(answered.map((c) => c.latency)))}, max ${ms(Math.max(...answered.map((c) => c.latency)))}` : '–'),
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}
if (all.length) console.log(`${name}, ${loads} loads, ${all.length} clicks: p50 ${Math.round(median(all))} ms, p95 ${Math.round(percentile(all, 95))} ms, max ${Math.round(Math.max(...all))} ms`);
