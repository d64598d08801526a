#!/usr/bin/env node
/**
 * `npm run bench`: Redline against difit on generated repositories, in the
 * same run, through the real CLIs and Debian's Chromium; writes
 * bench/RESULTS.md (and the raw figures to bench/.work/last-run.json).
 *
 * Options:
 *   --only S,M        repositories (default S,M,L,F,R,XL; with --quick S,M; XL: Redline only)
 *   --runs N          runs per figure, median reported (default 3; --quick 1)
 *   --xl-runs N       runs of XL (default 5: its longest scroll task is a target in each of 5 runs; --quick 1)
 *   --tool NAME       redline, difit or plannotator only (default all; Plannotator when
 *                     REDLINE_BENCH_PLANNOTATOR names its build, bench/README.md; difit 5 when
 *                     REDLINE_BENCH_DIFIT names its build, else 2.2.7 from bench/peers)
 *   --quick           1 run, S and M, shorter caps: a few minutes
 *   --profile         one extra, unmeasured Redline run per repository with the CDP profiler on
 *   --no-extra        skip the other bench/*Bench.mjs modules
 *   --no-build        do not build Redline first (by default: `tsc -b apps/cli`, `vite build`
 *                     when apps/review/dist is missing or older than the UI sources, and
 *                     `npm run build:package`, the bundled CLI the runs start)
 *   --wait-for-redline MIN  poll (every 2 min) up to MIN minutes for Redline to be built before its runs
 *   --check           the guard: run (what the other options say; default the full set), compare
 *                     each figure with bench/baseline.json (lib/baseline.mjs), print the table, exit 1
 *                     when any is more than 15% worse beyond the spread; RESULTS.md is left alone
 * A full run (the default repositories, runs and tools; no --check) also writes bench/baseline.json.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensureRepos, REPO_SPECS } from './generateRepos.mjs';
import { NEUTRAL_DIFF_FLAGS, git } from './lib/git.mjs';
import { commitInfo, machineInfo, waitForQuiet } from './lib/machine.mjs';
import { launchBrowser, measureRun } from './lib/measureRun.mjs';
import { renderResults } from './lib/report.mjs';
import { compareWithBaseline, figuresOf, makeBaseline, renderCheck } from './lib/baseline.mjs';
import { extraBenchFiles, readEditLatency, readFloor, runExtraBench } from './lib/extraBenches.mjs';
import { pageEntrySize } from './lib/pageEntry.mjs';
import { resolveForcedFrames } from './lib/sourceFrames.mjs';
import { median } from './lib/stats.mjs';
import { DIFIT_BUILD, PEERS_DIR, ROOT, TOOLS, difitVersion, plannotatorVersion } from './lib/tools.mjs';

/** Plannotator only where its build is named (REDLINE_BENCH_PLANNOTATOR): RESULTS.md says when it is absent. */
const DEFAULT_TOOLS = process.env.REDLINE_BENCH_PLANNOTATOR ? ['redline', 'difit', 'plannotator'] : ['redline', 'difit'];

const BENCH_DIR = join(ROOT, 'bench');
const WORK_DIR = join(BENCH_DIR, '.work');
const BASELINE_FILE = join(BENCH_DIR, 'baseline.json');
const FULL_SET = ['S', 'M', 'L', 'F', 'R', 'XL'];

function log(message) {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

function parseArgs(argv) {
  const options = { quick: false, profile: false, extra: true, build: true, only: null, runs: null, xlRuns: null, tools: DEFAULT_TOOLS, waitForRedlineMin: 0, check: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--quick') options.quick = true;
    else if (arg === '--profile') options.profile = true;
    else if (arg === '--no-extra') options.extra = false;
    else if (arg === '--no-build') options.build = false;
    else if (arg === '--only') options.only = value().split(',').map((s) => s.trim().toUpperCase());
    else if (arg === '--runs') options.runs = Number(value());
    else if (arg === '--xl-runs') options.xlRuns = Number(value());
    else if (arg === '--tool') options.tools = [value()];
    else if (arg === '--wait-for-redline') options.waitForRedlineMin = Number(value());
    else if (arg === '--check') options.check = true;
    else if (arg === '--help' || arg === '-h') {
      process.stdout.write(readHelp());
      process.exit(0);
    } else throw new Error(`unknown option "${arg}" (see --help)`);
  }
  for (const name of options.only ?? []) if (!REPO_SPECS[name]) throw new Error(`unknown repository "${name}" in --only (known: ${Object.keys(REPO_SPECS).join(', ')})`);
  for (const tool of options.tools) if (!TOOLS[tool]) throw new Error(`unknown tool "${tool}" (known: ${Object.keys(TOOLS).join(', ')})`);
  if (options.runs !== null && !(Number.isInteger(options.runs) && options.runs >= 1)) throw new Error(`--runs must be a positive integer, got "${options.runs}"`);
  if (options.xlRuns !== null && !(Number.isInteger(options.xlRuns) && options.xlRuns >= 1)) throw new Error(`--xl-runs must be a positive integer, got "${options.xlRuns}"`);
  // The baseline comes only from a full run: every repository, 3 runs, every tool of the default set.
  options.full = !options.check && !options.quick && options.only === null && options.runs === null && options.xlRuns === null && options.tools === DEFAULT_TOOLS;
  options.only ??= options.quick ? ['S', 'M'] : FULL_SET;
  options.runs ??= options.quick ? 1 : 3;
  options.xlRuns ??= options.quick ? 1 : 5;
  // Steps are one viewport, or bigger so a scroll takes at most this many frames: Redline's M
  // is over 1,000,000 px tall and, at 50-100 ms a frame, one viewport a frame would take minutes.
  options.scrollMaxSteps = options.quick ? 300 : 600;
  options.scrollCapMs = options.quick ? 45_000 : 120_000;
  options.difitScrollCapMs = options.quick ? 30_000 : 60_000;
  options.difitPageCapMs = options.quick ? 60_000 : 180_000;
  return options;
}

function readHelp() {
  return `Usage: npm run bench -- [--only S,M,L,F] [--runs N] [--xl-runs N] [--tool redline|difit|plannotator] [--quick] [--profile] [--no-extra] [--no-build] [--wait-for-redline MIN] [--check]\n`;
}

/** Runs a command from the repository root; resolves { code, output }. */
function runCommand(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('error', (error) => resolve({ code: -1, output: error.message }));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Newest modification time (ms) of any file under `dir` (node_modules and dist skipped). */
function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Builds what Redline runs from, so `npm run bench` works on a fresh clone:
 * the CLI (`tsc -b apps/cli`, incremental, also builds the core; the other
 * benches run it), the page (`vite build`) when its output is missing or
 * older than its sources, and the published bundle the runs start.
 */
async function buildRedline(notes) {
  log('building the CLI (tsc -b apps/cli)...');
  const cli = await runCommand(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'apps/cli']);
  if (cli.code !== 0) notes.push(`\`tsc -b apps/cli\` failed (exit ${cli.code}); measured whatever apps/cli/dist held: ${cli.output.trim().split('\n')[0]}`);
  const page = join(ROOT, 'apps/review/dist/index.html');
  const sources = Math.max(newestMtime(join(ROOT, 'apps/review')), newestMtime(join(ROOT, 'packages/review-editor')), newestMtime(join(ROOT, 'packages/core/src')), statSync(join(ROOT, 'vite.config.ts')).mtimeMs);
  if (!existsSync(page) || statSync(page).mtimeMs < sources) {
    log('building the page (vite build)...');
    const vite = await runCommand(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build']);
    if (vite.code !== 0) notes.push(`\`vite build\` failed (exit ${vite.code}); measured whatever apps/review/dist held: ${vite.output.trim().split('\n').slice(-1)[0]}`);
  }
  await buildPackage(notes);
}

/** The published CLI (`npm run build:package`: the CLI and core bundled, about 2 s), which the bench's Redline runs (lib/redlinePublished.mjs). */
async function buildPackage(notes) {
  log('bundling the CLI (npm run build:package)...');
  const bundle = await runCommand(process.execPath, [join(ROOT, 'scripts/buildPackage.mjs')]);
  if (bundle.code !== 0) notes.push(`\`npm run build:package\` failed (exit ${bundle.code}); measured whatever packages/redline-review/dist held: ${bundle.output.trim().split('\n').slice(-1)[0]}`);
}

/** Installs difit into bench/peers (never into the workspace) from its lock file. */
async function ensurePeers(notes) {
  if (existsSync(join(PEERS_DIR, 'node_modules/difit/package.json'))) return;
  log('installing difit into bench/peers (npm ci --prefix bench/peers)...');
  const output = await new Promise((resolve) => {
    const child = spawn('npm', ['ci', '--prefix', PEERS_DIR, '--no-audit', '--no-fund'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (c) => (text += c));
    child.stderr.on('data', (c) => (text += c));
    child.on('close', (code) => resolve({ code, text }));
  });
  if (output.code !== 0) {
    notes.push(`difit could not be installed (npm ci --prefix bench/peers exited ${output.code}): ${output.text.trim().split('\n').slice(-2).join(' ')}`);
  }
}

/** Median time of `git diff <flags> <revs>` (output read fully, as a server would) over `repeats` runs, after one warm-up. */
async function timeGitDiff(cwd, revs, repeats = 5) {
  const args = ['-c', 'core.quotepath=false', 'diff', ...NEUTRAL_DIFF_FLAGS, ...revs];
  await git(cwd, args, { discardOutput: true });
  const times = [];
  for (let i = 0; i < repeats; i++) {
    const started = performance.now();
    await git(cwd, args, { discardOutput: true });
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Runs each bench/*Bench.mjs (lib/extraBenches.mjs) and keeps what it prints. */
async function runExtraBenches(options) {
  const out = [];
  for (const file of extraBenchFiles(BENCH_DIR)) {
    log(`running ${file}...`);
    out.push(await runExtraBench(ROOT, BENCH_DIR, file, { quick: options.quick }));
  }
  return out;
}

async function waitForRedline(minutes) {
  const deadline = Date.now() + minutes * 60_000;
  for (;;) {
    const reason = TOOLS.redline.available();
    if (!reason || Date.now() >= deadline) return reason;
    log(`Redline not ready (${reason}); checking again in 2 min`);
    await new Promise((r) => setTimeout(r, 120_000));
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const baseline = options.check ? readBaseline() : null;
  const started = performance.now();
  const results = {
    command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
    startedAt: new Date().toISOString(),
    options: { runs: options.runs, xlRuns: options.xlRuns, only: options.only, tools: options.tools, quick: options.quick },
    machine: machineInfo(),
    commit: commitInfo(ROOT),
    notes: [],
    repos: [],
    measurements: {},
    extraBenches: [],
    profiles: [],
  };
  mkdirSync(WORK_DIR, { recursive: true });

  if (options.tools.includes('difit') && !DIFIT_BUILD) await ensurePeers(results.notes);
  results.difitVersion = difitVersion();
  results.difitSource = DIFIT_BUILD ? `built from its public source at ${DIFIT_BUILD}` : 'the registry\'s, in bench/peers';
  results.plannotatorVersion = plannotatorVersion();
  results.plannotatorAbsent = !options.tools.includes('plannotator');
  if (results.plannotatorAbsent) results.notes.push('Plannotator was not in this run: REDLINE_BENCH_PLANNOTATOR was not set (bench/README.md says how to build it); its rows say "not measured".');
  results.notes.push(
    DIFIT_BUILD
      ? `difit ${results.difitVersion ?? '?'} ran from a build of its public source named by REDLINE_BENCH_DIFIT (${DIFIT_BUILD}; bench/README.md says how it is built), outside this repository. It declares \`engines.node >=21\` and runs on Node ${process.versions.node}.`
      : `difit ${results.difitVersion ?? '?'} (the newest version this registry serves; difit 5 runs only when REDLINE_BENCH_DIFIT names a build of its source, bench/README.md) is installed for the bench only, in bench/peers with its own lock file (\`npm ci --prefix bench/peers\`), never in the workspace. It declares \`engines.node >=21\`; npm warns (EBADENGINE) but it installs and runs on Node ${process.versions.node}. Its one install script (@parcel/watcher, \`node scripts/build-from-source.js\`, blocked by npm 11's install-script policy) only builds from source when \`npm_config_build_from_source=true\`; the prebuilt binding comes from the optional dependency @parcel/watcher-linux-x64-glibc, so blocking it changes nothing.`,
  );

  const browser = await launchBrowser();
  results.chromium = browser.version();
  await browser.close();

  if (options.build && options.tools.includes('redline')) await buildRedline(results.notes);
  results.pageEntry = pageEntrySize(join(ROOT, 'apps/review/dist'));
  results.repos = await ensureRepos(options.only);
  let redlineReason = options.tools.includes('redline') ? await waitForRedline(options.waitForRedlineMin) : null;
  if (redlineReason) {
    results.redlineUnavailable = redlineReason;
    log(`Redline will not be measured: ${redlineReason}`);
  }

  const writeOut = () => {
    results.durationMs = performance.now() - started;
    // A check run is kept apart: RESULTS.md and last-run.json stay the last real run's.
    writeFileSync(join(WORK_DIR, options.check ? 'last-check.json' : 'last-run.json'), JSON.stringify(results, null, 2));
    // Every run's figures are also kept by date, so a later partial run never loses them.
    mkdirSync(join(WORK_DIR, 'runs'), { recursive: true });
    writeFileSync(join(WORK_DIR, 'runs', `${results.startedAt.replace(/[:.]/g, '-')}.json`), JSON.stringify(results, null, 2));
    if (!options.check) writeFileSync(join(BENCH_DIR, 'RESULTS.md'), renderResults(results));
  };

  for (const repo of results.repos) {
    const m = (results.measurements[repo.name] = {});
    log(`${repo.name}: git diff baselines`);
    m.git = {
      samePatchMs: await timeGitDiff(repo.path, [repo.baseCommit, repo.changeCommit]),
      worktreeMs: await timeGitDiff(repo.path, ['HEAD']),
    };
    for (const toolName of options.tools) {
      m[toolName] = { runs: [] };
      if (toolName === 'redline' && redlineReason) m.redline.skipped = redlineReason;
      const reason = TOOLS[toolName].available();
      if (reason && !m[toolName].skipped) m[toolName].skipped = reason;
    }
    // XL's targets are Redline's, and a run of it takes minutes: no peers; its longest scroll task is a target in each of 5 runs.
    const runs = repo.name === 'XL' ? options.xlRuns : options.runs;
    if (repo.name === 'XL') for (const toolName of options.tools) if (toolName !== 'redline') m[toolName].skipped ??= 'not run on XL (its targets are Redline\'s)';
    for (let run = 1; run <= runs; run++) {
      for (const toolName of options.tools) {
        const entry = m[toolName];
        if (entry.skipped || entry.stoppedEarly) continue;
        const tool = TOOLS[toolName];
        const quiet = await waitForQuiet();
        log(`${repo.name}: ${toolName} run ${run}/${runs} (CPU ${Math.round((quiet.busy ?? 0) * 100)}% busy before it${quiet.waitedMs > 1500 ? `, after waiting ${Math.round(quiet.waitedMs / 1000)} s for quiet` : ''})`);
        const record = await measureRun(tool, repo, {
          scrollMaxSteps: options.scrollMaxSteps,
          scrollCapMs: toolName === 'redline' ? options.scrollCapMs : options.difitScrollCapMs,
          endpointRepeats: 5,
          search: true,
          pageCapMs: toolName === 'redline' ? undefined : options.difitPageCapMs,
          // The wheel figure: Redline on L and XL, full bench only (about 5 s a run).
          wheel: !options.quick && toolName === 'redline' && (repo.name === 'L' || repo.name === 'XL'),
        });
        record.cpuBusyBefore = quiet.busy;
        entry.runs.push(record);
        log(`${repo.name}: ${toolName} run ${run}: ${summarizeRecord(record)}`);
        // A peer's runs that fail or crawl are not repeated: one such run costs minutes and tells the story.
        if (toolName !== 'redline' && run < runs) {
          if (record.failure) entry.stoppedEarly = `not rerun after run ${run} (${record.failure.kind})`;
          else if (record.firstDiffMs > 30_000 || (record.scroll && !record.scroll.completed)) entry.stoppedEarly = `not rerun: run ${run} took ${Math.round(record.firstDiffMs / 1000)} s to paint${record.scroll && !record.scroll.completed ? ' and did not finish scrolling' : ''}`;
        }
      }
    }
    if (options.tools.includes('redline') && !m.redline.skipped && repo.name !== 'XL') {
      log(`${repo.name}: redline, first Edit click with the edit flag on`);
      m.redline.edit = await measureRun(TOOLS.redline, repo, { editClick: true, scrollMaxSteps: 1, scrollCapMs: 1, endpointRepeats: 1 });
      if (options.profile) {
        log(`${repo.name}: redline, profiled run (not counted)`);
        const profiled = await measureRun(TOOLS.redline, repo, { profile: true, scrollMaxSteps: options.scrollMaxSteps, scrollCapMs: options.scrollCapMs, endpointRepeats: 5, search: false });
        for (const trace of [profiled.loadTrace, profiled.scrollTrace]) if (trace?.forcedBy) trace.forcedBy = await resolveForcedFrames(trace.forcedBy, join(ROOT, 'apps/review/dist'));
        if (profiled.loadTrace) results.profiles.push({ tool: 'redline', repo: repo.name, phase: 'load (navigation → every file listed)', trace: profiled.loadTrace });
        if (profiled.scrollProfile) results.profiles.push({ tool: 'redline', repo: repo.name, phase: 'scroll to the end', summary: profiled.scrollProfile, trace: profiled.scrollTrace });
        if (profiled.serverProfile) results.profiles.push({ tool: 'redline', repo: repo.name, phase: 'server (node --cpu-prof, whole life: start, page load, scroll)', summary: profiled.serverProfile });
        if (profiled.failure) results.notes.push(`profiled run on ${repo.name}: ${profiled.failure.message}`);
      }
    }
    writeOut();
  }

  if (options.extra) {
    const extrasStarted = Date.now();
    results.extraBenches = await runExtraBenches(options);
    // The edit latency bench's raw figures, for the typing targets (only if written by this run).
    const editLatency = readEditLatency(ROOT, extrasStarted);
    if (editLatency) results.editLatency = editLatency;
    // The machine's floor, put beside the scroll, wheel and typing figures (only if written by this run).
    const floor = readFloor(ROOT, extrasStarted);
    if (floor) results.floor = floor;
  }
  writeOut();
  if (options.full) writeFileSync(BASELINE_FILE, JSON.stringify(makeBaseline(results), null, 2) + '\n');
  if (baseline) {
    const check = compareWithBaseline(baseline, figuresOf(results));
    process.stdout.write(renderCheck(baseline, check));
    log(`check done in ${(results.durationMs / 1000).toFixed(0)} s: ${check.worse.length === 0 ? 'no figure worse' : `${check.worse.length} figure(s) worse`}`);
    if (check.worse.length > 0) process.exitCode = 1;
    return;
  }
  log(`done in ${(results.durationMs / 1000).toFixed(0)} s: bench/RESULTS.md${options.full ? ' and bench/baseline.json' : ''}`);
}

/** bench/baseline.json, for --check; a missing or unreadable one is an error that says how to write it. */
function readBaseline() {
  try {
    return JSON.parse(readFileSync(BASELINE_FILE, 'utf8'));
  } catch (error) {
    throw new Error(`--check needs bench/baseline.json (${error.code === 'ENOENT' ? 'missing' : error.message}): a full \`npm run bench\` writes it`, { cause: error });
  }
}

function summarizeRecord(r) {
  if (r.failure && r.firstDiffMs === undefined && r.loadDiffMs === undefined) return `${r.failure.kind}: ${r.failure.message}`;
  const parts = [`ready ${Math.round(r.serverReadyMs)} ms`, r.firstDiffMs !== undefined ? `first diff ${Math.round(r.firstDiffMs)} ms` : `collapsed at ${Math.round(r.collapsedShownMs)} ms, Load diff → painted ${Math.round(r.loadDiffMs)} ms`];
  if (r.allFilesListedMs) parts.push(`all files ${Math.round(r.allFilesListedMs)} ms`);
  if (r.load) parts.push(`load ${Math.round(r.load.bytes / 1000)} KB`);
  if (r.scroll) parts.push(`scroll ${Math.round(r.scroll.ms)} ms${r.scroll.completed ? '' : ' (incomplete)'}, ${r.scroll.longtasks} long tasks, longest ${Math.round(r.scroll.longestTaskMs)} ms`);
  if (r.heap) parts.push(`heap ${Math.round(r.heap.jsHeapUsed / 1e6)} MB`);
  if (r.endpoint) parts.push(`endpoint ${Math.round(r.endpoint.medianMs)} ms`);
  if (r.search?.ms !== undefined) parts.push(`search ${Math.round(r.search.ms)} ms`);
  if (r.failure) parts.push(`then ${r.failure.kind}: ${r.failure.message}`);
  return parts.join(', ');
}

main().catch((error) => {
  process.stderr.write(`bench: ${error.message}\n`);
  process.exit(1);
});
