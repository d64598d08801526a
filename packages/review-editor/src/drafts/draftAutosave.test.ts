import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeFixSet } from '@redline/core';
import { buildSuggestion } from '../annotations/annotationOps.js';
import { createAutosaveHarness } from '../testing/autosaveHarness.js';

const setup = createAutosaveHarness;

describe('draft autosave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves what the reviewer did, keyed by the fingerprint, after a quiet moment', async () => {
    const { review, api, store, autosave, puts } = setup();
    store.getState().setSummary('s');
    store.getState().setViewed('src/calc.ts', true);
    await vi.advanceTimersByTimeAsync(199);
    expect(puts()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(puts()).toBe(1);
    const draft = api.drafts.get(review.fingerprint)!;
    expect(draft).toMatchObject({ version: 2, fingerprint: review.fingerprint, summary: 's', verdict: 'comment', annotations: [] });
    expect(Object.keys(draft.viewed)).toEqual(['src/calc.ts']);
    expect(store.getState().draftStatus).toBe('saved');
    autosave.stop();
  });

  it('saves the fix sets with the draft, and keeps them true when a member is deleted', async () => {
    const { review, api, store, autosave } = setup();
    const suggestion = (line: number) => buildSuggestion({ path: 'src/calc.ts', startLine: line, endLine: line, originalCode: `l${line}`, suggestedCode: `L${line}`, deletion: false, text: '' });
    const [a, b, c] = [suggestion(1), suggestion(2), suggestion(3)];
    for (const s of [a, b, c]) store.getState().addAnnotation(s);
    const set = makeFixSet([a, b, c], 'all three');
    store.getState().setFixSets([set]);
    await vi.advanceTimersByTimeAsync(500);
    expect(api.drafts.get(review.fingerprint)!.fixSets).toEqual([set]);
    store.getState().deleteAnnotation(b.id);
    expect(store.getState().fixSets).toEqual([makeFixSet([a, c], 'all three')]);
    store.getState().deleteAnnotation(c.id);
    expect(store.getState().fixSets).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    expect(api.drafts.get(review.fingerprint)!.fixSets).toBeUndefined();
    autosave.stop();
  });

  it('is never more than 500 ms behind, however steadily the reviewer types', async () => {
    const { store, autosave, puts } = setup();
    for (let t = 0; t < 1000; t += 100) {
      store.getState().setSummary(`typing ${t}`);
      await vi.advanceTimersByTimeAsync(100);
    }
    // Ten changes 100 ms apart: a debounce alone would not have saved yet.
    expect(puts()).toBeGreaterThanOrEqual(2);
    autosave.stop();
  });

  it('does not save when nothing the draft holds changed (search, selection, dialogs)', async () => {
    const { store, autosave, puts } = setup();
    store.getState().setSearchQuery('VERSION');
    store.getState().openDialog('settings');
    store.getState().setSelection({ fileId: 'src/calc.ts', range: { start: 1, end: 1 } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(puts()).toBe(0);
    autosave.stop();
  });

  it('never overlaps two saves; a change made during a save is saved right after it', async () => {
    const { api, store, autosave } = setup();
    let inFlight = 0;
    let maxInFlight = 0;
    const put = api.putDraft;
    api.putDraft = async (draft, options) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await put(draft, options);
      inFlight--;
    };
    store.getState().setSummary('one');
    await vi.advanceTimersByTimeAsync(250);
    store.getState().setSummary('two');
    await vi.advanceTimersByTimeAsync(2000);
    expect(maxInFlight).toBe(1);
    expect(api.drafts.get(store.getState().review!.fingerprint)?.summary).toBe('two');
    autosave.stop();
  });

  it('when the page goes away during a save, sends the latest draft at once, built on the one on the wire', async () => {
    const { api, store, autosave } = setup();
    const calls: { summary: string | undefined; updatedAt: string; options: Parameters<typeof api.putDraft>[1] }[] = [];
    const put = api.putDraft;
    api.putDraft = async (draft, options) => {
      calls.push({ summary: draft.summary, updatedAt: draft.updatedAt, options });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await put(draft, options);
    };
    store.getState().setSummary('Half a thought');
    await vi.advanceTimersByTimeAsync(250);
    expect(calls).toHaveLength(1);
    store.getState().setSummary('Half a thought, not sent');
    window.dispatchEvent(new Event('pagehide'));
    // Not after the save on the wire answers: the page may be gone by then.
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ summary: 'Half a thought, not sent', options: { keepalive: true, base: calls[0]!.updatedAt } });
    await vi.advanceTimersByTimeAsync(2000);
    expect(api.drafts.get(store.getState().review!.fingerprint)?.summary).toBe('Half a thought, not sent');
    autosave.stop();
  });

  it('flushes at once (keepalive) when the page is hidden', async () => {
    const { store, autosave, puts } = setup();
    store.getState().setVerdict('approve');
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(puts()).toBe(1);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    autosave.stop();
  });
});
