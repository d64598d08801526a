/**
 * The runner's other benches (bench/*Bench.mjs): each is run as its own
 * process and what it prints (markdown) goes into RESULTS.md. Each has a
 * cap: 10 min (3 with --quick), or what its own header asks for in a line
 * `// runner cap: N min` (the edit latency bench, five runs, asks for 30).
 * Used by bench/run.mjs for every one and by bench/rerunExtra.mjs for one.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const CAP_LINE = /^\/\/ runner cap: (\d+) min\b/m;

export function extraBenchFiles(benchDir) {
  return readdirSync(benchDir).filter((f) => /Bench\.mjs$/.test(f)).sort();
}

/** The cap of one bench: its header's `// runner cap: N min`, else 10 min; 3 min with --quick. */
export function extraBenchCapMs(benchDir, file, quick) {
  if (quick) return 180_000;
  const asked = CAP_LINE.exec(readFileSync(join(benchDir, file), 'utf8'));
  return asked ? Number(asked[1]) * 60_000 : 600_000;
}

/** Runs one bench from `root`: { file, ok, output, error?, ms }; killed (its whole process group) at its cap. */
export function runExtraBench(root, benchDir, file, { quick = false } = {}) {
  const started = performance.now();
  const capMs = extraBenchCapMs(benchDir, file, quick);
  return new Promise((resolve) => {
    const env = { ...process.env, ...(quick ? { BENCH_QUICK: '1' } : {}) };
    const child = spawn(process.execPath, [join(benchDir, file)], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    let stdout = '';
    child.stdout.on('data', (c) => (stdout += c));
    const done = (result) => resolve({ file, ...result, ms: performance.now() - started });
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone
      }
      done({ ok: false, error: `timed out after ${capMs / 1000} s`, output: stdout });
    }, capMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      done(code === 0 ? { ok: true, output: stdout } : { ok: false, error: `exited with code ${code}; output: ${stdout.trim().slice(-300)}`, output: stdout });
    });
  });
}

/** A bench's raw figures in bench/.work/`name`, if it wrote them at or after `sinceMs`; else null. */
function readWorkJson(root, name, sinceMs) {
  const path = join(root, 'bench/.work', name);
  return existsSync(path) && statSync(path).mtimeMs >= sinceMs ? JSON.parse(readFileSync(path, 'utf8')) : null;
}

/** The edit latency bench's raw figures (the typing targets), if it wrote them at or after `sinceMs`; else null. */
export const readEditLatency = (root, sinceMs) => readWorkJson(root, 'edit-latency.json', sinceMs);

/** The floor bench's figures (floorBench.mjs: the same measures on pages with no framework), if written at or after `sinceMs`; else null. */
export const readFloor = (root, sinceMs) => readWorkJson(root, 'floor.json', sinceMs);
