/**
 * Highlighting waits while the reader flings through the diff.
 *
 * A file drawn for the first time is drawn plain and its colours are asked
 * of the highlighter workers (Pierre's `highlightDiffAST`); when they come
 * back, its rows are drawn again. Flung through (the scrollbar dragged, the
 * bench's walk of a view a frame), that happened for every file passed: the
 * workers tokenized files already gone from the screen, on the same two
 * cores as the page's frames, and each answer drew rows again. Walking M
 * (300 files) that way, the frame interval's p95 was 66.6 ms with it and
 * 33.4 ms with this hold (bench/RESULTS.md, "Highlighting held while
 * flinging").
 *
 * A fling is a scroll that moves the view by a whole view or more since the
 * scroll before it, at most 100 ms before: Pierre then draws the window
 * afresh anyway. A wheel's notch (100 px) is no fling: there a file's
 * colours, which cover the whole file, let Pierre add only the rows scrolled
 * in, where a plain file's window is drawn again whole. Nor is the wheel's
 * scrolling at all (a wheel event within 100 ms): on a busy page the browser
 * merges its events into scrolls of a view or more, but a wheel is how a
 * reader reads, and wants the colours as it goes. Nor is a jump (one scroll
 * after a quiet moment: a tree click, `j`/`k`).
 *
 * During a fling a file's request for colours is held instead of sent (the
 * newest per file drawn, dropped when Pierre lets the file go), and
 * highlighting ahead (highlightAhead.ts) pauses: its request is refused when
 * the fling ends, and it asks again from where the reader has got to. Files
 * already highlighted are drawn coloured at once, as before. When a scroll
 * shows the view slowing, or 120 ms after the fling's last scroll, the held
 * requests of the files still drawn are sent: the rows on screen are
 * coloured once the reader stops (e2e/flingColours.spec.ts).
 */
import type { FileDiffMetadata } from '@pierre/diffs';

/** The view flings when a scroll moves it this share of its height or more since the one before, at most FLING_WINDOW_MS before. */
export const FLING_STEP_SHARE_OF_HEIGHT = 1;
export const FLING_WINDOW_MS = 100;
/** After the last scroll of a fling, the held requests go out this much later. */
export const SETTLE_MS = 120;

export interface FlingGate {
  /** A scroll of the diff: where it is now, the view's height, when. Returns whether it is flinging. */
  noteScroll(top: number, height: number, now: number): boolean;
  /** A wheel event: the scrolls of the next FLING_WINDOW_MS are the wheel's, never a fling. */
  noteWheel(now: number): void;
  /** Whether the last scroll left the view flinging (false once settled). */
  flinging(): boolean;
  /** Settled: no scroll since the fling's last one (the caller's timer). */
  settle(): void;
}

/** The speed test alone, without timers or the DOM. */
export function createFlingGate(): FlingGate {
  let last: { top: number; at: number } | null = null;
  let wheelAt = Number.NEGATIVE_INFINITY;
  let flinging = false;
  return {
    noteScroll(top, height, now) {
      // A scroll long after the one before says nothing of the speed: after a quiet moment it
      // is a jump (a tree click, j/k: not a fling), inside a fling a late frame (still one).
      if (now - wheelAt <= FLING_WINDOW_MS) flinging = false;
      else if (last !== null && now - last.at <= FLING_WINDOW_MS) flinging = height > 0 && Math.abs(top - last.top) >= height * FLING_STEP_SHARE_OF_HEIGHT;
      last = { top, at: now };
      return flinging;
    },
    noteWheel(now) {
      wheelAt = now;
    },
    flinging: () => flinging,
    settle() {
      flinging = false;
      last = null;
    },
  };
}

/** The part of Pierre's worker pool held back. `instance` is a file's renderer. */
export interface HighlightRequests<Instance> {
  highlightDiffAST(instance: Instance, diff: FileDiffMetadata): void;
  cleanUpTasks(instance: Instance): void;
  primeDiffHighlightCache(diff: FileDiffMetadata): Promise<void>;
}

/** What a colour request made ahead of the reader during a fling is refused with: the files ahead of a fling are not the ones read next. */
export class HeldDuringFling extends Error {
  constructor() {
    super('not highlighted ahead: the view was flinging');
  }
}

export interface FlingHighlight {
  /** Called with every scroll of the diff (CodeView's onScroll). */
  noteScroll(top: number, height: number): void;
  /** Called with every wheel event over the page. */
  noteWheel(): void;
  /** Puts the pool's own methods back; held requests are dropped. */
  stop(): void;
}

interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

const realClock: Clock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

/**
 * Wraps `pool`'s colour requests (on the instance: Pierre's renderers call
 * them through it) so that they wait while the view flings.
 */
export function holdHighlightWhileFlinging<Instance>(pool: HighlightRequests<Instance>, clock: Clock = realClock): FlingHighlight {
  const gate = createFlingGate();
  const held = new Map<Instance, FileDiffMetadata>();
  const own = Object.prototype.hasOwnProperty;
  const hadOwn = { highlight: own.call(pool, 'highlightDiffAST'), cleanUp: own.call(pool, 'cleanUpTasks'), prime: own.call(pool, 'primeDiffHighlightCache') };
  const highlight = pool.highlightDiffAST;
  const cleanUp = pool.cleanUpTasks;
  const prime = pool.primeDiffHighlightCache;
  let refuseHeldPrimes: (() => void)[] = [];
  let timer: unknown = null;

  const release = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    gate.settle();
    const requests = [...held];
    held.clear();
    for (const [instance, diff] of requests) highlight.call(pool, instance, diff);
    // Refused, not sent: highlightAhead.ts asks again from where the reader is now.
    const refusals = refuseHeldPrimes;
    refuseHeldPrimes = [];
    for (const refuse of refusals) refuse();
  };

  pool.highlightDiffAST = function (instance, diff) {
    if (gate.flinging()) held.set(instance, diff);
    else highlight.call(pool, instance, diff);
  };
  pool.cleanUpTasks = function (instance) {
    held.delete(instance);
    cleanUp.call(pool, instance);
  };
  pool.primeDiffHighlightCache = function (diff) {
    if (!gate.flinging()) return prime.call(pool, diff);
    return new Promise<void>((_, reject) => refuseHeldPrimes.push(() => reject(new HeldDuringFling())));
  };

  return {
    noteScroll(top, height) {
      if (!gate.noteScroll(top, height, clock.now())) {
        if (held.size > 0 || timer !== null) release();
        return;
      }
      if (timer !== null) clock.clearTimeout(timer);
      timer = clock.setTimeout(release, SETTLE_MS);
    },
    noteWheel() {
      gate.noteWheel(clock.now());
    },
    stop() {
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      held.clear();
      gate.settle();
      const refusals = refuseHeldPrimes;
      refuseHeldPrimes = [];
      for (const refuse of refusals) refuse();
      restore(pool, 'highlightDiffAST', highlight, hadOwn.highlight);
      restore(pool, 'cleanUpTasks', cleanUp, hadOwn.cleanUp);
      restore(pool, 'primeDiffHighlightCache', prime, hadOwn.prime);
    },
  };
}

function restore<T extends object, K extends keyof T>(target: T, key: K, value: T[K], wasOwn: boolean): void {
  if (wasOwn) target[key] = value;
  else delete target[key];
}
