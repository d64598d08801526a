/** The link per file: the fragment's spelling, the link (never the query), and the address following the current file. */
import { describe, expect, it } from 'vitest';
import { createReviewStore } from '../app/reviewStore.js';
import { KINDS_FILES, KINDS_PATCH, makeReview } from '../testing/fixtures.js';
import { ADDRESS_SETTLE_MS, fileLink, fileOfHash, hashOfFile, startFileAddress, type AddressWindow } from './fileAddress.js';

/**
 * A window whose address starts as `href`; frames run at once; timers wait for `settle()`
 * (which runs those due, as the clock passing `ms` would); every replaceState is recorded.
 */
function windowAt(href: string) {
  const url = new URL(href);
  const writes: string[] = [];
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  const settle = (ms = ADDRESS_SETTLE_MS) => {
    now += ms;
    for (const [id, t] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
      if (t.at > now) continue;
      timers.delete(id);
      t.run();
    }
  };
  const win: AddressWindow = {
    location: url as unknown as Location,
    history: {
      state: null,
      replaceState: (_state: unknown, _unused: string, to: string) => {
        writes.push(to);
        const next = new URL(to, url);
        url.hash = next.hash;
        url.pathname = next.pathname;
        url.search = next.search;
      },
    } as unknown as History,
    requestAnimationFrame: (run: FrameRequestCallback) => {
      run(0);
      return 0;
    },
    setTimeout: ((run: () => void, ms: number) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, run });
      return id;
    }) as unknown as Window['setTimeout'],
    clearTimeout: ((id: number) => void timers.delete(id)) as Window['clearTimeout'],
  };
  return { win, url, writes, settle };
}

describe('the file fragment', () => {
  it('round-trips any path, spaces, #, & and non-ASCII included', () => {
    for (const path of ['src/a.ts', 'dir with space/a&b#c.md', 'ünï/cödé.ts', 'a=b?c']) expect(fileOfHash(hashOfFile(path))).toBe(path);
    expect(fileOfHash('')).toBeNull();
    expect(fileOfHash('#file=')).toBeNull();
    expect(fileOfHash('#other=1')).toBeNull();
  });

  it('a link is origin, path and the fragment: a query (the review link token) never comes along', () => {
    const at = new URL('http://127.0.0.1:4000/?token=' + 'a'.repeat(64) + '#file=x');
    expect(fileLink('src/a.ts', at)).toBe('http://127.0.0.1:4000/#file=src%2Fa.ts');
  });
});

describe('the address following the current file', () => {
  it('goes to the file the address names once the review is in, then writes the current file with replaceState only', () => {
    const store = createReviewStore();
    const { win, url, writes, settle } = windowAt('http://127.0.0.1:4000/#file=mod.txt');
    const jumps: string[] = [];
    const stop = startFileAddress(store, { jumpToFile: (id) => jumps.push(id) }, win);
    // Before the review: nothing is written over the address it came with.
    store.getState().setCurrentFile('new.ts');
    settle();
    expect(writes).toEqual([]);
    store.getState().loadReview(makeReview(KINDS_PATCH, KINDS_FILES), null);
    expect(jumps).toEqual(['mod.txt']);

    store.getState().setCurrentFile('mod.txt');
    settle();
    expect(writes).toEqual([]); // already there
    store.getState().setCurrentFile('ren2.txt');
    settle();
    expect(writes).toEqual(['/#file=ren2.txt']);
    expect(url.href).toBe('http://127.0.0.1:4000/#file=ren2.txt');
    stop();
    store.getState().setCurrentFile('del.txt');
    settle();
    expect(writes).toHaveLength(1);
  });

  it('writes once the current file has stayed put: files passed while scrolling are not written', () => {
    const store = createReviewStore();
    store.getState().loadReview(makeReview(KINDS_PATCH, KINDS_FILES), null);
    const { win, writes, settle } = windowAt('http://127.0.0.1:4000/');
    const stop = startFileAddress(store, { jumpToFile: () => {} }, win);
    for (const id of ['new.ts', 'mod.txt', 'ren2.txt']) {
      store.getState().setCurrentFile(id);
      settle(ADDRESS_SETTLE_MS - 1);
    }
    expect(writes).toEqual([]);
    store.getState().setCurrentFile('del.txt');
    settle();
    expect(writes).toEqual(['/#file=del.txt']);
    // Stopped with a write pending: nothing is written after.
    store.getState().setCurrentFile('new.ts');
    stop();
    settle();
    expect(writes).toEqual(['/#file=del.txt']);
  });

  it('an address naming no file of the review goes nowhere, and is replaced once a file is current', () => {
    const store = createReviewStore();
    store.getState().loadReview(makeReview(KINDS_PATCH, KINDS_FILES), null);
    const { win, writes, settle } = windowAt('http://127.0.0.1:4000/#file=gone.ts');
    const jumps: string[] = [];
    startFileAddress(store, { jumpToFile: (id) => jumps.push(id) }, win);
    expect(jumps).toEqual([]);
    store.getState().setCurrentFile('del.txt');
    settle();
    expect(writes).toEqual(['/#file=del.txt']);
  });

  it("keeps the other features' keys of the fragment (the round view's choice survives a file change)", () => {
    const store = createReviewStore();
    store.getState().loadReview(makeReview(KINDS_PATCH, KINDS_FILES), null);
    const { win, url, settle } = windowAt('http://127.0.0.1:4000/#round-view=all');
    startFileAddress(store, { jumpToFile: () => {} }, win);
    store.getState().setCurrentFile('del.txt');
    settle();
    expect(new URLSearchParams(url.hash.slice(1)).get('round-view')).toBe('all');
    expect(fileOfHash(url.hash)).toBe('del.txt');
  });

  it('a query left in the address is dropped by the first write, not kept', () => {
    const store = createReviewStore();
    store.getState().loadReview(makeReview(KINDS_PATCH, KINDS_FILES), null);
    const { win, url, settle } = windowAt('http://127.0.0.1:4000/?token=' + 'b'.repeat(64));
    startFileAddress(store, { jumpToFile: () => undefined }, win);
    store.getState().setCurrentFile('new.ts');
    settle();
    expect(url.href).toBe('http://127.0.0.1:4000/#file=new.ts');
  });
});
