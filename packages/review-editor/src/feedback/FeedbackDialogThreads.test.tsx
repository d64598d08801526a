/**
 * The Send dialog's preview in a round that continues a series: it
 * shows the earlier round's threads exactly as the core renders them from the
 * page's ReviewData (the CLI renders the same value on Send), and a resolve
 * made in the page moves a thread from "still open" to "settled" at once.
 */
import { buildFeedbackReview, renderFeedbackMarkdown, type ProposalState } from '@redline/core';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRoundReview } from '../testing/roundsFixture.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { FeedbackDialog } from './FeedbackDialog.js';
import { ThreadCard } from '../threads/ThreadCard.js';

afterEach(cleanup);

const preview = () => screen.getByTestId('feedback-preview').textContent ?? '';

describe('the Send dialog in round 2', () => {
  it('previews the earlier threads as the core renders them, and follows the reviewer\'s resolve', () => {
    const h = createHarness(makeRoundReview());
    // The name the preferences remember: round 1's reviewer, whose threads these are.
    h.store.getState().setReviewer('@alice');
    h.store.getState().openDialog('feedback');
    renderWithReview(<FeedbackDialog />, h);
    const s = h.store.getState();
    expect(preview()).toBe(renderFeedbackMarkdown(buildFeedbackReview(s.review!, { verdict: s.verdict, summary: s.summary, annotations: s.annotations }, [])));
    expect(preview()).toContain('### Thread `c-open` · round 1 · open');
    expect(preview()).toContain("**Agent's reply:**\n\n> Subtraction is the spec.");
    expect(preview()).toContain('- `s-applied` (round 1, `src/calc.ts`): suggestion applied');

    act(() => h.store.getState().actOnThread('c-open', 'resolve'));
    expect(preview()).not.toContain('### Thread `c-open`');
    expect(preview()).toContain('- `c-open` (round 1, `src/calc.ts`): resolved by the reviewer');
    expect(preview()).toBe(renderFeedbackMarkdown(h.controller.feedbackReview()));
  });

  it('previews the Agent proposals section too: the preview is byte for byte what Send prints, with proposals, threads, a resolve and replies', async () => {
    const h = createHarness(makeRoundReview());
    h.store.getState().setReviewer('@alice');
    const finding = (id: string, start: number, text: string): ProposalState => ({
      proposal: { id, seen: 'x', postedAt: '2026-12-01T00:00:00Z', finding: { kind: 'finding', path: 'src/calc.ts', side: 'new', lines: { start, end: start }, text, suggestion: null } },
      answer: { kind: 'unanswered' },
      replies: [],
      outdated: false,
    });
    // Posted by the agent before the dialog opened, never polled by this page: the dialog asks as it opens.
    h.api.proposals = [{ ...finding('p-rejected', 2, 'Use a named constant.'), answer: { kind: 'rejected' }, replies: ['Not here.'] }, finding('p-open', 6, 'Is subtraction meant?')];
    h.store.getState().actOnThread('c-open', 'reply', 'Then say so in a comment.');
    h.store.getState().actOnThread('c-changed', 'resolve');
    h.store.getState().openDialog('feedback');
    renderWithReview(<FeedbackDialog />, h);
    await waitFor(() => expect(preview()).toContain('## Agent proposals'));
    expect(preview()).toContain('### Proposal `p-rejected` · finding · rejected');
    expect(preview()).toContain("**Reviewer's reply:**\n\n> Not here.");
    expect(preview()).toContain('### Proposal `p-open` · finding · unanswered');
    expect(preview()).toContain('- `c-changed` (round 1, `src/calc.ts`): resolved by the reviewer');
    expect(preview()).toContain('> Then say so in a comment.');
    const shown = preview();
    expect(await h.controller.sendFeedback()).toBe(true);
    expect(h.store.getState().sentOutput).toBe(shown);
  });

  it('counts a pending resolve in the footer, and a folded thread shows the state it will have after Send', () => {
    const h = createHarness(makeRoundReview());
    h.store.getState().setReviewer('@alice');
    h.store.getState().actOnThread('c-open', 'resolve');
    h.store.getState().actOnThread('c-changed', 'reply', 'Still 2?');
    h.store.getState().openDialog('feedback');
    renderWithReview(
      <>
        <FeedbackDialog />
        <ThreadCard id="c-open" />
      </>,
      h,
    );
    expect(screen.getByRole('dialog').textContent).toContain('0 annotations, 1 resolve, 1 reply · Ctrl');
    const card = screen.getByRole('article', { name: /^Comment from round 1, Line \d+, Open$/ });
    expect(card.className).toContain('is-folded');
    expect(card.querySelector('.thread-state')!.textContent).toBe('Resolved on Send');
  });
});
