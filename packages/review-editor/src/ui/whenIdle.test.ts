import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './whenIdle.js';

describe('whenIdle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks requestIdleCallback with the timeout, and its cancel cancels that idle callback', () => {
    const requested: Array<{ task: () => void; timeout: number | undefined }> = [];
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', (task: () => void, options?: { timeout?: number }) => requested.push({ task, timeout: options?.timeout }));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => cancelled.push(handle));
    const task = vi.fn();

    const cancel = whenIdle(task, { timeoutMs: 700, fallbackMs: 50 });
    expect(requested).toHaveLength(1);
    expect(requested[0]!.timeout).toBe(700);
    vi.advanceTimersByTime(1000);
    expect(task).not.toHaveBeenCalled(); // no timer of its own: the idle callback decides
    requested[0]!.task();
    expect(task).toHaveBeenCalledTimes(1);

    cancel();
    expect(cancelled).toEqual([1]); // the handle requestIdleCallback returned
  });

  it('without requestIdleCallback, runs the task after fallbackMs, and not at all once cancelled', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const task = vi.fn();
    whenIdle(task, { timeoutMs: 700, fallbackMs: 50 });
    vi.advanceTimersByTime(49);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);

    const later = vi.fn();
    const cancel = whenIdle(later, { timeoutMs: 700, fallbackMs: 50 });
    cancel();
    vi.advanceTimersByTime(100);
    expect(later).not.toHaveBeenCalled();
  });
});
