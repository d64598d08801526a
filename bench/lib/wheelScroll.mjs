/**
 * The wheel-scroll figure: mouse-wheel events sent through CDP
 * (`Input.dispatchMouseEvent`, type `mouseWheel`) at a steady rate over the
 * diff, as a reviewer's wheel sends them, not awaited one by one (a busy page
 * would slow the sender down and hide the lag). The page stamps each `wheel`
 * event when its handler runs and at the next animation frame after it; the
 * lag is that frame's time minus the event's own timeStamp (when the input
 * was created). "Within one frame": a lag of at most one 60 Hz frame.
 * Also the server's peak memory, read here because the figure is Linux's.
 */
import { readFileSync } from 'node:fs';
import { percentile } from './stats.mjs';
import { childPids } from './serverProcess.mjs';

export const FRAME_MS = 1000 / 60;

/** p50/p95/max of the lags and the share within one frame; null for no samples. */
export function wheelFigures(lags, frameMs = FRAME_MS) {
  if (lags.length === 0) return null;
  return {
    events: lags.length,
    p50Ms: percentile(lags, 50),
    p95Ms: percentile(lags, 95),
    maxMs: Math.max(...lags),
    withinFrameShare: lags.filter((lag) => lag <= frameMs).length / lags.length,
  };
}

/** In the page: stamp every wheel event's lag to the next frame in `window.__wheelLags`. */
function installWheelStamp() {
  window.__wheelLags = [];
  window.addEventListener(
    'wheel',
    (event) => {
      const created = event.timeStamp;
      requestAnimationFrame((frameTime) => window.__wheelLags.push(Math.max(frameTime, performance.now()) - created));
    },
    { passive: true, capture: true },
  );
}

/**
 * Sends `events` wheel events of `deltaY` px, one every `intervalMs`, at
 * (x, y), then waits (up to `settleMs`) for the page to have handled them.
 */
export async function wheelScroll(page, session, { events = 120, intervalMs = FRAME_MS, deltaY = 100, x = 900, y = 450, settleMs = 30_000 } = {}) {
  await page.evaluate(installWheelStamp);
  const sent = [];
  const started = Date.now();
  for (let i = 0; i < events; i++) {
    const due = started + i * intervalMs;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    sent.push(session.send('Input.dispatchMouseEvent', { type: 'mouseWheel', x, y, deltaX: 0, deltaY }).catch(() => undefined));
  }
  const done = Promise.all(sent);
  await Promise.race([done, new Promise((r) => setTimeout(r, settleMs))]);
  await page.waitForTimeout(200);
  const lags = await page.evaluate(() => window.__wheelLags);
  const figures = wheelFigures(lags);
  return figures ? { ...figures, sent: events, sendMs: Date.now() - started } : { error: `none of ${events} wheel events reached the page` };
}

/** Peak resident memory (VmHWM) of `pid` and its children now alive, in bytes; null off Linux. */
export function peakRssBytes(pid) {
  let total = 0;
  for (const p of [pid, ...childPids(pid)]) {
    try {
      const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1];
      if (kb) total += Number(kb) * 1024;
    } catch {
      // gone meanwhile
    }
  }
  return total || null;
}
