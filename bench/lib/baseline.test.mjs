/** The bench guard's comparison (baseline.mjs): a planted regression fails, run-to-run noise does not. */
import { describe, expect, it } from 'vitest';
import { compareWithBaseline, figuresOf, makeBaseline, renderCheck, TOLERANCE } from './baseline.mjs';

/** A run's record with the figures the guard reads (the shape measureRun.mjs writes). */
function run({ ready, firstDiff, bytes }) {
  return { serverReadyMs: ready, firstDiffMs: firstDiff, liveDiffMs: firstDiff, appDiffMs: firstDiff * 3, load: { bytes, requests: 9, byType: {}, biggest: [] } };
}

/** Results as run.mjs writes them: S with three runs of Redline and of Plannotator. */
function results(redlineRuns, plannotatorRuns = [run({ ready: 320, firstDiff: 1100, bytes: 2e6 }), run({ ready: 330, firstDiff: 1120, bytes: 2e6 }), run({ ready: 310, firstDiff: 1080, bytes: 2e6 })]) {
  return {
    command: 'npm run bench',
    startedAt: '2026-12-05T09:00:00.000Z',
    commit: { head: 'a'.repeat(40), subject: 'x', dirty: false },
    machine: { cpu: 'test', cores: 2 },
    measurements: { S: { redline: { runs: redlineRuns }, plannotator: { runs: plannotatorRuns } } },
  };
}

const BASE_RUNS = [run({ ready: 300, firstDiff: 230, bytes: 464_000 }), run({ ready: 310, firstDiff: 240, bytes: 464_000 }), run({ ready: 290, firstDiff: 250, bytes: 464_000 })];

describe('the bench guard', () => {
  const baseline = makeBaseline(results(BASE_RUNS));

  it('records each figure with its median and spread, per repository and tool, and Redline / peer ratios', () => {
    expect(baseline.figures['S/redline/serverReady']).toMatchObject({ median: 300, min: 290, max: 310, n: 3, unit: 'ms', better: 'lower' });
    expect(baseline.figures['S/plannotator/serverReady']).toMatchObject({ median: 320 });
    expect(baseline.figures['S/redline/loadBytes']).toMatchObject({ median: 464_000, unit: 'bytes' });
    expect(baseline.figures['S/redline÷plannotator/serverReady'].median).toBeCloseTo(300 / 320, 6);
    expect(baseline.tolerance).toBe(TOLERANCE);
  });

  it('passes a run that differs from the baseline within its spread and the tolerance', () => {
    // Start 330 ms against 300 (spread 20, floor 2): within 300 × 1.15 + 22 = 367. Bytes the same; first diff a little faster.
    const now = figuresOf(results([run({ ready: 330, firstDiff: 225, bytes: 464_000 }), run({ ready: 340, firstDiff: 235, bytes: 464_000 }), run({ ready: 320, firstDiff: 245, bytes: 464_000 })]));
    const check = compareWithBaseline(baseline, now);
    expect(check.worse).toEqual([]);
    expect(check.rows.find((row) => row.id === 'S/redline/serverReady')).toMatchObject({ verdict: 'within', limit: 300 * 1.15 + 22 });
    expect(check.rows.find((row) => row.id === 'S/redline/firstDiff')?.verdict).toBe('better');
    expect(renderCheck(baseline, check)).toContain('No figure worse');
  });

  it('fails a planted regression: the start 30% slower and the page 20% heavier, named by figure', () => {
    const now = figuresOf(results([run({ ready: 390, firstDiff: 230, bytes: 557_000 }), run({ ready: 400, firstDiff: 240, bytes: 557_000 }), run({ ready: 380, firstDiff: 250, bytes: 557_000 })]));
    const check = compareWithBaseline(baseline, now);
    expect(check.worse).toEqual(expect.arrayContaining(['S/redline/serverReady', 'S/redline/loadBytes', 'S/redline÷plannotator/loadBytes']));
    expect(check.worse).not.toContain('S/redline/firstDiff');
    const table = renderCheck(baseline, check);
    expect(table).toMatch(/\| S, redline: CLI start → server ready \| 300 ms \| 390 ms \| ≤ 367 ms \| \*\*WORSE\*\* \|/);
  });

  it("a noisy run's own spread widens the limit: a 20% slower median with a 100 ms spread is not called worse", () => {
    const now = figuresOf(results([run({ ready: 360, firstDiff: 240, bytes: 464_000 }), run({ ready: 300, firstDiff: 240, bytes: 464_000 }), run({ ready: 400, firstDiff: 240, bytes: 464_000 })]));
    const row = compareWithBaseline(baseline, now).rows.find((r) => r.id === 'S/redline/serverReady');
    expect(row).toMatchObject({ current: 360, spread: 102, verdict: 'within' });
  });

  it("a peer's own figure is shown but never fails the check; Redline's ratio to it does", () => {
    const slowerPeer = [run({ ready: 200, firstDiff: 1100, bytes: 3e6 }), run({ ready: 205, firstDiff: 1100, bytes: 3e6 }), run({ ready: 210, firstDiff: 1100, bytes: 3e6 })];
    const check = compareWithBaseline(baseline, figuresOf(results(BASE_RUNS, slowerPeer)));
    expect(check.rows.find((row) => row.id === 'S/plannotator/loadBytes')).toMatchObject({ guarded: false, verdict: 'within' });
    // Plannotator starts faster (205 against 320 ms): Redline's ratio to it got worse.
    expect(check.worse).toEqual(['S/redline÷plannotator/serverReady']);
  });

  it('a figure at zero in the baseline tolerates its smallest step: one stray long task is not a regression', () => {
    const zero = { figures: { 'S/redline/scrollLongtasks': { label: 'long tasks', unit: 'count', better: 'lower', median: 0, min: 0, max: 0, n: 3 } } };
    expect(compareWithBaseline(zero, { 'S/redline/scrollLongtasks': { median: 1, min: 1, max: 1, n: 3 } }).worse).toEqual([]);
    expect(compareWithBaseline(zero, { 'S/redline/scrollLongtasks': { median: 3, min: 3, max: 3, n: 3 } }).worse).toEqual(['S/redline/scrollLongtasks']);
  });

  it('a figure the baseline does not have is listed, not compared; one the run did not measure is left out', () => {
    const now = figuresOf({ ...results(BASE_RUNS), measurements: { M: { redline: { runs: BASE_RUNS } } } });
    const check = compareWithBaseline(baseline, now);
    expect(check.rows).toEqual([]);
    expect(check.unmatched).toContain('M/redline/serverReady');
  });

  it('a figure where higher is better fails when it drops below its limit', () => {
    const higher = { figures: { 'X/redline/share': { label: 'share', unit: 'count', better: 'higher', median: 100, min: 100, max: 100, n: 3 } } };
    expect(compareWithBaseline(higher, { 'X/redline/share': { median: 80, min: 80, max: 80, n: 3 } }).worse).toEqual(['X/redline/share']);
    expect(compareWithBaseline(higher, { 'X/redline/share': { median: 90, min: 90, max: 90, n: 3 } }).worse).toEqual([]);
  });
});
