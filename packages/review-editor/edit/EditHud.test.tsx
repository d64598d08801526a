/**
 * The HUD: "Editing", the experimental chip, a change count that is
 * debounced but moves during sustained typing (maximum wait), Suggest and
 * Discard; in a session of several files, the list of files with their
 * counts (a click goes to the file) and Suggest / Discard for all. Driven
 * through the real controller and a fake of CodeView's callbacks, with fake
 * timers.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ReviewContext } from '../src/testing/editTestHost.js';
import { createDebouncedTask } from './debouncedTask.js';
import { EditHud } from './EditHud.js';
import { EditOverlay } from './EditOverlay.js';
import { isGettingReady } from './editQueries.js';
import { editControllerFor } from './editSessionController.js';
import { CALC_NEW, createEditHarness, OTHER_NEW } from './testing/editFixtures.js';
import { createStubAdapter, FakeCodeView } from './testing/fakeCodeView.js';

afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

async function editingHud(hudFileIds: readonly string[] = ['src/calc.ts']) {
  const harness = createEditHarness();
  const adapter = createStubAdapter();
  const edit = editControllerFor(harness.controller, { loadAdapter: async () => adapter });
  const view = new FakeCodeView(edit, adapter, () => harness.store.getState().files);
  edit.state.subscribe(() => queueMicrotask(() => view.sync()));
  render(
    <ReviewContext.Provider value={harness.controller}>
      {hudFileIds.map((id) => (
        <EditHud key={id} fileId={id} />
      ))}
      <EditOverlay />
    </ReviewContext.Provider>,
  );
  await act(async () => {
    edit.requestEdit('src/calc.ts');
    // Editing, and past "Getting the editor ready" (the caret placed): on a loaded machine the
    // second step came after the first check (CI: the HUD still said it was getting ready).
    await vi.waitFor(
      () => {
        expect(view.isEditing('src/calc.ts')).toBe(true);
        expect(isGettingReady(edit.state.getState().files[0] ?? null)).toBe(false);
      },
      { timeout: 5000 },
    );
  });
  return { harness, edit, view };
}

const count = () => screen.getByRole('region', { name: 'Editing src/calc.ts' }).querySelector('.edit-hud-count')!;

/** CALC_NEW with `n` of its lines (cycling over 10 lines) suffixed: n distinct changed regions up to 10. */
function withEdits(n: number): string {
  const lines = CALC_NEW.split('\n');
  for (let k = 0; k < n; k++) lines[(k * 2) % 10] += ` /*${k}*/`;
  return lines.join('\n');
}

describe('the edit HUD', () => {
  test('shows the session: Editing, Experimental, the count, Suggest and Discard', async () => {
    const { edit, view } = await editingHud();
    const hud = screen.getByRole('region', { name: 'Editing src/calc.ts' });
    expect(hud.textContent).toMatch(/^Editing.*Experimental.*No changes yet/);
    expect(screen.getByRole('button', { name: 'Suggest' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Discard' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Discard' })));
    expect(edit.state.getState().files).toEqual([]);
    expect(view.completions.map((c) => c.decision)).toEqual(['reject']);
  });

  test('the count is debounced, yet moves during sustained typing (maximum wait)', async () => {
    const { view } = await editingHud();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // One keystroke every 100 ms (faster than the 200 ms debounce) for 1.5 s.
    const shown: string[] = [];
    for (let k = 1; k <= 15; k++) {
      await act(async () => {
        view.type('src/calc.ts', withEdits(Math.min(k, 5)));
        await vi.advanceTimersByTimeAsync(100);
      });
      shown.push(count().textContent!);
    }
    // Debounced: not recounted per keystroke during the first 600 ms of the burst...
    expect(shown.slice(0, 6)).toEqual(Array(6).fill('No changes yet'));
    // ...yet, unlike a plain debounce (which would wait for a pause), it moved mid-burst, by 900 ms.
    const firstMove = shown.findIndex((text) => text !== 'No changes yet');
    expect(firstMove).toBeGreaterThanOrEqual(6);
    expect(firstMove).toBeLessThanOrEqual(8);
    expect(shown.at(-1)).not.toBe('No changes yet');
    // After a pause the count is exact.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(count().textContent).toBe('5 changes');
  });
});

describe('the edit HUD of a session of two files', () => {
  async function twoFiles() {
    const rig = await editingHud(['src/calc.ts', 'src/other.ts']);
    await act(async () => {
      rig.edit.requestEdit('src/other.ts');
      await vi.waitFor(() => expect(rig.edit.state.getState().files.every((f) => f.phase === 'editing' && f.caret === 'placed')).toBe(true), { timeout: 5000 });
    });
    return rig;
  }

  test('each strip lists both files with their counts; the current one is marked', async () => {
    const { view } = await twoFiles();
    await act(async () => {
      view.type('src/other.ts', OTHER_NEW.replace('export const B = 1;', 'export const B = 3;'));
      await vi.waitFor(() => expect(screen.getAllByRole('button', { name: 'other.ts · 1' })).toHaveLength(2), { timeout: 3000 });
    });
    const calcHud = screen.getByRole('region', { name: 'Editing src/calc.ts' });
    const list = within(calcHud).getByRole('list', { name: 'Files in this edit session' });
    expect(within(list).getAllByRole('button').map((b) => [b.textContent, b.getAttribute('aria-current')])).toEqual([
      ['calc.ts · 0', 'true'],
      ['other.ts · 1', null],
    ]);
    expect(within(list).getByRole('button', { name: 'other.ts · 1' }).title).toBe('src/other.ts: 1 change');
  });

  test('a click on a file in the list goes to that file (keyboard: a button)', async () => {
    const { harness } = await twoFiles();
    const jumped: string[] = [];
    harness.controller.jumpToFile = (fileId) => void jumped.push(fileId);
    const calcHud = screen.getByRole('region', { name: 'Editing src/calc.ts' });
    const other = within(calcHud).getByRole('button', { name: 'other.ts · 0' });
    expect(other.tagName).toBe('BUTTON');
    other.focus();
    expect(document.activeElement).toBe(other);
    fireEvent.click(other);
    expect(jumped).toEqual(['src/other.ts']);
  });

  test('Suggest ends both files at once; the suggestions of both are added', async () => {
    const { harness, edit, view } = await twoFiles();
    view.type('src/calc.ts', CALC_NEW.replace('  return a - b;', '  return a - b - 0;'));
    view.type('src/other.ts', OTHER_NEW.replace('export const B = 1;', 'export const B = 3;'));
    const otherHud = screen.getByRole('region', { name: 'Editing src/other.ts' });
    await act(async () => {
      fireEvent.click(within(otherHud).getByRole('button', { name: 'Suggest (2 files)' }));
      await vi.waitFor(() => expect(harness.store.getState().annotations).toHaveLength(2));
    });
    expect(edit.state.getState().files).toEqual([]);
    expect(view.completions.map((c) => c.id)).toEqual(['src/calc.ts', 'src/other.ts']);
    expect(screen.queryByRole('region', { name: /^Editing/ })).toBeNull();
  });

  test('Discard with edits in both files asks first: Keep editing keeps them, Discard edits drops both', async () => {
    const { harness, edit, view } = await twoFiles();
    view.type('src/calc.ts', CALC_NEW.replace('  return a - b;', '  return a - b - 0;'));
    view.type('src/other.ts', OTHER_NEW.replace('export const B = 1;', 'export const B = 3;'));
    const discard = () => fireEvent.click(within(screen.getByRole('region', { name: 'Editing src/calc.ts' })).getByRole('button', { name: 'Discard (2 files)' }));
    act(discard);
    const dialog = screen.getByRole('dialog', { name: 'Discard your edits?' });
    expect(dialog.textContent).toMatch(/Your edits in src\/calc\.ts, src\/other\.ts will be discarded/);
    // The safe answer has the focus.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep editing' }));
    act(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' })));
    expect(edit.state.getState().files.map((f) => f.phase)).toEqual(['editing', 'editing']);
    act(discard);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Discard edits in 2 files' })));
    expect(edit.state.getState().files).toEqual([]);
    expect(view.isEditing('src/calc.ts') || view.isEditing('src/other.ts')).toBe(false);
    expect(harness.store.getState().annotations).toEqual([]);
  });

  test('Discard discards both', async () => {
    const { harness, edit, view } = await twoFiles();
    view.type('src/calc.ts', CALC_NEW.replace('  return a - b;', '  return a - b - 0;'));
    const calcHud = screen.getByRole('region', { name: 'Editing src/calc.ts' });
    await act(async () => fireEvent.click(within(calcHud).getByRole('button', { name: 'Discard (2 files)' })));
    expect(edit.state.getState().files).toEqual([]);
    expect(view.isEditing('src/calc.ts') || view.isEditing('src/other.ts')).toBe(false);
    expect(harness.store.getState().annotations).toEqual([]);
  });
});

describe('createDebouncedTask', () => {
  test('runs once after a pause, and at most maxWait after the first call of a burst', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const runs: number[] = [];
    const task = createDebouncedTask(() => runs.push(Date.now()), { wait: 200, maxWait: 800 });
    const start = Date.now();
    for (let t = 0; t < 2000; t += 100) {
      task.schedule();
      vi.advanceTimersByTime(100);
    }
    // Sustained calls every 100 ms: a run every 800 ms.
    expect(runs.map((t) => t - start)).toEqual([800, 1600]);
    vi.advanceTimersByTime(200);
    expect(runs.map((t) => t - start)).toEqual([800, 1600, 2100]);
    task.schedule();
    task.cancel();
    vi.advanceTimersByTime(1000);
    expect(runs).toHaveLength(3);
    task.schedule();
    task.flush();
    expect(runs).toHaveLength(4);
    expect(() => createDebouncedTask(() => undefined, { wait: 300, maxWait: 100 })).toThrow(/wait 300, maxWait 100/);
  });

  test('a maxWait function is read at the start of each burst: Infinity waits for the pause', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const runs: number[] = [];
    let maxWait = Infinity;
    const task = createDebouncedTask(() => runs.push(Date.now()), { wait: 200, maxWait: () => maxWait });
    const start = Date.now();
    const burst = (ms: number) => {
      for (let t = 0; t < ms; t += 100) {
        task.schedule();
        vi.advanceTimersByTime(100);
      }
    };
    // Sustained calls every 100 ms for 2 s: nothing until the pause.
    burst(2000);
    expect(runs).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(runs.map((t) => t - start)).toEqual([2100]);
    // The next burst reads it again: 800 ms now.
    maxWait = 800;
    burst(1000);
    expect(runs.map((t) => t - start)).toEqual([2100, 3000]);
    // A bad value is refused when it is read.
    maxWait = 100;
    vi.advanceTimersByTime(1000);
    expect(() => task.schedule()).toThrow(/wait 200, maxWait 100/);
  });
});
