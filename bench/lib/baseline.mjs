/**
 * The guard's figures: `bench/baseline.json`, written by a full run, holds
 * every figure of RESULTS.md's repository tables (lib/report.mjs's FIGURES,
 * per repository and tool, the same figures the targets read) and Redline's
 * ratio to each peer, each with its run-to-run spread; `npm run bench --
 * --check` compares a run with it. Pure: no I/O here (run.mjs reads and
 * writes the file).
 *
 * A figure is worse when it moved in its bad direction by more than
 * TOLERANCE of the baseline plus the spread (max − min over the runs) of the
 * baseline or of this run, whichever is wider: a figure that varies by 40%
 * from run to run is not called a regression for moving 20%. A figure at or
 * near zero (no long task, 0.0 ms) also gets its unit's smallest step
 * (NOISE_FLOOR), so one stray long task is not a 100% regression. Only
 * Redline's own figures and its ratios to the peers fail the check; the
 * peers' own figures are shown beside them.
 */
import { formatBytes, formatCount, formatMs, median } from './stats.mjs';
import { FIGURES } from './report.mjs';

/** 15%: how much worse than the baseline, beyond the spread, fails the check. */
export const TOLERANCE = 0.15;

export const BASELINE_VERSION = 1;

/** The smallest change per unit that counts at all (added to every limit). */
export const NOISE_FLOOR = { ms: 2, bytes: 1000, count: 1, ratio: 0.01 };

/** The peers Redline's figures are divided by (a ratio is better when lower: Redline faster or lighter). */
const PEERS = ['difit', 'plannotator'];

/** How a figure's value reads: its unit, from the figure's formatter in RESULTS.md. */
function unitOf(figure) {
  if (figure.fmt === formatMs) return 'ms';
  if (figure.fmt === formatBytes) return 'bytes';
  return 'count';
}

/** median, min, max and n of the finite numbers among `values`; null when there are none. */
export function summarize(values) {
  const numbers = values.filter((v) => typeof v === 'number' && Number.isFinite(v));
  if (numbers.length === 0) return null;
  return { median: median(numbers), min: Math.min(...numbers), max: Math.max(...numbers), n: numbers.length };
}

/**
 * Every figure of a run (bench/.work/last-run.json's shape), by id:
 * `S/redline/serverReady`, `S/redline÷plannotator/serverReady`. Each:
 * { label, unit, better: 'lower' | 'higher', median, min, max, n }.
 */
export function figuresOf(results) {
  const figures = {};
  for (const [repo, m] of Object.entries(results.measurements ?? {})) {
    for (const figure of FIGURES) {
      const redline = summarize((m.redline?.runs ?? []).map(figure.get));
      for (const tool of ['redline', ...PEERS]) {
        const value = tool === 'redline' ? redline : summarize((m[tool]?.runs ?? []).map(figure.get));
        if (value) figures[`${repo}/${tool}/${figure.key}`] = { label: `${repo}, ${tool}: ${figure.label}`, unit: unitOf(figure), better: 'lower', ...value };
      }
      for (const peer of PEERS) {
        const theirs = summarize((m[peer]?.runs ?? []).map(figure.get));
        if (!figure.ratio || !redline || !theirs || theirs.median <= 0 || theirs.min <= 0) continue;
        figures[`${repo}/redline÷${peer}/${figure.key}`] = {
          label: `${repo}, Redline / ${peer}: ${figure.label}`,
          unit: 'ratio',
          better: 'lower',
          median: redline.median / theirs.median,
          min: redline.min / theirs.max,
          max: redline.max / theirs.min,
          n: Math.min(redline.n, theirs.n),
        };
      }
    }
  }
  return figures;
}

/** The baseline file's content: the figures and where they come from. */
export function makeBaseline(results) {
  return {
    version: BASELINE_VERSION,
    writtenAt: results.startedAt,
    command: results.command,
    commit: results.commit,
    machine: results.machine,
    tolerance: TOLERANCE,
    figures: figuresOf(results),
  };
}

/**
 * The check: each figure this run has that the baseline has too, with its
 * limit and verdict ('worse' | 'within' | 'better'); `worse` lists the ids
 * that fail. Figures only one side has are listed as `unmatched`.
 */
export function compareWithBaseline(baseline, current, tolerance = TOLERANCE) {
  const rows = [];
  for (const [id, now] of Object.entries(current)) {
    const then = baseline.figures[id];
    if (!then) continue;
    const spread = Math.max(then.max - then.min, now.max - now.min) + (NOISE_FLOOR[then.unit] ?? 0);
    const limit = then.better === 'lower' ? then.median * (1 + tolerance) + spread : then.median * (1 - tolerance) - spread;
    const guarded = id.split('/')[1].startsWith('redline');
    const worse = guarded && (then.better === 'lower' ? now.median > limit : now.median < limit);
    const better = then.better === 'lower' ? now.median < then.median : now.median > then.median;
    rows.push({ id, label: then.label, unit: then.unit, better: then.better, guarded, baseline: then.median, current: now.median, spread, limit, verdict: worse ? 'worse' : better ? 'better' : 'within' });
  }
  return {
    rows,
    worse: rows.filter((row) => row.verdict === 'worse').map((row) => row.id),
    unmatched: Object.keys(current).filter((id) => !baseline.figures[id]),
  };
}

function formatValue(value, unit) {
  if (unit === 'ms') return formatMs(value);
  if (unit === 'bytes') return formatBytes(value);
  if (unit === 'ratio') return `${value.toFixed(3)}×`;
  return formatCount(Math.round(value * 10) / 10);
}

/** The check's table (markdown), the worse figures first. */
export function renderCheck(baseline, check, tolerance = TOLERANCE) {
  const order = { worse: 0, within: 1, better: 2 };
  const rows = [...check.rows].sort((a, b) => order[a.verdict] - order[b.verdict] || a.id.localeCompare(b.id));
  const lines = [
    `Baseline: ${baseline.command} at ${baseline.commit?.head?.slice(0, 12) ?? '?'} (${baseline.writtenAt}); worse = more than ${Math.round(tolerance * 100)}% beyond the baseline plus the wider run-to-run spread (and the unit's smallest step)`,
    '',
    '| Figure | Baseline | This run | Limit | Verdict |',
    '|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const verdict = row.verdict === 'worse' ? '**WORSE**' : row.guarded ? row.verdict : `${row.verdict} (a peer's: not guarded)`;
    lines.push(`| ${row.label.replace(/\|/g, '\\|')} | ${formatValue(row.baseline, row.unit)} | ${formatValue(row.current, row.unit)} | ${row.better === 'lower' ? '≤' : '≥'} ${formatValue(row.limit, row.unit)} | ${verdict} |`);
  }
  lines.push('');
  lines.push(check.worse.length === 0 ? `No figure worse (${rows.length} compared).` : `${check.worse.length} of ${rows.length} figures worse: ${check.worse.join(', ')}`);
  if (check.unmatched.length) lines.push(`Not in the baseline (not compared): ${check.unmatched.join(', ')}`);
  return lines.join('\n') + '\n';
}
