/**
 * The Send dialog's preview in a round that continues a series (issue 13): it
 * shows the earlier round's threads exactly as the core renders them from the
 * page's ReviewData (the CLI renders the same value on Send), and a resolve
 * made in the page moves a thread from "still open" to "settled" at once.
 */
import { buildFeedbackReview, renderFeedbackMarkdown } from '@redline/core';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRoundReview } from '../testing/roundsFixture.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { FeedbackDialog } from './FeedbackDialog.js';

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
    expect(preview()).toBe(renderFeedbackMarkdown(buildFeedbackReview(s.review!, { verdict: s.verdict, summary: s.summary, annotations: s.annotations })));
    expect(preview()).toContain('### Thread `c-open` · round 1 · open');
    expect(preview()).toContain("**Agent's reply:**\n\n> Subtraction is the spec.");
    expect(preview()).toContain('- `s-applied` (round 1, `src/calc.ts`): suggestion applied');

    act(() => h.store.getState().actOnThread('c-open', 'resolve'));
    expect(preview()).not.toContain('### Thread `c-open`');
    expect(preview()).toContain('- `c-open` (round 1, `src/calc.ts`): resolved by the reviewer');
    expect(preview()).toBe(renderFeedbackMarkdown(h.controller.feedbackReview()));
  });
});
