#!/usr/bin/env node
/**
 * Runs one of the runner's other benches again and puts its section (and,
 * for the edit latency bench, its figures behind the issue 17 targets) into
 * the last full run's RESULTS.md, re-rendered from bench/.work/last-run.json;
 * the run's notes say which bench was re-run, when, and at which commit.
 * For an extra bench that failed in a full run (say, killed at its cap),
 * without repeating the hour of the rest:
 *   node bench/rerunExtra.mjs editLatencyBench.mjs
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commitInfo } from './lib/machine.mjs';
import { renderResults } from './lib/report.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const file = process.argv[2];
const lastRun = join(ROOT, 'bench/.work/last-run.json');
if (!file || !/^[A-Za-z0-9]+Bench\.mjs$/.test(file) || !existsSync(join(ROOT, 'bench', file))) {
  process.stderr.write('usage: node bench/rerunExtra.mjs <name>Bench.mjs (one of bench/*Bench.mjs)\n');
  process.exit(2);
}
if (!existsSync(lastRun)) {
  process.stderr.write('no bench/.work/last-run.json: run `npm run bench` first\n');
  process.exit(1);
}
const results = JSON.parse(readFileSync(lastRun, 'utf8'));
const started = Date.now();
const run = spawnSync(process.execPath, [join(ROOT, 'bench', file)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const entry = run.status === 0 ? { file, ok: true, output: run.stdout, ms: Date.now() - started } : { file, ok: false, error: `exited with code ${run.status}; output: ${run.stdout.trim().slice(-300)}`, output: run.stdout, ms: Date.now() - started };
results.extraBenches = [...(results.extraBenches ?? []).filter((e) => e.file !== file), entry].sort((a, b) => a.file.localeCompare(b.file));
const editLatency = join(ROOT, 'bench/.work/edit-latency.json');
if (file === 'editLatencyBench.mjs' && entry.ok) results.editLatency = JSON.parse(readFileSync(editLatency, 'utf8'));
const commit = commitInfo(ROOT);
results.notes = [...(results.notes ?? []), `${file} re-run on its own (\`node bench/rerunExtra.mjs ${file}\`) at ${new Date(started).toISOString()}, commit \`${commit.head}\`${commit.dirty ? ' (tree dirty)' : ''}, ${Math.round(entry.ms / 1000)} s; its section and figures replace the full run's`];
writeFileSync(lastRun, JSON.stringify(results, null, 2));
writeFileSync(join(ROOT, 'bench/RESULTS.md'), renderResults(results));
process.stdout.write(`${file}: ${entry.ok ? 'ok' : entry.error}; bench/RESULTS.md re-rendered\n`);
process.exit(entry.ok ? 0 : 1);
