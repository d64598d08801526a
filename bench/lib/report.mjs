/**
 * bench/RESULTS.md: machine, commit, command; one table per repository with
 * Redline, difit and Redline/difit for each figure; the targets with
 * pass/fail; the other benches' sections; profiles and notes.
 */
import { speedTargets } from './speedTargets.mjs';
import { formatBytes, formatCount, formatMs, formatRatio, median } from './stats.mjs';

/** Each figure: how to read it from one run's record, how to print it, and whether a ratio makes sense. */
export const FIGURES = [
  { key: 'serverReady', label: 'CLI start → server ready', get: (r) => r.serverReadyMs, fmt: formatMs, ratio: true },
  { key: 'firstDiff', label: "Page load → first diff painted (Redline: the server's first screen)", get: (r) => r.firstDiffMs, fmt: formatMs, ratio: true },
  { key: 'liveDiff', label: 'Page load → the live page (highlighted; a click on a line opens the comment form)', get: (r) => r.liveDiffMs ?? r.appDiffMs, fmt: formatMs, ratio: true },
  { key: 'appDiff', label: "Page load → the app's own diff painted (Pierre's, highlighted; commenting works)", get: (r) => r.appDiffMs, fmt: formatMs, ratio: true },
  { key: 'collapsedShown', label: 'Page load → first file shown collapsed ("Load diff")', get: (r) => r.collapsedShownMs, fmt: formatMs, onlyIfAny: true },
  { key: 'loadDiff', label: '"Load diff" click → its diff painted', get: (r) => r.loadDiffMs, fmt: formatMs, onlyIfAny: true },
  { key: 'allFiles', label: 'Page load → every file listed in the tree', get: (r) => r.allFilesListedMs, fmt: formatMs, ratio: true },
  { key: 'loadLongtasks', label: 'Long tasks during load (count / longest)', get: (r) => r.loadLongtasks?.count, fmt: formatCount, extra: (rs) => `longest ${formatMs(median(rs.map((r) => r.loadLongtasks?.longestMs)))}` },
  { key: 'scrollMs', label: 'Scroll to the end: total time', get: (r) => (r.scroll?.completed ? r.scroll.ms : undefined), fmt: formatMs, ratio: true },
  { key: 'scrollLongtasks', label: 'Scroll: long tasks (≥50 ms)', get: (r) => r.scroll?.longtasks, fmt: formatCount },
  { key: 'scrollLongest', label: 'Scroll: longest task', get: (r) => r.scroll?.longestTaskMs, fmt: formatMs, ratio: true },
  { key: 'scrollFrames', label: 'Scroll: frame interval p95 / max', get: (r) => r.scroll?.frameP95Ms, fmt: formatMs, extra: (rs) => `max ${formatMs(median(rs.map((r) => r.scroll?.frameMaxMs)))}` },
  { key: 'wheel', label: 'Wheel scroll (CDP mouse-wheel events, 60 a second): event → next frame p95', get: (r) => r.wheel?.p95Ms, fmt: formatMs, onlyIfAny: true, extra: (rs) => `${Math.round(100 * (median(rs.map((r) => r.wheel?.withinFrameShare)) ?? 0))}% within one frame` },
  { key: 'serverRss', label: 'Server peak memory (VmHWM, the server and its children)', get: (r) => r.serverPeakRssBytes, fmt: formatBytes },
  { key: 'heap', label: 'JS heap after full scroll (after GC)', get: (r) => r.heap?.jsHeapUsed, fmt: formatBytes, ratio: true, extra: (rs) => `${formatCount(median(rs.map((r) => r.heap?.domNodes)))} DOM nodes` },
  { key: 'loadBytes', label: 'Bytes on the wire at load (edit flag off)', get: (r) => r.load?.bytes, fmt: formatBytes, ratio: true, extra: (rs) => `${median(rs.map((r) => r.load?.requests))} requests` },
  { key: 'scrollBytes', label: 'Bytes fetched while scrolling', get: (r) => r.scrollBytes, fmt: formatBytes },
  { key: 'reviewRequest', label: "Review data: the page's own request", get: (r) => r.reviewRequestMs, fmt: formatMs, ratio: true },
  { key: 'endpoint', label: 'Review endpoint, median of 5 repeat fetches', get: (r) => r.endpoint?.medianMs, fmt: formatMs, ratio: true, extra: (rs) => formatBytes(median(rs.map((r) => r.endpoint?.bytes))) },
  { key: 'search', label: 'Search: first key → first hit shown', get: (r) => r.search?.ms, fmt: formatMs },
];

function cellFor(figure, runs, entry, column) {
  if (entry?.skipped) return column.skipShown++ ? '' : `not run: ${entry.skipped}`;
  if (!runs || runs.length === 0) return 'not run';
  const values = runs.map(figure.get).filter((v) => typeof v === 'number' && Number.isFinite(v));
  if (values.length === 0) {
    const failed = runs.find((r) => r.failure);
    // The failure is spelled out once, in the first figure it took away; later rows just say so.
    if (failed) return column.failureShown++ ? '(not reached)' : failed.failure.kind === 'crash' ? 'crashed' : failed.failure.message;
    if (figure.key === 'firstDiff' && runs.some((r) => typeof r.collapsedShownMs === 'number')) return 'first file collapsed behind "Load diff" (rows below)';
    if (figure.key === 'search') {
      const s = runs.find((r) => r.search)?.search;
      if (s?.unavailable) return `n/a: ${s.unavailable}`;
      if (s?.error) return `failed: ${s.error}`;
    }
    if (figure.key === 'scrollMs') {
      const s = runs.find((r) => r.scroll)?.scroll;
      if (s && !s.completed) return `did not reach the end (${(s.progress * 100).toFixed(0)}%)`;
    }
    if (figure.key === 'allFiles') {
      const note = runs.flatMap((r) => r.notes).find((n) => n.startsWith('tree:'));
      if (note) return note.replace(/^tree: /, '');
    }
    return '–';
  }
  const mid = median(values);
  let text = figure.fmt(mid);
  if (values.length > 1 && figure.fmt === formatMs) text += ` (${figure.fmt(Math.min(...values))}–${figure.fmt(Math.max(...values))})`;
  if (figure.extra) text += `; ${figure.extra(runs)}`;
  const failures = runs.filter((r) => r.failure).length;
  if (failures) text += ` [${failures} of ${runs.length} runs failed]`;
  return text;
}

export function figureMedian(figure, runs) {
  if (!runs) return null;
  return median(runs.map(figure.get));
}

function escapeCell(text) {
  return String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function repoTable(repo, m) {
  const lines = [];
  const { stats } = repo;
  lines.push(`## ${repo.name}: ${formatCount(stats.files)} files, +${formatCount(stats.additions)} −${formatCount(stats.deletions)} (${formatCount(stats.changedLines)} changed lines), ${formatBytes(stats.patchBytes)} patch`);
  lines.push('');
  const runsOf = (tool) => m[tool]?.runs ?? [];
  const n = (tool) => (m[tool]?.skipped ? '' : ` (n=${runsOf(tool).length})`);
  // Plannotator's columns only when it was in the run (REDLINE_BENCH_PLANNOTATOR).
  const withP = Boolean(m.plannotator);
  lines.push(`| Figure | Redline${n('redline')} | difit${n('difit')} | Redline / difit |${withP ? ` Plannotator${n('plannotator')} | Redline / Plannotator |` : ''}`);
  lines.push(withP ? '|---|---|---|---|---|---|' : '|---|---|---|---|');
  const columns = { redline: { failureShown: 0, skipShown: 0 }, difit: { failureShown: 0, skipShown: 0 }, plannotator: { failureShown: 0, skipShown: 0 } };
  for (const figure of FIGURES) {
    if (figure.onlyIfAny && ![...runsOf('redline'), ...runsOf('difit'), ...runsOf('plannotator')].some((r) => typeof figure.get(r) === 'number')) continue;
    const a = cellFor(figure, runsOf('redline'), m.redline, columns.redline);
    const b = cellFor(figure, runsOf('difit'), m.difit, columns.difit);
    const ratio = (peer) => (figure.ratio ? formatRatio(figureMedian(figure, runsOf('redline')), figureMedian(figure, runsOf(peer))) : '');
    const p = withP ? ` ${escapeCell(cellFor(figure, runsOf('plannotator'), m.plannotator, columns.plannotator))} | ${ratio('plannotator')} |` : '';
    lines.push(`| ${figure.label} | ${escapeCell(a)} | ${escapeCell(b)} | ${ratio('difit')} |${p}`);
  }
  if (m.git) {
    const endpoint = figureMedian(FIGURES.find((f) => f.key === 'endpoint'), runsOf('redline'));
    const firstFetch = figureMedian(FIGURES.find((f) => f.key === 'reviewRequest'), runsOf('redline'));
    lines.push(`| \`git diff\` of the same patch (base..bench-change), median of 5 | ${formatMs(m.git.samePatchMs)} | | |`);
    lines.push(`| \`git diff HEAD\` (working tree, tracked files only), median of 5 | ${formatMs(m.git.worktreeMs)} | | |`);
    lines.push(`| Review endpoint / \`git diff\` (repeat fetches; page's first fetch) | ${formatRatio(endpoint, m.git.samePatchMs)}; ${formatRatio(firstFetch, m.git.samePatchMs)} | | |`);
  }
  if (m.redline?.edit) {
    const w = m.redline.edit.warmReload;
    const cold = figureMedian(FIGURES.find((f) => f.key === 'firstDiff'), runsOf('redline'));
    const warmText = !w ? (m.redline.edit.failure ? m.redline.edit.failure.message : '–') : w.firstDiffMs !== null ? `${formatMs(w.firstDiffMs)}${cold !== null ? ` (cold server: ${formatMs(cold)})` : ''}` : `first file shown collapsed at ${formatMs(w.collapsedShownMs)}`;
    lines.push(`| Page load → first diff, warm server (a reload in a fresh browser context, 1 run) | ${escapeCell(warmText)} | | |`);
    const e = m.redline.edit;
    const text = e.failure ? e.failure.message : e.edit?.unavailable ? `n/a: ${e.edit.unavailable}` : e.edit ? `${formatBytes(e.edit.bytes)} in ${e.edit.requests} requests; edit session ${e.edit.sessionEntered ? `entered in ${formatMs(e.edit.enteredMs)}` : 'not detected'}` : '–';
    lines.push(`| Bytes on the first Edit click (flag on, 1 run) | ${escapeCell(text)} | n/a (no edit mode) | |`);
  }
  const notes = [];
  for (const tool of ['redline', 'difit']) {
    // The same note from several runs is printed once, with the runs it came from.
    const byText = new Map();
    for (const [i, run] of runsOf(tool).entries()) {
      const texts = [...(run.notes ?? []), ...(run.failure ? [`${run.failure.kind}: ${run.failure.message}`] : [])];
      for (const text of texts) byText.set(text, [...(byText.get(text) ?? []), i + 1]);
    }
    for (const [text, which] of byText) notes.push(`${tool} run${which.length > 1 ? 's' : ''} ${which.join(', ')}: ${text}`);
    if (m[tool]?.stoppedEarly) notes.push(`${tool}: ${m[tool].stoppedEarly}`);
    const builds = new Set(runsOf(tool).map((r) => r.pageBuild).filter(Boolean));
    if (builds.size > 1) notes.push(`${tool}: **the page build changed between runs** (${builds.size} different apps/review/dist/index.html): someone rebuilt during the bench; bytes and timings mix builds`);
  }
  for (const tool of ['redline', 'difit']) {
    const busy = runsOf(tool).map((r) => r.cpuBusyBefore).filter((v) => typeof v === 'number');
    const loads = runsOf(tool).map((r) => r.loadAverage).filter((v) => typeof v === 'number');
    if (busy.length) {
      const noisy = busy.filter((b) => b > 0.25).length;
      notes.push(`${tool}: CPU busy in the second before each run ${busy.map((b) => `${Math.round(b * 100)}%`).join(', ')}${noisy ? ` (**${noisy} run${noisy > 1 ? 's' : ''} started on a busy machine**: other work shared the 2 cores)` : ''}; 1-minute load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`);
    }
  }
  const firstScroll = runsOf('redline').find((r) => r.scroll)?.scroll ?? runsOf('difit').find((r) => r.scroll)?.scroll;
  if (firstScroll) notes.push(`scroll: container \`${firstScroll.container}\`, ${formatCount(firstScroll.heightPx)} px tall, step ${formatCount(firstScroll.stepPx)} px per frame`);
  const load = runsOf('redline').find((r) => r.load)?.load;
  if (load) {
    notes.push(`Redline load bytes by type: ${Object.entries(load.byType).map(([t, b]) => `${t} ${formatBytes(b)}`).join(', ')}; biggest: ${load.biggest.map((x) => `${x.path} ${formatBytes(x.bytes)}${x.encoding ? ` (${x.encoding})` : ' (uncompressed)'}`).join(', ')}`);
  }
  const dload = runsOf('difit').find((r) => r.load)?.load;
  if (dload) notes.push(`difit load bytes by type: ${Object.entries(dload.byType).map(([t, b]) => `${t} ${formatBytes(b)}`).join(', ')}`);
  if (notes.length) {
    lines.push('');
    for (const note of [...new Set(notes)]) lines.push(`- ${note}`);
  }
  lines.push('');
  return lines.join('\n');
}

/** The targets (performance at scale, then the speed targets), each with the measured value and pass / fail / not measured. */
export function evaluateTargets(results) {
  const rows = [];
  const fig = (key) => FIGURES.find((f) => f.key === key);
  const runs = (repo, tool) => results.measurements[repo]?.[tool]?.runs ?? null;
  const has = (repo) => Boolean(results.measurements[repo]);
  const verdict = (value, ok) => (value === null || value === undefined ? 'not measured' : ok ? 'pass' : '**FAIL**');

  for (const [repo, limit] of [['S', 500], ['M', 800], ['L', 1500]]) {
    if (!has(repo)) continue;
    const v = figureMedian(fig('firstDiff'), runs(repo, 'redline'));
    const app = figureMedian(fig('appDiff'), runs(repo, 'redline'));
    rows.push({
      target: `First diff painted on ${repo} ≤ ${formatMs(limit)}`,
      measured: `${formatMs(v)} (server's first screen); the app's own diff ${formatMs(app)}`,
      verdict: verdict(v, v <= limit),
    });
  }
  for (const repo of ['S', 'M', 'L', 'F']) {
    if (!has(repo)) continue;
    const r = runs(repo, 'redline');
    const v = figureMedian(fig('allFiles'), r);
    const total = results.repos.find((x) => x.name === repo)?.stats.files;
    const rows_ = r?.map((x) => x.treeFiles).filter((x) => typeof x === 'number') ?? [];
    const allRows = rows_.length > 0 && rows_.every((x) => x === total);
    const measured = v === null ? (r?.length ? 'not all counted in the tree' : '–') : `tree lists ${formatCount(total)} at ${formatMs(v)}${rows_.length ? `; scrolling it shows ${formatCount(Math.min(...rows_))} distinct file rows` : ''}`;
    rows.push({ target: `Every file (${formatCount(total)}) in one view on ${repo}`, measured, verdict: r?.length ? verdict(true, v !== null && (rows_.length === 0 || allRows)) : 'not measured' });
  }
  for (const repo of ['S', 'M', 'L', 'F']) {
    if (!has(repo)) continue;
    // A file shown collapsed counts from page load to its diff painted after "Load diff" (the click itself excluded).
    const a = figureMedian({ get: (r) => r.firstDiffMs ?? (r.collapsedShownMs !== undefined && r.loadDiffMs !== undefined ? r.collapsedShownMs + r.loadDiffMs : undefined) }, runs(repo, 'redline'));
    const difitRuns = runs(repo, 'difit');
    const b = figureMedian(fig('firstDiff'), difitRuns);
    const difitFailed = difitRuns?.length && b === null;
    rows.push({
      target: `First diff ≥ 5× faster than difit on ${repo} (where difit finishes)`,
      measured: difitFailed ? `difit did not finish (${difitRuns.find((x) => x.failure)?.failure.message ?? 'no paint'})` : a !== null && b !== null ? `${(b / a).toFixed(1)}× faster (${formatMs(a)} vs ${formatMs(b)})` : '–',
      verdict: difitFailed ? (a !== null ? 'pass (difit did not finish)' : 'not measured') : a !== null && b !== null ? verdict(a, b / a >= 5) : 'not measured',
    });
  }
  if (has('L')) {
    const r = runs('L', 'redline');
    const longest = figureMedian(fig('scrollLongest'), r);
    const completed = r?.some((x) => x.scroll?.completed);
    rows.push({ target: 'No long task over 200 ms while scrolling L end to end', measured: longest === null ? '–' : `longest ${formatMs(longest)}${completed ? '' : ' (did not reach the end)'}`, verdict: longest === null ? 'not measured' : verdict(longest, longest <= 200 && completed) });
    const heap = figureMedian(fig('heap'), r);
    rows.push({ target: 'JS heap after scrolling L under 500 MB', measured: formatBytes(heap), verdict: verdict(heap, heap < 500e6) });
    const endpoint = figureMedian(fig('endpoint'), r);
    const first = figureMedian(fig('reviewRequest'), r);
    const git = results.measurements.L.git?.samePatchMs ?? null;
    const worst = endpoint === null ? first : first === null ? endpoint : Math.max(endpoint, first);
    rows.push({
      target: 'Review endpoint within 1.5× of `git diff` on L',
      measured: worst === null || git === null ? '–' : `${formatRatio(endpoint, git)} repeat, ${formatRatio(first, git)} first fetch (${formatMs(endpoint)} / ${formatMs(first)} vs ${formatMs(git)})`,
      verdict: worst === null || git === null ? 'not measured' : verdict(worst, worst <= 1.5 * git),
    });
    const search = figureMedian(fig('search'), r);
    rows.push({ target: 'Search across the whole of L: time to the first hit (reported, no target)', measured: formatMs(search), verdict: search === null ? 'not measured' : 'reported' });
  }
  if (has('S')) {
    const bytes = figureMedian(fig('loadBytes'), runs('S', 'redline'));
    rows.push({ target: 'Initial transfer on S (flag off) under 500 KB on the wire', measured: formatBytes(bytes), verdict: verdict(bytes, bytes < 500_000) });
    for (const repo of ['M', 'L']) {
      if (!has(repo)) continue;
      const more = figureMedian(fig('loadBytes'), runs(repo, 'redline'));
      rows.push({ target: `What ${repo} adds to the initial transfer (reported)`, measured: more === null || bytes === null ? '–' : `${formatBytes(more)} (+${formatBytes(more - bytes)})`, verdict: more === null ? 'not measured' : 'reported' });
    }
  }
  if (has('F')) {
    const r = runs('F', 'redline');
    const painted = figureMedian(fig('firstDiff'), r);
    const collapsed = figureMedian(fig('collapsedShown'), r);
    const loadDiff = figureMedian(fig('loadDiff'), r);
    const scrolled = r?.some((x) => x.scroll?.completed);
    const edit = results.measurements.F.redline?.edit?.edit;
    if (collapsed !== null) {
      rows.push({ target: 'F opens', measured: `shown collapsed at ${formatMs(collapsed)}; "Load diff" → diff painted in ${formatMs(loadDiff)}`, verdict: verdict(loadDiff, loadDiff !== null) });
    } else {
      rows.push({ target: 'F opens', measured: formatMs(painted), verdict: verdict(painted, painted !== null) });
    }
    rows.push({ target: 'F scrolls to the end', measured: r?.length ? (scrolled ? 'yes' : 'no') : '–', verdict: r?.length ? verdict(true, scrolled) : 'not measured' });
    rows.push({ target: 'F can enter an edit session', measured: edit ? (edit.unavailable ? edit.unavailable : edit.sessionEntered ? `yes, in ${formatMs(edit.enteredMs)}` : 'no') : '–', verdict: edit && !edit.unavailable ? verdict(true, edit.sessionEntered) : 'not measured' });
    // One frame at 60 Hz. The edit latency bench types 40 keys into F after 10 warm-up keys (section below).
    const frameMs = 1000 / 60;
    const typed = results.editLatency?.files?.find((f) => f.name.startsWith('F:'));
    const p95 = typed?.toFrame?.p95 ?? null;
    rows.push({
      target: `F typing under one frame (${frameMs.toFixed(1)} ms) at p95 (edit latency bench)`,
      measured: p95 === null ? 'see the edit latency section' : `p95 ${formatMs(p95)} keydown → next frame (p50 ${formatMs(typed.toFrame.p50)}, max ${formatMs(typed.toFrame.max)})`,
      verdict: p95 === null ? 'not measured' : verdict(p95, p95 <= frameMs),
    });
  }
  rows.push(...speedTargets(results));
  return rows;
}

export function renderResults(results) {
  const out = [];
  const { machine, commit } = results;
  out.push('# Benchmark results');
  out.push('');
  out.push(`Written by \`bench/run.mjs\` (\`npm run bench\`). Do not edit by hand: rerun the bench.`);
  out.push('');
  out.push(`- **Command:** \`${results.command}\``);
  out.push(`- **Date:** ${results.startedAt} (took ${formatMs(results.durationMs)})`);
  out.push(`- **Commit:** \`${commit.head ?? 'unknown'}\` (${commit.subject ?? ''})${commit.dirty ? `, **tree dirty** (${commit.dirtyFiles} files changed or untracked)` : ', clean tree'}`);
  out.push(`- **Machine:** ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB; ${machine.os}`);
  out.push(`- **Software:** Node ${machine.node}, npm ${machine.npm}, git ${machine.git}, Chromium ${results.chromium ?? 'unknown'} (Debian, headless), difit ${results.difitVersion ?? 'not installed'}${results.difitSource ? ` (${results.difitSource})` : ''}, Plannotator ${results.plannotatorAbsent ? 'absent (REDLINE_BENCH_PLANNOTATOR not set: bench/README.md says how to build it)' : (results.plannotatorVersion ?? '?')}`);
  out.push(`- **Runs:** median of ${results.options.runs} runs per figure${results.options.only?.includes('XL') && results.options.xlRuns ? ` (XL: ${results.options.xlRuns})` : ''} (difit: not repeated after a timeout, a crash or a run that took over 30 s to paint); figures in parentheses are min–max. Before each run the bench waits (up to 10 s) for the CPU to be under 25% busy; each section says how busy it was.`);
  out.push('');
  out.push('## Targets');
  out.push('');
  out.push('| Target | Measured (Redline) | Verdict |');
  out.push('|---|---|---|');
  for (const row of evaluateTargets(results)) out.push(`| ${escapeCell(row.target)} | ${escapeCell(row.measured)} | ${row.verdict} |`);
  out.push('');
  if (results.redlineUnavailable) {
    out.push(`> Redline was not measured: ${results.redlineUnavailable}.`);
    out.push('');
  }
  out.push('## Repositories');
  out.push('');
  out.push('Generated by `bench/generateRepos.mjs` (seeded, fixed identity and dates: the same commit ids on every machine). The change is uncommitted in the working tree (Redline\'s default target: edits and deletions unstaged, renames staged, new files untracked) and also committed as `bench-change` (difit reviews that commit).');
  out.push('');
  out.push('| Repo | Files (M / A / D / R) | Changed lines | Patch | Base | Change |');
  out.push('|---|---|---|---|---|---|');
  for (const repo of results.repos) {
    const s = repo.stats;
    const b = s.byStatus;
    out.push(`| ${repo.name} | ${formatCount(s.files)} (${b.M ?? 0} / ${b.A ?? 0} / ${b.D ?? 0} / ${Object.entries(b).filter(([k]) => k.startsWith('R')).reduce((n, [, v]) => n + v, 0)}) | +${formatCount(s.additions)} −${formatCount(s.deletions)} | ${formatBytes(s.patchBytes)} | \`${repo.baseCommit.slice(0, 12)}\` | \`${repo.changeCommit.slice(0, 12)}\` |`);
  }
  out.push('');
  for (const repo of results.repos) {
    if (results.measurements[repo.name]) out.push(repoTable(repo, results.measurements[repo.name]));
  }
  out.push('## Other benches');
  out.push('');
  out.push('Every `bench/*Bench.mjs` module is run by the runner as `node bench/<name>Bench.mjs`; what it prints (markdown) is copied here. The derivation bench is `deriveBench.mjs`; the edit latency bench of Edit Code to Suggest (keystroke to next frame on 13-, 7,500- and 50,000-line files, the editor chunk size) goes beside it (see bench/README.md).');
  out.push('');
  for (const extra of results.extraBenches) {
    out.push(`### ${extra.file}`);
    out.push('');
    if (extra.ok) out.push(looksLikeMarkdown(extra.output) ? extra.output.trim() : '```\n' + extra.output.trim() + '\n```');
    else out.push(`Failed after ${formatMs(extra.ms)}: ${extra.error}`);
    out.push('');
  }
  if (!results.extraBenches.some((e) => /edit/i.test(e.file))) {
    out.push('### Edit latency');
    out.push('');
    out.push('Not measured yet: no `bench/*edit*Bench.mjs` exists. The seed\'s figure for comparison: 1.4–1.7 ms per keystroke, 0 long tasks, 7,499-line file (Pierre 1.3.1).');
    out.push('');
  }
  if (results.profiles?.length) {
    out.push('## Profiles');
    out.push('');
    out.push('An extra, unmeasured run per repository (`--profile`). The load is recorded with a performance trace (renderer main thread: self time by kind, the longest tasks\' make-up, and a timeline of requests and tasks ≥ 30 ms); the scroll with a trace and a CPU profile (CDP Profiler, 0.5 ms sampling: JavaScript self time by function, bottom-up; names as minified, position in the served file, and the code there); the server with `node --cpu-prof` over its whole life.');
    out.push('');
    for (const p of results.profiles) {
      out.push(`### ${p.tool} on ${p.repo}: ${p.phase}`);
      out.push('');
      if (p.trace && !p.trace.error) {
        out.push(`Main thread busy ${formatMs(p.trace.busyMs)} in ${formatCount(p.trace.tasks)} tasks, ${p.trace.longTasks} of them ≥ 50 ms. Self time by kind: ${p.trace.byKind.map((k) => `${k.kind} ${formatMs(k.ms)} (${(k.share * 100).toFixed(0)}%)`).join(', ')}.`);
        out.push('');
        if (p.trace.forcedBy) out.push(p.trace.forcedBy.length ? `Forced layout and style (by the script that read geometry after a DOM write): ${p.trace.forcedBy.map((f) => `${f.source ?? f.frame.url} ${formatMs(f.ms)} in ${f.count}`).join('; ')}.` : 'No forced layout or style recalc.');
        out.push(`Longest tasks: ${p.trace.longestTasks.map((t) => `${formatMs(t.ms)} (${t.kinds.map((k) => `${k.kind} ${formatMs(k.ms)}`).join(', ')})`).join('; ')}.`);
        out.push('');
        if (p.phase.startsWith('load') && p.trace.timeline?.length) {
          out.push('<details><summary>Timeline (ms from the first main-thread task)</summary>');
          out.push('');
          for (const row of p.trace.timeline) out.push(`- ${row.t} ms: ${row.text}`);
          out.push('');
          out.push('</details>');
          out.push('');
        }
      }
      if (p.summary) {
        out.push(`CPU profile: ${formatMs(p.summary.totalMs)} busy, ${formatMs(p.summary.idleMs)} idle.`);
        out.push('');
        out.push('| Self time | Share of busy | Function | Code there |');
        out.push('|---|---|---|---|');
        for (const row of p.summary.top) out.push(`| ${formatMs(row.ms)} | ${(row.share * 100).toFixed(1)}% | \`${escapeCell(row.fn)}\` | ${row.snippet ? `\`${escapeCell(row.snippet.replace(/`/g, "'"))}\`` : ''} |`);
        out.push('');
      }
    }
  }
  out.push('## Method');
  out.push('');
  for (const line of METHOD) out.push(`- ${line}`);
  out.push('');
  if (results.notes.length) {
    out.push('## Notes');
    out.push('');
    for (const note of results.notes) out.push(`- ${note}`);
    out.push('');
  }
  return out.join('\n');
}

function looksLikeMarkdown(text) {
  return /^(#|\||- )/m.test(text);
}

const METHOD = [
  'Each run starts the CLI afresh (`redline --no-open --port N` in the repository, the published bundle of `npm run build:package` as `npm install redline-review` runs it, through `bench/lib/redlinePublished.mjs`; `difit <bench-change sha> --no-open --port N` under `script`, a pseudo-terminal, because difit reads a diff from stdin whenever stdin is not a TTY) and a fresh headless Chromium (cold cache): /usr/bin/chromium, 1400×900, `--enable-precise-memory-info --js-flags=--expose-gc`.',
  '**Server ready**: from spawn until the review URL is printed and its port accepts a TCP connection (no request is made: the Redline URL token is single-use).',
  '**First diff painted** / **every file listed**: milliseconds since navigation start (Redline\'s navigation is the review link itself: the server answers it with the page and its first screen; the page then spends the link for its session secret). A probe installed before any page script checks the DOM every animation frame and stamps the time after the frame that shows it (rAF, then a MessageChannel task). Redline, first diff: a row of the server-rendered first screen (`#redline-first-screen [data-fs-row]` with a layout box: the reviewer\'s layout is the one shown) or, if earlier, the app\'s own diff; the live page: a first-screen row once the first screen is highlighted and live (`:root[data-first-screen-live] #redline-first-screen[data-highlighted]`: the page\'s head script, which makes a click on a line number open a comment form, sets `data-first-screen-live`, which the app then takes over; e2e/liveFirstScreen.spec.ts checks both), or, if earlier, the app\'s own diff; the app\'s own diff: a `diffs-container` whose shadow root has a `[data-line]` row (the first screen is gone by then: the app removes it in the task that renders its diff); files listed = tree rows. difit: the first `main table tr td`, for both figures; files listed = one "Mark as reviewed" checkbox per file row in `#file-tree-panel`.',
  '**Bytes at load**: CDP `Network.loadingFinished` `encodedDataLength` (bytes on the wire, headers included) of every request from navigation until the network has been quiet for 500 ms after every file is listed (event streams excluded).',
  '**Scroll**: the element that scrolls the most is scrolled by one viewport per animation frame (larger steps when needed so that a run takes at most the step cap), until the bottom stays the bottom for 10 frames. Long tasks are `PerformanceObserver(\'longtask\', buffered)` entries that start during the scroll; frame intervals are between rAF callbacks.',
  '**Heap**: CDP `HeapProfiler.collectGarbage` (twice), then `Performance.getMetrics` `JSHeapUsedSize` of the page\'s main thread (workers excluded).',
  '**Review endpoint**: Redline `GET /api/review` replayed from Node with the page\'s own headers (the session secret among them), 5 times in a row, median (time to the last byte); also the page\'s own first request (CDP timing). difit: `GET /api/diff?ignoreWhitespace=true`, which difit serves from a cache after the page\'s first request. Baseline: `git diff --no-ext-diff --no-textconv --no-color --src-prefix=a/ --dst-prefix=b/ --no-relative -M <base> bench-change` (the same patch in one git process), spawned 5 times, output read fully, median.',
  '**Search** (Redline only; difit has no code search): the search box is focused, a token planted in an added line of the last file (`redlineBenchNeedle7f3a`) is typed, and the time runs from the first keydown to the frame that shows the matching diff line on screen.',
  '**Caps**: every phase has a hard cap (page load: Redline 120 s, difit 180 s; scroll: Redline 120 s, difit 60 s). A page that does not answer is recorded as timed out, a dead renderer as crashed; difit is not rerun on a repository after either, nor after a run that took over 30 s to paint or did not finish scrolling.',
  '**Collapsed files**: a file the UI shows collapsed behind "Load diff" (Redline\'s size cap; F) is opened by clicking it; the table then gives page load → collapsed file shown, and click → its diff painted.',
  '**Warm server**: once per repository, after the Edit-click run, the page is loaded again in a fresh browser context (cold browser cache) against the same, now warm, server: the difference from the cold figure is the server\'s first-request work.',
  '**Profiles** (`--profile`): see the Profiles section; the trace of the load is taken without the CPU profiler, which would hide script events from it.',
];
