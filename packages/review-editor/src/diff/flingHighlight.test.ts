/** Highlighting waits while the reader flings: what counts as a fling, what is held, what goes out when it ends. */
import { describe, expect, it } from 'vitest';
import type { FileDiffMetadata } from '@pierre/diffs';
import { createFlingGate, FLING_WINDOW_MS, HeldDuringFling, holdHighlightWhileFlinging, SETTLE_MS, type HighlightRequests } from './flingHighlight.js';

const HEIGHT = 900;

describe('a fling', () => {
  it('is a scroll of a whole view or more since the one before, within 100 ms', () => {
    const gate = createFlingGate();
    expect(gate.noteScroll(0, HEIGHT, 0)).toBe(false);
    expect(gate.noteScroll(800, HEIGHT, 16)).toBe(false); // under a view
    expect(gate.noteScroll(800 + HEIGHT, HEIGHT, 60)).toBe(true); // a view in 44 ms (a busy page's frame)
    expect(gate.flinging()).toBe(true);
  });

  it('is not a wheel spun at 60 notches a second (100 px each)', () => {
    const gate = createFlingGate();
    for (let i = 0; i < 60; i++) expect(gate.noteScroll(i * 100, HEIGHT, i * 16.7)).toBe(false);
  });

  it('is never the wheel: its events merged into a scroll of a view or more on a busy page', () => {
    const gate = createFlingGate();
    gate.noteScroll(0, HEIGHT, 0);
    gate.noteWheel(10);
    expect(gate.noteScroll(3 * HEIGHT, HEIGHT, 20)).toBe(false);
    expect(gate.noteScroll(6 * HEIGHT, HEIGHT, 40)).toBe(false);
    // Over 100 ms after the wheel's last event, a scroll of a view since the one before (the scrollbar dragged) is a fling again.
    expect(gate.noteScroll(7 * HEIGHT, HEIGHT, 10 + FLING_WINDOW_MS + 16)).toBe(true);
  });

  it('is not one jump after a quiet moment (a tree click, j/k), however far', () => {
    const gate = createFlingGate();
    expect(gate.noteScroll(0, HEIGHT, 0)).toBe(false);
    expect(gate.noteScroll(250_000, HEIGHT, 5_000)).toBe(false);
  });

  it('goes on through a late frame (a scroll more than 100 ms after the one before, while flinging)', () => {
    const gate = createFlingGate();
    gate.noteScroll(0, HEIGHT, 0);
    expect(gate.noteScroll(HEIGHT, HEIGHT, 16)).toBe(true);
    expect(gate.noteScroll(2 * HEIGHT, HEIGHT, 16 + FLING_WINDOW_MS + 50)).toBe(true);
  });

  it('ends when a scroll moves less than a view since the one before, or when settled', () => {
    const gate = createFlingGate();
    for (let i = 0; i < 5; i++) gate.noteScroll(i * HEIGHT, HEIGHT, i * 16);
    expect(gate.flinging()).toBe(true);
    expect(gate.noteScroll(4 * HEIGHT + 50, HEIGHT, 4 * 16 + 16)).toBe(false);
    for (let i = 0; i < 3; i++) gate.noteScroll(i * HEIGHT, HEIGHT, 1_000 + i * 16);
    expect(gate.flinging()).toBe(true);
    gate.settle();
    expect(gate.flinging()).toBe(false);
    // After settling, the next scroll alone is no fling.
    expect(gate.noteScroll(10 * HEIGHT, HEIGHT, 1_100)).toBe(false);
  });

  it('is nothing in a view of no height (not laid out yet)', () => {
    const gate = createFlingGate();
    gate.noteScroll(0, 0, 0);
    expect(gate.noteScroll(5_000, 0, 10)).toBe(false);
  });
});

type Instance = { id: string };
const diff = (name: string) => ({ name, cacheKey: `key:${name}` }) as FileDiffMetadata;

/** Pierre's pool's three methods, recording what reaches them; a clock the test moves. */
function setUp() {
  const sent: string[] = [];
  const cleaned: string[] = [];
  const primed: string[] = [];
  const pool: HighlightRequests<Instance> = {
    highlightDiffAST: (instance, d) => void sent.push(`${instance.id}:${d.name}`),
    cleanUpTasks: (instance) => void cleaned.push(instance.id),
    primeDiffHighlightCache: (d) => (primed.push(d.name), Promise.resolve()),
  };
  const original = { ...pool };
  let now = 0;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let nextId = 0;
  const clock = {
    now: () => now,
    setTimeout: (run: () => void, ms: number) => {
      const id = ++nextId;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimeout: (id: unknown) => void (timers = timers.filter((t) => t.id !== id)),
  };
  const advance = (ms: number) => {
    now += ms;
    const due = timers.filter((t) => t.at <= now);
    timers = timers.filter((t) => t.at > now);
    for (const t of due) t.run();
  };
  const hold = holdHighlightWhileFlinging(pool, clock);
  /** Scrolls one view a frame, `frames` times, from `from` px (from the second scroll on, a fling). */
  const fling = (frames: number, from = 0) => {
    for (let i = 0; i < frames; i++) {
      hold.noteScroll(from + i * HEIGHT, HEIGHT);
      advance(16);
    }
  };
  return { pool, original, hold, sent, cleaned, primed, advance, fling, scroll: (top: number) => hold.noteScroll(top, HEIGHT) };
}

describe('colour requests while flinging', () => {
  const a = { id: 'a' };
  const b = { id: 'b' };
  const c = { id: 'c' };

  it('go out at once when the view is still or moving at reading speed', () => {
    const { pool, sent } = setUp();
    pool.highlightDiffAST(a, diff('one.ts'));
    expect(sent).toEqual(['a:one.ts']);
  });

  it('are held during a fling, the newest per file drawn, and sent SETTLE_MS after its last scroll for the files still drawn', () => {
    const { pool, sent, cleaned, fling, advance } = setUp();
    fling(3);
    pool.highlightDiffAST(a, diff('one.ts'));
    pool.highlightDiffAST(b, diff('two.ts'));
    pool.highlightDiffAST(b, diff('three.ts')); // b now draws another file
    pool.highlightDiffAST(c, diff('four.ts'));
    pool.cleanUpTasks(c); // scrolled away: Pierre let it go
    expect(sent).toEqual([]);
    expect(cleaned).toEqual(['c']); // Pierre's own clean-up still runs
    advance(SETTLE_MS - 20);
    expect(sent).toEqual([]);
    advance(20);
    expect(sent).toEqual(['a:one.ts', 'b:three.ts']);
    // Nothing is sent twice, and the view is still again.
    advance(1_000);
    pool.highlightDiffAST(c, diff('five.ts'));
    expect(sent).toEqual(['a:one.ts', 'b:three.ts', 'c:five.ts']);
  });

  it('are sent as soon as the fling slows to reading speed, without waiting for it to stop', () => {
    const { pool, sent, fling, advance, scroll } = setUp();
    fling(4); // the last scroll 16 ms ago
    pool.highlightDiffAST(a, diff('one.ts'));
    advance(FLING_WINDOW_MS - 14); // past the fling's window, before SETTLE_MS
    scroll(3 * HEIGHT + 40); // 86 ms after the last: not yet known to be slow
    expect(sent).toEqual([]);
    advance(20);
    scroll(3 * HEIGHT + 80); // 40 px in 20 ms
    expect(sent).toEqual(['a:one.ts']);
  });

  it('a fling that goes on keeps putting them off', () => {
    const { pool, sent, fling } = setUp();
    fling(2);
    pool.highlightDiffAST(a, diff('one.ts'));
    fling(30, 2 * HEIGHT);
    expect(sent).toEqual([]);
  });

  it('ahead of the reader, are refused when the fling ends (highlightAhead asks again), and go out when still', async () => {
    const { pool, primed, fling, advance } = setUp();
    const before = pool.primeDiffHighlightCache(diff('ahead.ts'));
    await expect(before).resolves.toBeUndefined();
    fling(3);
    const during = pool.primeDiffHighlightCache(diff('passed.ts'));
    advance(SETTLE_MS);
    await expect(during).rejects.toBeInstanceOf(HeldDuringFling);
    expect(primed).toEqual(['ahead.ts']);
  });

  it('stop puts the pool back as it was and drops what was held', async () => {
    const { pool, original, hold, sent, fling } = setUp();
    fling(3);
    pool.highlightDiffAST(a, diff('one.ts'));
    const during = pool.primeDiffHighlightCache(diff('passed.ts'));
    hold.stop();
    await expect(during).rejects.toBeInstanceOf(HeldDuringFling);
    expect(pool.highlightDiffAST).toBe(original.highlightDiffAST);
    expect(pool.cleanUpTasks).toBe(original.cleanUpTasks);
    expect(pool.primeDiffHighlightCache).toBe(original.primeDiffHighlightCache);
    pool.highlightDiffAST(b, diff('two.ts'));
    expect(sent).toEqual(['b:two.ts']);
  });

  it('methods Pierre keeps on its prototype are put back by deleting the wrappers (its class stays untouched)', () => {
    class Pool implements HighlightRequests<Instance> {
      sent: string[] = [];
      highlightDiffAST(instance: Instance, d: FileDiffMetadata) {
        this.sent.push(`${instance.id}:${d.name}`);
      }
      cleanUpTasks() {}
      primeDiffHighlightCache() {
        return Promise.resolve();
      }
    }
    const pool = new Pool();
    const hold = holdHighlightWhileFlinging(pool);
    expect(Object.prototype.hasOwnProperty.call(pool, 'highlightDiffAST')).toBe(true);
    pool.highlightDiffAST(a, diff('one.ts'));
    hold.stop();
    expect(Object.prototype.hasOwnProperty.call(pool, 'highlightDiffAST')).toBe(false);
    expect(pool.sent).toEqual(['a:one.ts']);
  });
});
