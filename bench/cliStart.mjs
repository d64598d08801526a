/**
 * CLI start → server ready, alone: starts a tool's CLI on a bench repository
 * N times in a row (the same start the runner measures, lib/serverProcess.mjs:
 * its URL printed and its port answering), stops it each time, and prints
 * each start and the median. No browser. A diagnostic, not run by the runner:
 * the figures of bench/RESULTS.md's "CLI start" section.
 *   node bench/cliStart.mjs [S|M|L|F|R|XL] [N] [redline|difit|plannotator]
 * The repository must exist (node bench/generateRepos.mjs --only S).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './lib/serverProcess.mjs';
import { median } from './lib/stats.mjs';
import { ROOT, TOOLS } from './lib/tools.mjs';

const [name = 'S', countArg = '7', toolName = 'redline'] = process.argv.slice(2);
const count = Number(countArg);
const tool = TOOLS[toolName];
if (!Number.isInteger(count) || count < 1 || !tool) {
  process.stderr.write('usage: node bench/cliStart.mjs [S|M|L|F|R|XL] [N] [redline|difit|plannotator]\n');
  process.exit(2);
}
const unavailable = tool.available();
if (unavailable) {
  process.stderr.write(`${tool.label}: ${unavailable}\n`);
  process.exit(1);
}
const repo = JSON.parse(readFileSync(join(ROOT, 'bench/.work/repos', `${name}.json`), 'utf8'));

const times = [];
for (let i = 0; i < count; i++) {
  const server = await tool.start(repo, await freePort());
  times.push(server.readyMs);
  await server.stop();
  // The next start begins on a machine that has settled from this one's exit.
  await new Promise((resolve) => setTimeout(resolve, 300));
}
const ms = (value) => `${Math.round(value)} ms`;
process.stdout.write(`${tool.label} on ${name}, CLI start → server ready, ${count} starts: ${times.map(ms).join(', ')}; median ${ms(median(times))}\n`);
