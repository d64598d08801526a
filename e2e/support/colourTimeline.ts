/**
 * The page's colours frame by frame, from its first script to the app's
 * coloured diff: installed before any of the page's own script (Playwright's
 * addInitScript, puppeteer's evaluateOnNewDocument), it looks at every
 * animation frame and records when the server's first screen went, when the
 * app's diff first showed code lines, when a token of them was first
 * coloured by the theme, how many frames showed the app's code uncoloured
 * with the first screen gone, and the layout shift summed over the load
 * (`PerformanceObserver('layout-shift')`, where the browser has it).
 */

/** What the timeline holds once the app's diff is coloured (times in ms from navigation start). */
export interface ColourTimeline {
  firstScreenGone: number | null;
  appLines: number | null;
  appColoured: number | null;
  /** Frames in which the page showed the app's code lines with no coloured token and no first screen over them. */
  uncolouredFrames: number;
  /** Summed layout-shift values (no input); null where the browser does not report layout shifts. */
  layoutShift: number | null;
  shifts: { value: number; at: number; nodes: string[] }[];
}

/** The init script: a self-contained function (it is serialized into the page). */
export function recordColourTimeline(): void {
  const w = window as unknown as { __colours: ColourTimeline };
  const record: ColourTimeline = { firstScreenGone: null, appLines: null, appColoured: null, uncolouredFrames: 0, layoutShift: null, shifts: [] };
  w.__colours = record;
  try {
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
        if (entry.hadRecentInput) continue;
        record.layoutShift = (record.layoutShift ?? 0) + entry.value;
        const nodes = (entry.sources ?? []).map((s) => {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
          return el ? `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${el.className && typeof el.className === 'string' ? '.' + el.className.split(' ').join('.') : ''} ${rect(s.previousRect)} -> ${rect(s.currentRect)}` : '?';
        });
        record.shifts.push({ value: entry.value, at: Math.round(entry.startTime), nodes });
      }
    });
    observer.observe({ type: 'layout-shift', buffered: true });
    record.layoutShift = 0;
  } catch {
    // No layout-shift entries in this browser (Firefox): layoutShift stays null.
  }
  const codeLines = (): Element[] => {
    const lines: Element[] = [];
    for (const host of Array.from(document.querySelectorAll('diffs-container'))) {
      for (const line of Array.from(host.shadowRoot?.querySelectorAll('code [data-line]') ?? [])) {
        const rect = line.getBoundingClientRect();
        if (rect.height > 0 && rect.bottom > 0 && rect.top < innerHeight && (line.textContent ?? '').trim() !== '') lines.push(line);
      }
    }
    return lines;
  };
  const frame = () => {
    const now = Math.round(performance.now());
    const firstScreen = document.getElementById('redline-first-screen');
    if (!firstScreen && record.firstScreenGone === null && document.readyState !== 'loading') record.firstScreenGone = now;
    const lines = codeLines();
    if (lines.length > 0) {
      record.appLines ??= now;
      const coloured = lines.some((line) => line.querySelector('span[style*="--diffs-token"]') !== null);
      if (coloured) record.appColoured ??= now;
      else if (!firstScreen || getComputedStyle(firstScreen).display === 'none') record.uncolouredFrames++;
    }
    if (record.appColoured === null) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}
