/**
 * Chrome DevTools Protocol helpers for one page: bytes on the wire per phase
 * (Network.loadingFinished encodedDataLength: compressed bytes plus headers,
 * as the network carried them), network idle, the JS heap after a forced GC,
 * and CPU profiles summarized bottom-up.
 */

export async function attachCdp(page) {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Performance.enable');
  /** requestId -> { url, type, phase, start, end, bytes, status, encoding, mime, streaming } */
  const requests = new Map();
  let phase = 'load';
  let lastActivity = Date.now();

  session.on('Network.requestWillBeSent', (e) => {
    lastActivity = Date.now();
    const previous = requests.get(e.requestId);
    requests.set(e.requestId, {
      url: e.request.url,
      type: e.type ?? previous?.type,
      phase,
      start: previous?.start ?? e.timestamp,
      redirects: (previous?.redirects ?? 0) + (e.redirectResponse ? 1 : 0),
      redirectBytes: (previous?.redirectBytes ?? 0) + (e.redirectResponse?.encodedDataLength ?? 0),
      end: null,
      bytes: null,
      headers: e.request.headers ?? {},
    });
  });
  session.on('Network.responseReceived', (e) => {
    lastActivity = Date.now();
    const r = requests.get(e.requestId);
    if (!r) return;
    r.status = e.response.status;
    r.mime = e.response.mimeType;
    r.type = e.type ?? r.type;
    const headers = Object.fromEntries(Object.entries(e.response.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    r.encoding = headers['content-encoding'] ?? null;
    r.streaming = e.response.mimeType === 'text/event-stream';
  });
  session.on('Network.dataReceived', () => {
    lastActivity = Date.now();
  });
  session.on('Network.loadingFinished', (e) => {
    lastActivity = Date.now();
    const r = requests.get(e.requestId);
    if (!r) return;
    r.end = e.timestamp;
    r.bytes = e.encodedDataLength + (r.redirectBytes ?? 0);
  });
  session.on('Network.loadingFailed', (e) => {
    lastActivity = Date.now();
    const r = requests.get(e.requestId);
    if (!r) return;
    r.end = e.timestamp;
    r.failed = e.errorText;
    r.bytes = r.bytes ?? 0;
  });

  const inflight = () => [...requests.values()].filter((r) => r.end === null && !r.streaming && !r.url.startsWith('data:'));

  return {
    session,
    setPhase(next) {
      phase = next;
    },
    /** Resolves when nothing (but event streams) has been in flight for `quietMs`, or after `capMs`. */
    async networkIdle(quietMs = 500, capMs = 15_000) {
      const started = Date.now();
      while (Date.now() - started < capMs) {
        if (inflight().length === 0 && Date.now() - lastActivity >= quietMs) return true;
        await new Promise((r) => setTimeout(r, 50));
      }
      return false;
    },
    /** Bytes and requests of one phase, with a breakdown by resource type and the biggest files. */
    phaseSummary(name) {
      const list = [...requests.values()].filter((r) => r.phase === name && !r.url.startsWith('data:'));
      const byType = {};
      let total = 0;
      for (const r of list) {
        const bytes = r.bytes ?? 0;
        total += bytes;
        const type = r.type ?? 'Other';
        byType[type] = (byType[type] ?? 0) + bytes;
      }
      const biggest = list
        .filter((r) => r.bytes)
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 5)
        .map((r) => ({ path: new URL(r.url).pathname, bytes: r.bytes, encoding: r.encoding }));
      return { bytes: total, requests: list.length, byType, biggest, uncompressed: list.filter((r) => r.bytes > 20_000 && !r.encoding).map((r) => new URL(r.url).pathname) };
    },
    /** Wall time of the first request whose path matches, from request to last byte (ms). */
    requestMs(pathPattern) {
      for (const r of requests.values()) {
        if (pathPattern.test(new URL(r.url).pathname + new URL(r.url).search) && r.end !== null && !r.failed) return (r.end - r.start) * 1000;
      }
      return null;
    },
    /** Headers the page sent with the first request whose path matches (to replay it from Node). */
    requestHeaders(pathPattern, accept = () => true) {
      for (const r of requests.values()) {
        if (pathPattern.test(new URL(r.url).pathname) && accept(r.headers)) return r.headers;
      }
      return {};
    },
    /** Main-thread JS heap after a forced full GC, plus DOM node count. */
    async heapAfterGc() {
      await session.send('HeapProfiler.collectGarbage');
      await session.send('HeapProfiler.collectGarbage');
      const { metrics } = await session.send('Performance.getMetrics');
      const get = (name) => metrics.find((m) => m.name === name)?.value ?? null;
      return { jsHeapUsed: get('JSHeapUsedSize'), jsHeapTotal: get('JSHeapTotalSize'), domNodes: get('Nodes') };
    },
    async startProfile() {
      await session.send('Profiler.enable');
      await session.send('Profiler.setSamplingInterval', { interval: 500 });
      await session.send('Profiler.start');
    },
    /** Stops the profiler; returns the summary with a snippet of the code at each top entry. */
    async stopProfile() {
      const { profile } = await session.send('Profiler.stop');
      const summary = summarizeProfile(profile);
      // The debugger (enabled only now: it would change what is traced) gives the scripts' sources,
      // so each entry can show the code it points at.
      const offsets = new Map();
      const onParsed = (e) => offsets.set(e.scriptId, { line: e.startLine, column: e.startColumn });
      session.on('Debugger.scriptParsed', onParsed);
      await session.send('Debugger.enable');
      const sources = new Map();
      for (const row of summary.top) {
        if (!row.scriptId || row.scriptId === '0') continue;
        if (!sources.has(row.scriptId)) {
          sources.set(row.scriptId, await session.send('Debugger.getScriptSource', { scriptId: row.scriptId }).then((r) => r.scriptSource, () => null));
        }
        // An inline <script>'s positions count from the top of the HTML; its source starts at its own offset.
        const offset = offsets.get(row.scriptId) ?? { line: 0, column: 0 };
        const line = row.line - offset.line;
        row.snippet = snippetAt(sources.get(row.scriptId), line, line === 0 ? row.column - offset.column : row.column);
      }
      session.off('Debugger.scriptParsed', onParsed);
      await session.send('Debugger.disable');
      return summary;
    },
  };
}

/**
 * Bottom-up summary of a CPU profile: self time per function (name + file:line, minified names as they are),
 * the top `limit` entries, and the total sampled time. Enough to name the cause
 * of a long task without opening DevTools.
 */
export function summarizeProfile(profile, limit = 12) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map();
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    const dt = deltas[i + 1] ?? 0;
    selfUs.set(id, (selfUs.get(id) ?? 0) + dt);
  }
  const byFunction = new Map();
  let total = 0;
  let idle = 0;
  for (const [id, us] of selfUs) {
    const frame = nodes.get(id).callFrame;
    if (frame.functionName === '(idle)') {
      idle += us;
      continue;
    }
    const file = frame.url ? frame.url.replace(/^https?:\/\/[^/]+/, '').replace(/^file:\/\/.*?\/(node_modules|apps|packages)\//, '$1/').replace(/\?.*$/, '') : '';
    const key = `${frame.functionName || '(anonymous)'} ${file ? `${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : ''}`.trim();
    const entry = byFunction.get(key) ?? { us: 0, scriptId: frame.scriptId, url: frame.url, line: frame.lineNumber, column: frame.columnNumber };
    entry.us += us;
    byFunction.set(key, entry);
    total += us;
  }
  const top = [...byFunction.entries()]
    .sort((a, b) => b[1].us - a[1].us)
    .slice(0, limit)
    .map(([fn, e]) => ({ fn, ms: e.us / 1000, share: total ? e.us / total : 0, scriptId: e.scriptId, url: e.url, line: e.line, column: e.column }));
  // Shares are of busy time (idle excluded). "(program)" is native work outside JS: style, layout, paint (see the trace).
  return { totalMs: total / 1000, idleMs: idle / 1000, top };
}

/** 90 characters of `source` from (0-based) line and column: enough to recognize minified code. */
export function snippetAt(source, line, column) {
  if (!source || line < 0) return null;
  let offset = 0;
  for (let i = 0; i < line; i++) {
    offset = source.indexOf('\n', offset) + 1;
    if (offset === 0) return null;
  }
  return source.slice(offset + column, offset + column + 90).replace(/\s+/g, ' ');
}
