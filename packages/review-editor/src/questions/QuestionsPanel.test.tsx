/**
 * The questions' panel against the in-memory server: where no agent reads
 * questions the control is off and says why; where one does, "Ask the
 * agent" about the file being read posts the question and its card shows
 * at once, "the agent has not picked it up"; the answer shows under it.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { refreshProposals } from '../proposals/proposalsService.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { QuestionsPanel } from './QuestionsPanel.js';

afterEach(cleanup);

describe('QuestionsPanel', () => {
  it('says why it cannot ask under plain redline', async () => {
    const harness = createHarness();
    await refreshProposals(harness.store, harness.api);
    renderWithReview(<QuestionsPanel />, harness);
    const button = screen.getByRole('button', { name: 'Ask the agent' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('Not available: the in-memory server has no agent.')).toBeTruthy();
  });

  it('asks about the file being read, shows the question at once, then the answer', async () => {
    const harness = createHarness();
    harness.api.asking = { kind: 'live' };
    await refreshProposals(harness.store, harness.api);
    const path = harness.store.getState().files[0]!.path;
    harness.store.getState().setCurrentFile(path);
    renderWithReview(<QuestionsPanel />, harness);
    fireEvent.click(screen.getByRole('button', { name: 'Ask the agent' }));
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'file' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Your question to the agent' }), { target: { value: 'Why this file?' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Ask' })));
    expect(harness.api.questions).toEqual([expect.objectContaining({ anchor: { scope: 'file', path }, text: 'Why this file?' })]);
    expect(screen.getByText('Why this file?')).toBeTruthy();
    expect(screen.getByText(/the agent has not picked it up$/)).toBeTruthy();
    harness.api.questions[0]!.answer = { text: 'It holds the fix.', answeredAt: new Date().toISOString(), proposalId: null };
    await act(async () => refreshProposals(harness.store, harness.api));
    expect(screen.getByText('It holds the fix.')).toBeTruthy();
    expect(screen.getByText('answered just now')).toBeTruthy();
  });

  it('asks about the lines selected in the diff, as a comment would take them', async () => {
    const harness = createHarness();
    harness.api.asking = { kind: 'live' };
    await refreshProposals(harness.store, harness.api);
    const path = harness.store.getState().files[0]!.path;
    harness.store.getState().setSelection({ fileId: path, range: { start: 3, end: 2, side: 'additions' } });
    renderWithReview(<QuestionsPanel />, harness);
    fireEvent.click(screen.getByRole('button', { name: 'Ask the agent' }));
    // The selection is what the question is about unless the reviewer picks another place.
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('lines');
    expect(screen.getByRole('option', { name: `${path}, lines 2-3 (new)` })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Your question to the agent' }), { target: { value: 'Why these two?' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Ask' })));
    expect(harness.api.questions).toEqual([expect.objectContaining({ anchor: { scope: 'lines', path, side: 'new', lines: { start: 2, end: 3 } }, text: 'Why these two?' })]);
  });
});
