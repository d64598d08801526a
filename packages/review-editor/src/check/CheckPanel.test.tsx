/**
 * The Check button and its panel against the in-memory server: off with no
 * suggestion to check, on with one; a running check's steps, seconds and
 * output (its last 200 lines, escaped: markup stays text, a bidirectional
 * character shows as an escape) and Cancel; a failed check's verdict and
 * which suggestions were in, marked stale once the suggestions change; and
 * with no command configured, the offers to confirm one, sent as the
 * reviewer's choice.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckData, CheckRunData, Suggestion } from '@redline/core';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { CheckButton } from './CheckButton.js';
import { CheckPanel } from './CheckPanel.js';

afterEach(cleanup);

const suggestion = (id: string): Suggestion => ({
  id, kind: 'suggestion', scope: 'line', side: 'new', path: 'mod.txt', startLine: 2, endLine: 2, text: '',
  originalCode: 'B', suggestedCode: 'b', deletion: false, revision: null, createdAt: '2026-12-05T00:00:00.000Z',
});

const run = (over: Partial<CheckRunData>): CheckRunData => ({
  id: 1,
  command: 'npm test',
  startedAt: '2026-12-05T00:00:00.000Z',
  elapsedMs: 3_400,
  progress: { copiedFiles: 12, applied: { suggestions: 1, files: 1 }, running: true },
  output: { from: 0, text: '', next: 0 },
  state: { kind: 'running' },
  ...over,
});

const configured: CheckData['command'] = { kind: 'configured', command: 'npm test', from: 'package.json' };

describe('the Check button and panel', () => {
  it('is off without suggestions; with one, it starts a check and shows it running, its output escaped and cut to 200 lines', async () => {
    const harness = createHarness();
    renderWithReview(<CheckButton />, harness);
    const button = () => screen.getByRole('button', { name: /^Check/ }) as HTMLButtonElement;
    expect(button().disabled).toBe(true);
    act(() => harness.store.getState().addAnnotation(suggestion('aaaaaaaaaaaa')));
    expect(button().disabled).toBe(false);

    const lines = Array.from({ length: 250 }, (_, i) => `line ${i + 1}`);
    lines[249] = '<script>alert(1)</script> \u202Eevil';
    const text = `${lines.join('\n')}\n`;
    harness.api.check = { command: configured, run: run({ output: { from: 0, text, next: text.length } }) };
    await act(async () => fireEvent.click(button()));
    expect(harness.api.calls).toContain('check start');
    expect(await screen.findByRole('dialog', { name: 'Check before sending' })).toBeTruthy();
    expect(screen.getByText('copied 12 files')).toBeTruthy();
    expect(screen.getByText('applied 1 suggestion (1 file changed)')).toBeTruthy();
    expect(screen.getByText('running the command · 3 s')).toBeTruthy();
    const output = screen.getByLabelText('Output').textContent!;
    expect(output.startsWith('line 51\n')).toBe(true);
    expect(output).toContain('<script>alert(1)</script> \\u{202E}evil');
    expect(document.querySelector('script')).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(harness.api.calls).toContain('check cancel');
  });

  it('a failed check: the verdict and the suggestions in, marked stale when the suggestions change', async () => {
    const harness = createHarness();
    harness.store.getState().addAnnotation(suggestion('aaaaaaaaaaaa'));
    const checked = { command: 'npm test', passed: false, exitCode: 1, ending: 'exited' as const, ms: 2_100, suggestions: ['aaaaaaaaaaaa'], tail: ['not ok 1'] };
    harness.store.getState().takeCheck({ command: configured, run: run({ state: { kind: 'finished', checked }, output: { from: 0, text: 'not ok 1\n', next: 9 } }) });
    renderWithReview(<CheckPanel />, harness);
    expect(await screen.findByText('Failed: `npm test` failed in 2.1 s with this suggestion: exit 1')).toBeTruthy();
    expect(screen.getByText('aaaaaaaaaaaa')).toBeTruthy();
    expect(screen.getByText(/^Command:/).textContent).toBe("Command: npm test (from the repository's package.json)");
    expect(screen.queryByText(/changed since the check/)).toBeNull();
    act(() => harness.store.getState().addAnnotation(suggestion('bbbbbbbbbbbb')));
    expect(screen.getByText(/^Suggestions changed since the check/)).toBeTruthy();
  });

  it('with no command configured, offers what the repository has and sends the one confirmed', async () => {
    const harness = createHarness();
    harness.store.getState().addAnnotation(suggestion('aaaaaaaaaaaa'));
    harness.store.getState().takeCheck({ command: { kind: 'to-confirm', offers: ['npm test', 'tsc --noEmit'] }, run: null });
    renderWithReview(<CheckButton />, harness);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Check/ })));
    expect(harness.api.calls).not.toContain('check start');
    fireEvent.click(await screen.findByRole('radio', { name: 'tsc --noEmit' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm and run tsc --noEmit' })));
    expect(harness.api.calls).toContain('check start tsc --noEmit');
  });
});
