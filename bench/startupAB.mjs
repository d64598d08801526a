/**
 * Start-up A/B of page builds: loads a review from each build in turn
 * (interleaved, a fresh server and browser per load, so a slow minute of the
 * machine falls on every build alike) and prints each load's marks and the
 * medians per build. A diagnostic, not part of `npm run bench`: the figures
 * of the start-up sections in bench/RESULTS.md ("Kept by hand").
 *   node bench/startupAB.mjs [S|M|L|F|XL|R] ROUNDS DIR [DIR ...]
 * Each DIR is a built page (`npx vite build --outDir DIR`, or a copy of one
 * with its index.html edited), served through REDLINE_APP_DIR.
 * Marks (ms after navigation): first = the server's first screen painted,
 * entryEnd = the app's entry in (resource timing), loaded =
 * `redline:review-loaded` (the review in the store), replaced =
 * `redline:first-screen-replaced`, hl = `redline:highlighter-ready`,
 * app = the app's own diff painted (the bench probe's stamp).
 */
import { join } from 'node:path';
import { launchBrowser, VIEWPORT } from './lib/measureRun.mjs';
import { installProbe } from './lib/pageProbe.mjs';
import { freePort } from './lib/serverProcess.mjs';
import { median } from './lib/stats.mjs';
import { redline, ROOT } from './lib/tools.mjs';

const [name = 'S', roundsArg = '5', ...dirs] = process.argv.slice(2);
const rounds = Number(roundsArg);
if (!Number.isInteger(rounds) || rounds < 1 || dirs.length === 0) {
  process.stderr.write('usage: node bench/startupAB.mjs [S|M|L|F|XL|R] ROUNDS DIR [DIR ...]\n');
  process.exit(2);
}
const MARKS = ['first', 'entryEnd', 'loaded', 'replaced', 'hl', 'app'];
const repo = { name, path: join(ROOT, 'bench/.work/repos', name), stats: { files: 0 } };
const loads = new Map(dirs.map((dir) => [dir, []]));

for (let round = 0; round < rounds; round++) {
  for (const dir of dirs) {
    process.env.REDLINE_APP_DIR = dir; // read by the CLI the server spawns
    const server = await redline.start(repo, await freePort(), {});
    const browser = await launchBrowser();
    try {
      const page = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
      await page.addInitScript(installProbe, { tool: 'redline', expectedFiles: 1e9 });
      await page.goto(server.url, { waitUntil: 'commit' });
      await page.waitForFunction(() => window.__bench.marks.firstDiff !== undefined && window.__bench.marks.appDiff !== undefined, null, { timeout: 60_000 });
      const marks = await page.evaluate(() => {
        const mark = (n) => performance.getEntriesByName(n)[0]?.startTime;
        const entry = performance.getEntriesByType('resource').find((r) => /\/assets\/index-/.test(r.name));
        return {
          first: window.__bench.marks.firstDiff,
          entryEnd: entry?.responseEnd,
          loaded: mark('redline:review-loaded'),
          replaced: mark('redline:first-screen-replaced'),
          hl: mark('redline:highlighter-ready'),
          app: window.__bench.marks.appDiff,
        };
      });
      loads.get(dir).push(marks);
      console.log(`${round} ${dir} ${MARKS.map((k) => `${k} ${Math.round(marks[k] ?? NaN)}`).join('  ')}`);
    } finally {
      await browser.close();
      await server.stop();
    }
  }
}
for (const [dir, list] of loads) {
  console.log(`MEDIAN ${dir} ${MARKS.map((k) => `${k} ${Math.round(median(list.map((m) => m[k]).filter((v) => v !== undefined)) ?? NaN)}`).join('  ')}`);
}
