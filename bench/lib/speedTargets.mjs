/**
 * The speed targets (fast where the reviewer feels it), each with its
 * figure and pass / fail / not measured, for RESULTS.md's target table.
 * Figures that need a repository or a peer the run did not have say
 * "not measured" rather than disappear, so one full run shows them all.
 */
import { formatBytes, formatMs, median } from './stats.mjs';

const FRAME_MS = 1000 / 60;

const verdict = (value, ok) => (value === null || value === undefined ? 'not measured' : ok ? 'pass' : '**FAIL**');

/** The median of `pick(run)` over the runs; null when no run has it. */
const medianOf = (runs, pick) => median((runs ?? []).map(pick));

/**
 * The live page: highlighted, and a click on a line opens the comment form.
 * Redline's first screen is that page once its script runs (pageProbe's
 * liveDiff); a run from before it was (no liveDiffMs) counts the app's own diff.
 */
const liveMs = (r) => r.liveDiffMs ?? r.appDiffMs;

function livePage(results, runs) {
  return [['S', 500], ['M', 700], ['L', 1000]].map(([repo, limit]) => {
    const v = medianOf(runs(repo, 'redline'), liveMs);
    const app = medianOf(runs(repo, 'redline'), (r) => r.appDiffMs);
    return { target: `Live page (highlighted; a click on a line opens the comment form) on ${repo} ≤ ${formatMs(limit)}`, measured: `${formatMs(v)}; the app's own diff ${formatMs(app)}`, verdict: verdict(v, v <= limit) };
  });
}

function againstPlannotator(results, runs) {
  const ours = medianOf(runs('R', 'redline'), liveMs);
  const theirs = medianOf(runs('R', 'plannotator'), (r) => r.appDiffMs ?? r.firstDiffMs);
  const measured = ours !== null && theirs !== null ? `${(ours / theirs).toFixed(2)}× (${formatMs(ours)} vs ${formatMs(theirs)})` : results.plannotatorAbsent ? 'Plannotator not in this run (REDLINE_BENCH_PLANNOTATOR unset)' : '–';
  return { target: 'Live page ≤ 0.5× Plannotator on the real change (R)', measured, verdict: ours !== null && theirs !== null ? verdict(ours, ours <= 0.5 * theirs) : 'not measured' };
}

/**
 * The machine's floor beside a figure (floorBench.mjs, the same run): what the same measure
 * gives on a page with no framework, all its rows in the DOM ("static") or a minimal
 * virtualizer that re-renders its whole window each frame ("virtual"). Empty when the run did not measure it.
 */
function floorNote(results, pick) {
  const f = results.floor;
  if (!f) return '';
  return `; floor on this machine: static page ${pick(f.static)}; a naive virtualizer (its whole window re-rendered each frame) ${pick(f.virtual)}`;
}

function scrolling(results, runs) {
  const floor = floorNote(results, (page) => `p95 ${formatMs(page.frameP95Ms)}, longest ${formatMs(page.longestTaskMs)}`);
  return ['S', 'M', 'L'].map((repo) => {
    const r = runs(repo, 'redline');
    const p95 = medianOf(r, (x) => x.scroll?.frameP95Ms);
    const longest = medianOf(r, (x) => x.scroll?.longestTaskMs);
    const ok = p95 !== null && longest !== null && p95 <= 33 && longest <= 100;
    return { target: `Scroll on ${repo}: frame interval p95 ≤ 33 ms, no task over 100 ms`, measured: p95 === null ? '–' : `p95 ${formatMs(p95)}, longest task ${formatMs(longest)}${floor}`, verdict: p95 === null ? 'not measured' : verdict(p95, ok) };
  });
}

function wheel(results, runs) {
  const share = medianOf(runs('L', 'redline'), (x) => x.wheel?.withinFrameShare);
  const p95 = medianOf(runs('L', 'redline'), (x) => x.wheel?.p95Ms);
  return { target: 'Wheel scroll on L: every event handled within one frame at p95', measured: share === null ? '–' : `p95 ${formatMs(p95)}, ${(share * 100).toFixed(0)}% within a frame${floorNote(results, (page) => `p95 ${formatMs(page.wheelP95Ms)}`)}`, verdict: share === null ? 'not measured' : verdict(p95, p95 <= FRAME_MS) };
}

/** Verdict on the median of the edit latency bench's runs (typingSpread.mjs), the spread beside it; 0 long tasks in every run. */
function typing(results) {
  const floor = results.floor ? `; floor on this machine: a plain textarea p95 ${formatMs(results.floor.textarea.p95Ms)}` : '';
  const isFile = (lines) => (f) => f.name.includes(`${lines} lines`) || (lines === '100,000' && f.name.startsWith('F:'));
  return ['7,500', '50,000', '100,000'].map((lines) => {
    const target = `Typing in the ${lines}-line file: keydown → next frame p95 ≤ ${FRAME_MS.toFixed(1)} ms, no long task (${results.editLatency?.spread ? `median of ${results.editLatency.runs.length} runs, min–max` : 'one run'})`;
    const spread = results.editLatency?.spread?.find(isFile(lines));
    if (spread?.p95) {
      const { median: p95, min, max } = spread.p95;
      const ok = p95 <= FRAME_MS && spread.longTasksPerRun.every((n) => n === 0);
      return { target, measured: `p95 ${formatMs(p95)} (${formatMs(min)}–${formatMs(max)}); long tasks per run ${spread.longTasksPerRun.join(', ')}${floor}`, verdict: verdict(p95, ok) };
    }
    const file = results.editLatency?.files?.find(isFile(lines));
    const p95 = file?.toFrame?.p95 ?? null;
    const ok = p95 !== null && p95 <= FRAME_MS && file.longTasksWhileTyping === 0;
    return { target, measured: p95 === null ? '–' : `p95 ${formatMs(p95)}, ${file.longTasksWhileTyping} long tasks${floor}`, verdict: p95 === null ? 'not measured' : verdict(p95, ok) };
  });
}

function scale(results, runs) {
  const r = runs('XL', 'redline');
  const live = medianOf(r, liveMs);
  // The target holds in each run: the worst run is the verdict, every run's figure shown.
  const eachLongest = (r ?? []).map((x) => x.scroll?.longestTaskMs).filter((ms) => typeof ms === 'number');
  const longest = eachLongest.length > 0 ? Math.max(...eachLongest) : null;
  const runsNote = eachLongest.length > 1 ? `, the worst of ${eachLongest.length} runs (${eachLongest.map(formatMs).join(', ')})` : '';
  const rss = medianOf(r, (x) => x.serverPeakRssBytes);
  const heap = medianOf(r, (x) => x.heap?.jsHeapUsed);
  const total = results.repos?.find((x) => x.name === 'XL')?.stats.files;
  const tree = r?.length ? r.every((x) => x.treeFiles === total) : null;
  return [
    { target: 'XL (10,000 files): live page ≤ 3 s', measured: formatMs(live), verdict: verdict(live, live <= 3000) },
    { target: 'XL: every file reachable from the tree', measured: tree === null ? '–' : tree ? 'yes' : 'no', verdict: tree === null ? 'not measured' : verdict(tree, tree) },
    { target: 'XL: scroll to the end, no task over 200 ms', measured: longest === null ? '–' : `${formatMs(longest)}${runsNote}${floorNote(results, (page) => `longest ${formatMs(page.longestTaskMs)}`)}`, verdict: verdict(longest, longest <= 200) },
    { target: 'XL: server memory ≤ 1 GB', measured: rss === null ? '–' : formatBytes(rss), verdict: verdict(rss, rss <= 1e9) },
    { target: 'XL: page heap ≤ 500 MB', measured: heap === null ? '–' : formatBytes(heap), verdict: verdict(heap, heap <= 500e6) },
  ];
}

function entry(results) {
  const bytes = results.pageEntry?.brotliBytes ?? null;
  const inline = results.pageEntry?.inline ?? null;
  return { target: 'Script before the first diff (entry + static imports) ≤ 130 KB brotli', measured: bytes === null ? '–' : `${formatBytes(bytes)} in ${results.pageEntry.chunks} chunks (the app's entry: the verdict)${inline ? `; the live first screen runs only the page's ${inline.scripts} inline scripts, ${formatBytes(inline.brotliBytes)} brotli (${formatBytes(inline.rawBytes)} raw)` : ''}`, verdict: verdict(bytes, bytes <= 130_000) };
}

/** The rows: the live page, scrolling, typing, scale, the entry. */
export function speedTargets(results) {
  const runs = (repo, tool) => results.measurements?.[repo]?.[tool]?.runs ?? null;
  return [...livePage(results, runs), againstPlannotator(results, runs), ...scrolling(results, runs), wheel(results, runs), ...typing(results), ...scale(results, runs), entry(results)];
}
