import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PullRequestData } from '@redline/core';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api/apiClient.js';
import { CALC_FILES, CALC_PATCH, makeReview } from '../testing/fixtures.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { SentScreen } from './EndScreens.js';
import { FeedbackDialog } from './FeedbackDialog.js';

afterEach(cleanup);

const PR: PullRequestData = {
  forge: 'github', host: 'github.com', owner: 'acme', repo: 'widgets', number: 42, title: 'More widgets', url: 'https://github.com/acme/widgets/pull/42',
  baseSha: 'a'.repeat(40), headSha: 'b'.repeat(40), threads: [],
};
const REVIEW_URL = 'https://github.com/acme/widgets/pull/42#pullrequestreview-7';

function harness(pullRequest: PullRequestData | null) {
  const review = makeReview(CALC_PATCH, CALC_FILES);
  const h = createHarness(pullRequest ? { ...review, pullRequest } : review);
  h.store.getState().openDialog('feedback');
  return h;
}

describe('publishing from the Send dialog', () => {
  it('offers no publishing for a review that is not of a pull request', () => {
    renderWithReview(<FeedbackDialog />, harness(null));
    expect(screen.queryByRole('checkbox', { name: /Publish to pull request/ })).toBeNull();
  });

  it('offers "Publish to pull request #N" beside the verdict, naming what GitHub will show', () => {
    const h = harness(PR);
    renderWithReview(<FeedbackDialog />, h);
    fireEvent.click(screen.getByRole('radio', { name: /^Request changes/ }));
    const box = screen.getByRole('checkbox', { name: /Publish to pull request #42/ });
    expect(box.closest('label')!.textContent).toContain('acme/widgets#42: one GitHub review with changes requested');
    expect((box as HTMLInputElement).checked).toBe(false);
  });

  it('sends without publishing when it is not checked', async () => {
    const h = harness(PR);
    renderWithReview(<FeedbackDialog />, h);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(h.store.getState().phase).toBe('sent'));
    expect(h.api.sent[0]!.publish).toBeUndefined();
    expect(h.api.calls).not.toContain('publish');
  });

  it('checked: sends with publish, then posts POST /api/publish and shows the link on the sent screen', async () => {
    const h = harness(PR);
    h.api.publishAnswer = { kind: 'published', url: REVIEW_URL };
    renderWithReview(<FeedbackDialog />, h);
    fireEvent.click(screen.getByRole('checkbox', { name: /Publish to pull request #42/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(h.store.getState().publishOutcome).toEqual({ kind: 'published', url: REVIEW_URL }));
    expect(h.api.sent[0]!.publish).toBe(true);
    expect(h.api.calls.slice(-2)).toEqual(['feedback', 'publish']);
    cleanup();
    renderWithReview(<SentScreen />, h);
    // The outcome note is a lazy chunk (app/lazyPanels.tsx): it comes in a moment after the screen.
    expect((await screen.findByRole('link', { name: REVIEW_URL })).getAttribute('href')).toBe(REVIEW_URL);
    expect(screen.getByRole('status').textContent).toContain('Published to acme/widgets#42');
  });

  it('says where a round already published is', async () => {
    const h = harness(PR);
    h.api.publishAnswer = { kind: 'already-published', url: REVIEW_URL };
    h.store.getState().setPublishToPullRequest(true);
    await h.controller.sendFeedback();
    renderWithReview(<SentScreen />, h);
    expect((await screen.findByRole('status')).textContent).toBe(`Already published: ${REVIEW_URL}`);
  });

  it('says a failure in one line', async () => {
    const h = harness(PR);
    h.api.publishAnswer = new ApiRequestError('publish: GitHub refused the token (403): it lacks the pull request write scope', 502, 'forge-forbidden');
    h.store.getState().setPublishToPullRequest(true);
    await h.controller.sendFeedback();
    renderWithReview(<SentScreen />, h);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Not published: publish: GitHub refused the token (403): it lacks the pull request write scope. redline publish in the repository posts the round later.',
    );
  });
});
