#!/usr/bin/env node
/**
 * Runs one of the runner's other benches again and puts its section (and,
 * for the edit latency bench, its figures behind the speed targets) into
 * the last full run's RESULTS.md, re-rendered from bench/.work/last-run.json;
 * the run's notes say which bench was re-run, when, and at which commit.
 * For an extra bench that failed in a full run (say, killed at its cap),
 * without repeating the hour of the rest:
 *   node bench/rerunExtra.mjs editLatencyBench.mjs
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extraBenchFiles, readEditLatency, readFloor, runExtraBench } from './lib/extraBenches.mjs';
import { commitInfo } from './lib/machine.mjs';
import { renderResults } from './lib/report.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BENCH_DIR = join(ROOT, 'bench');
const file = process.argv[2];
const lastRun = join(BENCH_DIR, '.work/last-run.json');
if (!extraBenchFiles(BENCH_DIR).includes(file)) {
  process.stderr.write(`usage: node bench/rerunExtra.mjs <one of: ${extraBenchFiles(BENCH_DIR).join(', ')}>\n`);
  process.exit(2);
}
if (!existsSync(lastRun)) {
  process.stderr.write('no bench/.work/last-run.json: run `npm run bench` first\n');
  process.exit(1);
}
const results = JSON.parse(readFileSync(lastRun, 'utf8'));
const started = Date.now();
const entry = await runExtraBench(ROOT, BENCH_DIR, file);
results.extraBenches = [...(results.extraBenches ?? []).filter((e) => e.file !== file), entry].sort((a, b) => a.file.localeCompare(b.file));
const editLatency = readEditLatency(ROOT, started);
if (editLatency) results.editLatency = editLatency;
const floor = readFloor(ROOT, started);
if (floor) results.floor = floor;
const commit = commitInfo(ROOT);
results.notes = [...(results.notes ?? []), `${file} re-run on its own (\`node bench/rerunExtra.mjs ${file}\`) at ${new Date(started).toISOString()}, commit \`${commit.head}\`${commit.dirty ? ' (tree dirty)' : ''}, ${Math.round(entry.ms / 1000)} s; its section and figures replace the full run's`];
writeFileSync(lastRun, JSON.stringify(results, null, 2));
writeFileSync(join(BENCH_DIR, 'RESULTS.md'), renderResults(results));
process.stdout.write(`${file}: ${entry.ok ? 'ok' : entry.error}; bench/RESULTS.md re-rendered\n`);
process.exit(entry.ok ? 0 : 1);
