/** Highlighting ahead: which files, in which order, one at a time, each once. */
import { describe, expect, it } from 'vitest';
import type { FileDiffMetadata } from '@pierre/diffs';
import type { ReviewItem } from './buildItems.js';
import { createHighlightAhead, diffsAhead, FIRST_DIFF_MAX_ROWS, firstDiffs, FIRST_ROWS, highlightFirst, type HighlightPool } from './highlightAhead.js';

const item = (id: string, extra: { collapsed?: boolean; edit?: boolean; drawn?: boolean } = {}): ReviewItem =>
  ({
    id,
    type: 'diff',
    fileDiff: { name: id, cacheKey: extra.drawn === false ? undefined : `key:${id}` } as FileDiffMetadata,
    ...(extra.collapsed ? { collapsed: true } : {}),
    ...(extra.edit ? { edit: true } : {}),
  }) as unknown as ReviewItem;

const names = (diffs: FileDiffMetadata[]) => diffs.map((d) => d.name);

describe('the files highlighted ahead', () => {
  const items = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => item(id));

  it('are the current file and the ones after it, in order; from the first when none (or an unknown one) is current', () => {
    expect(names(diffsAhead(items, 'c', 2))).toEqual(['c', 'd', 'e']);
    expect(names(diffsAhead(items, 'e', 4))).toEqual(['e', 'f']);
    expect(names(diffsAhead(items, null, 1))).toEqual(['a', 'b']);
    expect(names(diffsAhead(items, 'gone', 1))).toEqual(['a', 'b']);
  });

  it('leave out a collapsed file, one not drawn yet (no cache key) and one being edited', () => {
    const mixed = [item('a'), item('b', { collapsed: true }), item('c', { drawn: false }), item('d', { edit: true }), item('e')];
    expect(names(diffsAhead(mixed, 'a', 4))).toEqual(['a', 'e']);
  });
});

/** Pierre's pool's part, answering each prime when the test says so. */
function pool() {
  const calls: { name: string; settle: (ok: boolean) => void }[] = [];
  let inFlight = 0;
  let most = 0;
  const p: HighlightPool = {
    primeDiffHighlightCache: (diff) =>
      new Promise<void>((resolve, reject) => {
        inFlight++;
        most = Math.max(most, inFlight);
        calls.push({
          name: diff.name,
          settle: (ok) => {
            inFlight--;
            if (ok) resolve();
            else reject(new Error('pool not working'));
          },
        });
      }),
  };
  return { p, calls, most: () => most };
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('priming', () => {
  it('one file at a time, each once; what update asks for replaces what was still waiting', async () => {
    const { p, calls, most } = pool();
    let wanted = ['a', 'b', 'c'].map((id) => item(id).fileDiff);
    const ahead = createHighlightAhead(p, () => wanted);
    ahead.update();
    expect(calls.map((c) => c.name)).toEqual(['a']);
    // The reader moved on: b and c are no longer wanted, d and a are (a is done already).
    wanted = ['d', 'a'].map((id) => item(id).fileDiff);
    ahead.update();
    expect(calls).toHaveLength(1);
    calls[0]!.settle(true);
    await tick();
    expect(calls.map((c) => c.name)).toEqual(['a', 'd']);
    calls[1]!.settle(true);
    await tick();
    ahead.update();
    await tick();
    expect(calls.map((c) => c.name)).toEqual(['a', 'd']);
    expect(most()).toBe(1);
  });

  it('a prime that failed (the pool not working yet) is tried again at the next update; stop ends it', async () => {
    const { p, calls } = pool();
    const wanted = ['a', 'b'].map((id) => item(id).fileDiff);
    const ahead = createHighlightAhead(p, () => wanted);
    ahead.update();
    calls[0]!.settle(false);
    await tick();
    expect(calls.map((c) => c.name)).toEqual(['a', 'b']);
    calls[1]!.settle(true);
    await tick();
    ahead.update();
    expect(calls.map((c) => c.name)).toEqual(['a', 'b', 'a']);
    ahead.stop();
    calls[2]!.settle(true);
    await tick();
    ahead.update();
    expect(calls).toHaveLength(3);
  });
});

describe('the first diffs, highlighted before the view draws them', () => {
  const sized = (name: string, rows: number) => ({ name, cacheKey: `key:${name}`, unifiedLineCount: rows, splitLineCount: rows }) as FileDiffMetadata;

  it('are the diffs ahead up to the one that fills the first rows', () => {
    expect(names(firstDiffs([sized('a', 10), sized('b', FIRST_ROWS), sized('c', 5)]))).toEqual(['a', 'b']);
    expect(names(firstDiffs([sized('a', 2), sized('b', 3)]))).toEqual(['a', 'b']);
    expect(firstDiffs([])).toEqual([]);
    // A very long diff is drawn at once (plain, then coloured), not waited for; nor are the ones after it.
    expect(names(firstDiffs([sized('a', 2), sized('long', FIRST_DIFF_MAX_ROWS + 1), sized('c', 2)]))).toEqual(['a']);
  });

  it('are waited for all together once the pool has started; never past the cap; a failure does not hold the page', async () => {
    const { p, calls } = pool();
    let started!: () => void;
    const withStart = { ...p, initialize: () => new Promise<void>((resolve) => (started = resolve)) };
    let done = false;
    void highlightFirst(withStart, [sized('a', 1), sized('b', 1)], 60_000).then(() => (done = true));
    await tick();
    expect(calls).toHaveLength(0);
    started();
    await tick();
    expect(calls.map((c) => c.name)).toEqual(['a', 'b']);
    calls[0]!.settle(true);
    await tick();
    expect(done).toBe(false);
    calls[1]!.settle(false);
    await tick();
    expect(done).toBe(true);

    const never = { ...p, initialize: () => new Promise<void>(() => undefined) };
    const t0 = Date.now();
    await highlightFirst(never, [sized('c', 1)], 30);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(25);
  });
});
