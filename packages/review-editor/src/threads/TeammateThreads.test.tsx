/**
 * A teammate's rounds beside your own (a team): round 1 of the
 * fixture is @alice's; the page is opened by @Bob. Her threads say whose they
 * are and offer Reply only (recorded under his name), her verdict is listed,
 * and a resolve left from before he changed his name is not sent.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FeedbackDialog } from '../feedback/FeedbackDialog.js';
import { makeRoundReview } from '../testing/roundsFixture.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { ThreadCard } from './ThreadCard.js';
import { ThreadList } from './ThreadList.js';

afterEach(cleanup);

function openedBy(reviewer: string) {
  const h = createHarness(makeRoundReview());
  h.store.getState().setReviewer(reviewer);
  renderWithReview(<ThreadCard id="c-open" />, h);
  return h;
}

const thread = () => screen.getByRole('article', { name: /^Comment from round 1, / });

describe('a teammate\'s threads', () => {
  it('carry their name and only Reply; the same person under another case is not a teammate', () => {
    openedBy('@Bob');
    expect(thread().getAttribute('aria-label')).toBe('Comment from round 1, Line 6, Open, by @alice');
    expect(within(thread()).getByText('by @alice')).toBeTruthy();
    expect(within(thread()).queryByRole('button', { name: 'Resolve' })).toBeNull();
    expect(within(thread()).getByRole('button', { name: 'Reply' })).toBeTruthy();
    cleanup();
    openedBy('@ALICE');
    expect(thread().getAttribute('aria-label')).toBe('Comment from round 1, Line 6, Open');
    expect(within(thread()).getByRole('button', { name: 'Resolve' })).toBeTruthy();
  });

  it('send a reply under your name, and never a resolve left from before the name changed', async () => {
    const h = openedBy('@alice');
    fireEvent.click(within(thread()).getByRole('button', { name: 'Resolve' }));
    h.store.getState().setReviewer('@Bob');
    fireEvent.click(within(thread()).getByRole('button', { name: 'Show' }));
    fireEvent.click(within(thread()).getByRole('button', { name: 'Reply' }));
    fireEvent.change(within(thread()).getByRole('textbox', { name: 'Reply' }), { target: { value: 'Agreed with Alice.' } });
    fireEvent.click(within(thread()).getByRole('button', { name: 'Add reply' }));
    h.store.getState().openDialog('feedback');
    renderWithReview(<FeedbackDialog />, h);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(h.api.sent).toHaveLength(1));
    expect(h.api.sent[0]).toMatchObject({ reviewer: '@Bob', threadActs: [{ thread: 'c-open', act: 'reply', text: 'Agreed with Alice.' }] });
  });

  it('are listed with their name, under their rounds\' verdicts', () => {
    const h = createHarness(makeRoundReview());
    h.store.getState().setReviewer('@Bob');
    renderWithReview(<ThreadList />, h);
    const rounds = screen.getByRole('region', { name: "Teammates' rounds" });
    expect(rounds.textContent).toMatch(/R1 @alice Request changes unsigned 2026-01-01 00:00/);
    expect(within(screen.getByRole('region', { name: 'Threads' })).getAllByText('by @alice')).toHaveLength(4);
  });

  it('what the reading did not count is named: a claim as unverified, a refused thread with its ref', () => {
    const review = makeRoundReview();
    const rounds = review.rounds!;
    const ref = 'refs/redline/remotes/origin/abcdefabcdef-123456/bob/rounds';
    rounds.claims = [{ ...rounds.rounds[0]!, number: 2, reviewer: '@alice', verdict: 'approve', commit: 'f'.repeat(40), ref, refReviewer: 'bob' }];
    rounds.refused = [{ id: 'h-env', round: 2, ref, path: '.env', why: 'it is not a file of the reviewed tree' }];
    renderWithReview(<ThreadList />, createHarness(review));
    const notices = screen.getByRole('region', { name: 'Not counted from earlier rounds' }).textContent ?? '';
    expect(notices).toContain('R2 Unverified Approve: claims to be @alice, written under the ref of bob; it changes no thread.');
    expect(notices).toContain(`Thread h-env on .env not read: it is not a file of the reviewed tree. ${ref}`);
  });
});
