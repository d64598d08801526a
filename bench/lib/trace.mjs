/**
 * Summarizes a Chromium performance trace (browser.startTracing /
 * stopTracing) of the page's renderer main thread: where the time went by
 * event kind (self time: script, style recalc, layout, paint, GC, parsing...)
 * and what the longest tasks were made of. A CPU profile names JavaScript
 * functions but lumps style, layout and paint into "(program)"; the trace
 * separates them, which is what a long task during scrolling needs.
 */

// '.stack': the stack of each forced layout, for `forcedBy` below.
export const TRACE_CATEGORIES = ['devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.stack', 'blink.user_timing'];

/** Event names that say where time went; anything else counts towards its nearest named parent. */
const LABELS = {
  RunTask: 'task (other)',
  ThreadControllerImpl_RunTask: 'task (other)',
  FunctionCall: 'script',
  EvaluateScript: 'script (evaluate)',
  'v8.compile': 'script (compile)',
  'v8.compileModule': 'script (compile)',
  'V8.CompileCode': 'script (compile)',
  'v8.run': 'script',
  'v8.callFunction': 'script',
  FireAnimationFrame: 'script (rAF)',
  TimerFire: 'script (timer)',
  EventDispatch: 'script (event)',
  XHRReadyStateChange: 'script (event)',
  RunMicrotasks: 'script (microtasks)',
  ParseHTML: 'parse HTML',
  ParseAuthorStyleSheet: 'parse CSS',
  UpdateLayoutTree: 'style recalc',
  ScheduleStyleRecalculation: 'style recalc',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  PaintImage: 'paint',
  Layerize: 'paint (layerize)',
  UpdateLayer: 'paint',
  Commit: 'commit',
  HitTest: 'hit test',
  MajorGC: 'GC',
  MinorGC: 'GC',
  'V8.GC_SCAVENGER': 'GC',
  'V8.GC_MARK_COMPACTOR': 'GC',
  BlinkGC: 'GC',
  'BlinkGC.AtomicPhase': 'GC',
  ResourceReceivedData: 'network data',
  'Document::updateStyleAndLayout': 'layout',
  IntersectionObserverController_computeIntersections: 'intersection observers',
  ScrollLayer: 'scroll',
};

/**
 * Who forced a layout: the first frame of the layout's own stack (Chromium
 * records it for a synchronous layout), else the script call it ran inside.
 * Minified positions; `resolveForcedFrames` (sourceFrames.mjs) names the
 * source when the build has its maps.
 */
function forcingFrame(event, stack) {
  const top = (event.args?.beginData?.stackTrace ?? event.args?.data?.stackTrace)?.[0];
  if (top) return { functionName: top.functionName, url: top.url, line: top.lineNumber, column: top.columnNumber };
  for (let i = stack.length - 1; i >= 0; i--) {
    const data = stack[i].event.args?.data;
    if (data?.url) return { functionName: data.functionName, url: data.url, line: data.lineNumber, column: data.columnNumber };
  }
  return { functionName: '(unknown)', url: '', line: 0, column: 0 };
}

function noteForced(forced, event, stack) {
  const frame = forcingFrame(event, stack);
  const key = `${frame.url}:${frame.line}:${frame.column}`;
  const entry = forced.get(key) ?? { frame, kind: event.name, ms: 0, count: 0 };
  entry.ms += event.dur / 1000;
  entry.count += 1;
  forced.set(key, entry);
}

function mainThreadOf(events) {
  // The renderer main thread of the page: the CrRendererMain thread with the most complete events.
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name);
  const counts = new Map();
  for (const e of events) {
    if (e.ph !== 'X') continue;
    const key = `${e.pid}:${e.tid}`;
    if (names.get(key) === 'CrRendererMain') counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/**
 * `buffer`: the trace JSON. Returns { busyMs, byKind: [{ kind, ms, share }],
 * longestTasks: [{ ms, kinds: [{ kind, ms }] }] } for the main thread.
 */
export function summarizeTrace(buffer, { longest = 3 } = {}) {
  const parsed = JSON.parse(buffer.toString('utf8'));
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const thread = mainThreadOf(events);
  if (!thread) return { busyMs: 0, byKind: [], longestTasks: [], error: 'no renderer main thread in the trace' };
  const list = events
    .filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === thread && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);

  // Self time per label: walk the nesting with a stack; an event's self time is its duration minus its children's.
  const byKind = new Map();
  const tasks = [];
  const stack = [];
  const forced = new Map();
  const close = (until) => {
    while (stack.length && stack[stack.length - 1].end <= until) {
      const done = stack.pop();
      const self = done.event.dur - done.children;
      const kind = done.label;
      byKind.set(kind, (byKind.get(kind) ?? 0) + self);
      if (done.task) done.task.kinds.set(kind, (done.task.kinds.get(kind) ?? 0) + self);
    }
  };
  for (const event of list) {
    close(event.ts);
    const parent = stack[stack.length - 1];
    if (parent) parent.children += event.dur;
    // V8 names its collector's phases V8.GC_*: incremental marking steps run inside the script that allocated, and count as GC, not script.
    let own = LABELS[event.name] ?? (event.name.startsWith('V8.GC_') ? 'GC' : undefined);
    // Layout or style recalc run inside script is forced (synchronous): a script read layout after writing the DOM.
    if ((own === 'layout' || own === 'style recalc') && parent?.label.startsWith('script')) {
      own = `${own} (forced by script)`;
      noteForced(forced, event, stack);
    }
    const label = own ?? parent?.label ?? 'task (other)';
    let task = parent?.task ?? null;
    if (!parent && (event.name === 'RunTask' || event.name === 'ThreadControllerImpl_RunTask')) {
      task = { ts: event.ts, dur: event.dur, kinds: new Map() };
      tasks.push(task);
    }
    stack.push({ event, end: event.ts + event.dur, children: 0, label, task });
  }
  close(Infinity);

  // A timeline from the first main-thread task: network requests and the tasks of 30 ms or more.
  const t0 = list[0]?.ts ?? 0;
  const at = (ts) => Math.round((ts - t0) / 1000);
  const timeline = [];
  const sends = new Map();
  for (const e of events) {
    const data = e.args?.data;
    if (e.name === 'ResourceSendRequest' && data) sends.set(data.requestId, { url: data.url, start: e.ts });
    if (e.name === 'ResourceFinish' && data && sends.has(data.requestId)) {
      const r = sends.get(data.requestId);
      const path = r.url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '');
      timeline.push({ t: at(r.start), text: `fetch ${path} → done at ${at(e.ts)} ms (${Math.round((data.encodedDataLength ?? 0) / 1024)} KB)` });
    }
    if ((e.name === 'firstContentfulPaint' || e.name === 'firstMeaningfulPaint') && `${e.pid}:${e.tid}` === thread) timeline.push({ t: at(e.ts), text: e.name });
  }
  for (const task of tasks) {
    if (task.dur < 30_000) continue;
    const kinds = [...task.kinds.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([kind, us]) => `${kind} ${Math.round(us / 1000)}`);
    timeline.push({ t: at(task.ts), text: `task ${Math.round(task.dur / 1000)} ms: ${kinds.join(', ')}` });
  }
  timeline.sort((a, b) => a.t - b.t);

  const busyUs = tasks.reduce((sum, t) => sum + t.dur, 0);
  const totalSelf = [...byKind.values()].reduce((a, b) => a + b, 0);
  return {
    busyMs: busyUs / 1000,
    tasks: tasks.length,
    longTasks: tasks.filter((t) => t.dur >= 50_000).length,
    timeline: timeline.slice(0, 40),
    byKind: [...byKind.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([kind, us]) => ({ kind, ms: us / 1000, share: totalSelf ? us / totalSelf : 0 })),
    forcedBy: [...forced.values()].sort((a, b) => b.ms - a.ms).slice(0, 8),
    longestTasks: tasks
      .sort((a, b) => b.dur - a.dur)
      .slice(0, longest)
      .map((t) => ({
        ms: t.dur / 1000,
        kinds: [...t.kinds.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([kind, us]) => ({ kind, ms: us / 1000 })),
      })),
  };
}
