/**
 * Where the time to the first diff goes: loads a review N times (fresh
 * server and browser each) and prints the page's own timeline (navigation
 * timing, resource timings, the UI's performance marks, the bench probe's
 * first-diff stamp). A diagnostic, not part of `npm run bench`.
 *   node bench/firstPaintProbe.mjs [S|M|L|F|XL|R] [runs] [--profile]
 * --profile adds a CPU profile of the page from navigation to the app's own
 * diff: inclusive time per function, named from the build's source maps when
 * it has them (`npx vite build --sourcemap hidden`), e.g. Pierre's parse of
 * the whole patch on XL (bench/RESULTS.md, "Speed targets, XL").
 */
import { launchBrowser, VIEWPORT } from './lib/measureRun.mjs';
import { installProbe } from './lib/pageProbe.mjs';
import { redline, ROOT } from './lib/tools.mjs';
import { freePort } from './lib/serverProcess.mjs';
import { join } from 'node:path';
import { inclusiveTotals } from './lib/profileTotals.mjs';

const args = process.argv.slice(2).filter((a) => a !== '--profile');
const profile = process.argv.includes('--profile');
const name = args[0] ?? 'S';
const runs = Number(args[1] ?? 3);
const repo = { name, path: join(ROOT, 'bench/.work/repos', name), stats: { files: 0 } };
for (let i = 0; i < runs; i++) {
  const server = await redline.start(repo, await freePort(), {});
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
    const cdp = profile ? await startProfile(page) : null;
    await page.addInitScript(installProbe, { tool: 'redline', expectedFiles: 1e9 });
    await page.goto(server.url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__bench.marks.firstDiff !== undefined && window.__bench.marks.appDiff !== undefined, null, { timeout: 60_000 });
    const t = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const out = [[`nav responseStart`, nav.responseStart], [`nav responseEnd`, nav.responseEnd], ['domInteractive', nav.domInteractive], ['domContentLoaded', nav.domContentLoadedEventEnd]];
      for (const r of performance.getEntriesByType('resource')) out.push([`  ${r.initiatorType} ${r.name.replace(location.origin, '').slice(0, 60)} start`, r.startTime, r.responseEnd, r.transferSize]);
      for (const m of performance.getEntriesByType('mark')) out.push([m.name, m.startTime]);
      for (const p of performance.getEntriesByType('paint')) out.push([p.name, p.startTime]);
      out.push(['FIRST DIFF (probe)', window.__bench.marks.firstDiff]);
      if (window.__bench.marks.appDiff !== undefined) out.push(['APP DIFF (probe)', window.__bench.marks.appDiff]);
      for (const l of window.__bench.longtasks) out.push([`  longtask ${Math.round(l.duration)} ms`, l.start]);
      return out.sort((a, b) => a[1] - b[1]);
    });
    console.log(`--- run ${i + 1} (server ready ${server.readyMs} ms)`);
    for (const [label, start, end, size] of t) console.log(`${String(Math.round(start)).padStart(6)}${end !== undefined ? `-${Math.round(end)}` : ''}  ${label}${size !== undefined ? ` ${size}B` : ''}`);
    if (cdp) await printProfile(cdp);
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function startProfile(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return cdp;
}

/** Stopped at the app's diff (the probe waited for it): inclusive ms per function, busiest first. */
async function printProfile(cdp) {
  const { profile: cpu } = await cdp.send('Profiler.stop');
  console.log('--- CPU profile to the app diff, inclusive ms');
  for (const row of await inclusiveTotals(cpu, process.env.REDLINE_APP_DIR ?? join(ROOT, 'apps/review/dist'), 45)) console.log(`${row.ms.toFixed(0).padStart(7)}  ${row.fn}`);
}
