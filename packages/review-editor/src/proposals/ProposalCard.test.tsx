/**
 * The proposal card against the in-memory server: drawn as the agent's
 * ("Agent proposal · finding"); Accept makes it the reviewer's annotation
 * with "proposed by the agent" kept; Edit makes the reviewer's own words
 * one; Reject and Reply are answered (a Reply also goes to a running agent
 * as a question); an outdated one cannot be accepted.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sha256Hex, type ProposalState } from '@redline/core';
import { AnnotationCard } from '../annotations/AnnotationCard.js';
import { CALC_FILES, CALC_NEW, CALC_OLD, CALC_PATCH, makeReview } from '../testing/fixtures.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { refreshProposals } from './proposalsService.js';
import { ProposalCard } from './ProposalCard.js';
import { proposalSlots } from './proposalSlots.js';

afterEach(cleanup);

function proposal(id: string, extra: Partial<ProposalState> = {}, suggestion: { original: string; replacement: string } | null = null): ProposalState {
  return {
    proposal: { id, seen: 'old line', postedAt: '2026-12-01T00:00:00Z', finding: { kind: 'finding', path: 'src/calc.ts', side: 'new', lines: { start: 2, end: 2 }, text: `Words of ${id}`, suggestion } as ProposalState['proposal']['finding'] },
    answer: { kind: 'unanswered' },
    replies: [],
    outdated: false,
    ...extra,
  };
}

const calcFile = (harness: ReturnType<typeof createHarness>) => harness.store.getState().files.find((file) => file.path === 'src/calc.ts')!;

async function harnessWith(...states: ProposalState[]) {
  const harness = createHarness(makeReview(CALC_PATCH, CALC_FILES));
  harness.api.proposals = states;
  await refreshProposals(harness.store, harness.api);
  return harness;
}

describe('ProposalCard', () => {
  it("is drawn as the agent's, and Accept makes it the reviewer's annotation, proposed by the agent", async () => {
    const harness = await harnessWith(proposal('p1'));
    renderWithReview(<ProposalCard id="p1" />, harness);
    expect(screen.getByRole('article', { name: 'Agent proposal · finding, Line 2 (new)' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Accept' })));
    const [annotation] = harness.store.getState().annotations;
    expect(annotation).toMatchObject({ kind: 'comment', text: 'Words of p1', path: 'src/calc.ts', startLine: 2, side: 'new' });
    expect(harness.api.calls).toContain(`proposal accept p1`);
    expect(harness.store.getState().proposals[0]!.answer).toEqual({ kind: 'accepted', annotationId: annotation!.id });
    cleanup();
    renderWithReview(<AnnotationCard id={annotation!.id} />, harness);
    expect(screen.getByText('Proposed by the agent')).toBeTruthy();
    // Taken in: it is no longer drawn as a proposal.
    expect(proposalSlots(calcFile(harness), harness.store.getState().proposals)).toEqual([]);
  });

  it('an annotation that carries its proposal says "Proposed by the agent" though the board no longer lists that proposal (a kept draft)', async () => {
    const harness = await harnessWith();
    harness.store.getState().addAnnotation({ id: 'kept', kind: 'comment', scope: 'line', path: 'src/calc.ts', side: 'new', startLine: 2, endLine: 2, text: 'from the agent', createdAt: '', proposal: 'p-gone' });
    renderWithReview(<AnnotationCard id="kept" />, harness);
    expect(screen.getByText('Proposed by the agent')).toBeTruthy();
  });

  it("Accept of a replacement is a suggestion on the lines it saw; Edit is the reviewer's own comment", async () => {
    const harness = await harnessWith(proposal('p2', {}, { original: 'old line', replacement: 'new line' }), proposal('p3'));
    renderWithReview(<><ProposalCard id="p2" /><ProposalCard id="p3" /></>, harness);
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Accept' })[0]!));
    // Where it came from is the annotation's own (the round records it): the proposal's id, on Accept only.
    expect(harness.store.getState().annotations[0]).toMatchObject({ kind: 'suggestion', originalCode: 'old line', suggestedCode: 'new line', startLine: 2, proposal: 'p2' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Your comment' }), { target: { value: 'My own words' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save as my comment' })));
    expect(harness.store.getState().annotations[1]).toMatchObject({ kind: 'comment', text: 'My own words' });
    expect(harness.store.getState().annotations[1]).not.toHaveProperty('proposal');
    expect(harness.store.getState().proposals.find((p) => p.proposal.id === 'p3')!.answer.kind).toBe('edited');
  });

  it("an accepted replacement carries the served file's revision when its lines read as the agent saw them, and none when they do not", async () => {
    const seen = '  return a + b + 0;';
    const matching = proposal('p7', {}, { original: seen, replacement: '  return a + b;' });
    matching.proposal = { ...matching.proposal, seen };
    const stale = proposal('p8', {}, { original: 'old line', replacement: 'new line' });
    const harness = createHarness(makeReview(CALC_PATCH, CALC_FILES), { 'src/calc.ts': [CALC_OLD, CALC_NEW] });
    harness.api.proposals = [matching, stale];
    await refreshProposals(harness.store, harness.api);
    renderWithReview(<><ProposalCard id="p7" /><ProposalCard id="p8" /></>, harness);
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Accept' })[0]!));
    expect(harness.store.getState().annotations[0]).toMatchObject({ kind: 'suggestion', originalCode: seen, revision: sha256Hex(CALC_NEW) });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Accept' })));
    // Its lines read otherwise in the file: no revision proves where they are (the server refuses it as outdated).
    expect(harness.store.getState().annotations[1]).toMatchObject({ kind: 'suggestion', originalCode: 'old line', revision: null });
  });

  it('a second Accept while the first is under way adds nothing and takes nothing back', async () => {
    const harness = await harnessWith(proposal('p9', {}, { original: 'old line', replacement: 'new line' }));
    renderWithReview(<ProposalCard id="p9" />, harness);
    const accept = screen.getByRole('button', { name: 'Accept' });
    await act(async () => {
      fireEvent.click(accept);
      fireEvent.click(accept);
    });
    expect(harness.store.getState().annotations).toHaveLength(1);
    expect(harness.api.calls.filter((call) => call === 'proposal accept p9')).toHaveLength(1);
  });

  it('Reject and Reply are answered; an outdated proposal cannot be accepted unchanged', async () => {
    const harness = await harnessWith(proposal('p4', { outdated: true }));
    renderWithReview(<ProposalCard id="p4" />, harness);
    expect(screen.getByText('Outdated')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Accept' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Reply' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Your reply to the agent' }), { target: { value: 'Not this one.' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send reply' })));
    expect(screen.getByLabelText('Your reply').textContent).toContain('Not this one.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reject' })));
    expect(screen.getByText('Rejected')).toBeTruthy();
    expect(harness.store.getState().annotations).toEqual([]);
    expect(proposalSlots(calcFile(harness), harness.store.getState().proposals)).toEqual([{ side: 'additions', lineNumber: 0, metadata: { kind: 'proposal', id: 'p4' } }]);
  });

  it('a Reply goes to the running agent as a question on the proposal, and only where an agent reads questions', async () => {
    const harness = await harnessWith(proposal('p5'), proposal('p6'));
    const reply = async (id: string, text: string) => {
      renderWithReview(<ProposalCard id={id} />, harness);
      fireEvent.click(screen.getByRole('button', { name: 'Reply' }));
      fireEvent.change(screen.getByRole('textbox', { name: 'Your reply to the agent' }), { target: { value: text } });
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send reply' })));
      cleanup();
    };
    // Plain redline: the agent reads nothing before the feedback, so the reply is only kept.
    await reply('p5', 'Kept for the export.');
    expect(harness.api.questions).toEqual([]);
    harness.api.asking = { kind: 'live' };
    await refreshProposals(harness.store, harness.api);
    await reply('p6', 'Why a finding here?');
    expect(harness.api.proposals.find((p) => p.proposal.id === 'p6')!.replies).toEqual(['Why a finding here?']);
    expect(harness.api.questions).toEqual([expect.objectContaining({ anchor: { scope: 'proposal', proposalId: 'p6' }, text: 'Why a finding here?' })]);
    expect(harness.store.getState().questions).toHaveLength(1);
  });

  it('sits under its line when the diff draws it, else above the file, so it is always seen', async () => {
    const onUnchangedCode = proposal('p6');
    onUnchangedCode.proposal = { ...onUnchangedCode.proposal, finding: { ...onUnchangedCode.proposal.finding, lines: { start: 400, end: 400 } } as ProposalState['proposal']['finding'] };
    const harness = await harnessWith(proposal('p5'), onUnchangedCode);
    expect(proposalSlots(calcFile(harness), harness.store.getState().proposals)).toEqual([
      { side: 'additions', lineNumber: 2, metadata: { kind: 'proposal', id: 'p5' } },
      { side: 'additions', lineNumber: 0, metadata: { kind: 'proposal', id: 'p6' } },
    ]);
  });
});
