/**
 * The speed targets' typing figure over several runs of the edit latency bench: per
 * file, the median and the spread (min–max) of each run's keydown → next
 * frame p50 and p95 and main-thread time per key, and each run's long tasks
 * while typing. One run's p95 of 40 keys moves by several milliseconds
 * between runs on the same build (bench/RESULTS.md), so the verdict is taken
 * on the median of the runs and the spread is reported beside it.
 */
import { median } from './stats.mjs';

const spreadOf = (values) => {
  const present = values.filter((v) => typeof v === 'number' && Number.isFinite(v));
  return present.length === 0 ? null : { median: median(present), min: Math.min(...present), max: Math.max(...present) };
};

/** `runs`: each run's `files` (measureEditLatency's result); a file missing from a run is left out of that run. */
export function typingSpread(runs) {
  const names = [...new Set(runs.flatMap((files) => files.map((f) => f.name)))];
  return names.map((name) => {
    const of = runs.map((files) => files.find((f) => f.name === name)).filter(Boolean);
    return {
      name,
      runs: of.length,
      p50: spreadOf(of.map((f) => f.toFrame?.p50)),
      p95: spreadOf(of.map((f) => f.toFrame?.p95)),
      busyPerKeyMs: spreadOf(of.map((f) => f.busyPerKeyMs)),
      longTasksPerRun: of.map((f) => f.longTasksWhileTyping),
    };
  });
}
