import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createItemsBuilder } from '../diff/buildItems.js';
import { FeedbackDialog } from '../feedback/FeedbackDialog.js';
import { makeRoundReview } from '../testing/roundsFixture.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { ThreadCard } from './ThreadCard.js';
import { ThreadList } from './ThreadList.js';

afterEach(cleanup);

function harness() {
  const h = createHarness(makeRoundReview());
  // The name the preferences remember: round 1's reviewer, whose threads these are.
  h.store.getState().setReviewer('@alice');
  return h;
}
const card = (id: string) => document.querySelector(`[data-thread="${id}"]`) as HTMLElement;

function renderThreads(h = harness()) {
  renderWithReview(
    <>
      {h.store.getState().review!.rounds!.threads.map((t) => (
        <ThreadCard key={t.id} id={t.id} />
      ))}
    </>,
    h,
  );
  return h;
}

describe('earlier rounds\' threads in the diff', () => {
  it('say "Proposed by the agent" on a thread that was an accepted proposal, as its round recorded it', () => {
    const h = harness();
    h.store.setState((s) => ({
      review: { ...s.review!, rounds: { ...s.review!.rounds!, threads: s.review!.rounds!.threads.map((t) => (t.id === 's-applied' ? { ...t, annotation: { ...t.annotation, proposal: 'p1' } } : t)) } },
    }));
    renderThreads(h);
    expect(within(card('s-applied')).getByText('Proposed by the agent')).toBeTruthy();
    expect(within(card('c-open')).queryByText('Proposed by the agent')).toBeNull();
  });

  it('show the label their annotation was sent with as a chip, and none without one', () => {
    const h = harness();
    h.store.setState((s) => ({
      review: { ...s.review!, rounds: { ...s.review!.rounds!, threads: s.review!.rounds!.threads.map((t) => (t.id === 'c-open' ? { ...t, annotation: { ...t.annotation, label: { kind: 'issue', blocking: true } } } : t)) } },
    }));
    renderThreads(h);
    expect(within(card('c-open')).getByText('issue · blocking')).toBeTruthy();
    expect(card('c-changed').querySelector('.label-chip')).toBeNull();
  });

  it('sit under their lines now, or above the first line when those are not in the diff shown', () => {
    const h = harness();
    const s = h.store.getState();
    const [item] = createItemsBuilder()({ files: s.files, annotations: [], threads: s.review!.rounds!.threads, composer: null, isCollapsed: () => false });
    const slots = item!.annotations!.filter((a) => a.metadata.kind === 'thread').map((a) => [a.metadata.kind === 'thread' ? a.metadata.id : '', a.lineNumber]);
    // Line 6 (`return a - b;`) is in no hunk of CALC_PATCH; 1, 2 and 9 are.
    expect(Object.fromEntries(slots)).toEqual({ 'c-open': 0, 'c-changed': 9, 'c-resolved': 1, 's-applied': 2 });
  });

  it('show the core\'s state: open with the agent\'s reply, changed with the change, applied, resolved folded', () => {
    renderThreads();
    expect(within(card('c-open')).getByText('Open')).toBeTruthy();
    expect(within(card('c-open')).getByText('Subtraction is the spec.')).toBeTruthy();
    expect(within(card('c-open')).getByText('Agent')).toBeTruthy();
    const change = within(card('c-changed')).getByRole('group', { name: 'Changed since round 1' });
    expect(change.textContent).toContain('export const VERSION = 3;');
    expect(change.textContent).toContain('export const VERSION = 2;');
    expect(within(card('s-applied')).getByText('Applied')).toBeTruthy();
    const resolved = card('c-resolved');
    expect(within(resolved).getByText('Resolved')).toBeTruthy();
    // Folded: the header (with the text's first line) and no body or actions.
    expect(resolved.querySelector('.annotation-text')).toBeNull();
    expect(within(resolved).queryByRole('button', { name: 'Reopen' })).toBeNull();
    fireEvent.click(within(resolved).getByRole('button', { name: 'Show' }));
    expect(card('c-resolved').querySelector('.annotation-text')!.textContent).toBe('Name this sum.');
    expect(within(card('c-resolved')).getByRole('button', { name: 'Reopen' })).toBeTruthy();
  });

  it('Reply, Resolve and Reopen are sent with the feedback as threadActs, with the reviewer', async () => {
    const h = renderThreads();
    fireEvent.click(within(card('c-open')).getByRole('button', { name: 'Reply' }));
    fireEvent.change(within(card('c-open')).getByRole('textbox', { name: 'Reply' }), { target: { value: 'Then say so in a comment.' } });
    fireEvent.click(within(card('c-open')).getByRole('button', { name: 'Add reply' }));
    expect(within(card('c-open')).getByText('Your reply, sent with this round')).toBeTruthy();
    fireEvent.click(within(card('c-changed')).getByRole('button', { name: 'Resolve' }));
    // Resolving folds it; reopening the resolved one unfolds it.
    expect(within(card('c-changed')).getByRole('button', { name: 'Show' })).toBeTruthy();
    fireEvent.click(within(card('c-resolved')).getByRole('button', { name: 'Show' }));
    fireEvent.click(within(card('c-resolved')).getByRole('button', { name: 'Reopen' }));
    h.store.getState().setReviewer('@alice');
    h.store.getState().openDialog('feedback');
    renderWithReview(<FeedbackDialog />, h);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(h.api.sent).toHaveLength(1));
    expect(h.api.sent[0]).toMatchObject({
      reviewer: '@alice',
      threadActs: [
        { thread: 'c-open', act: 'reply', text: 'Then say so in a comment.' },
        { thread: 'c-changed', act: 'resolve', text: '' },
        { thread: 'c-resolved', act: 'reopen', text: '' },
      ],
    });
  });

  it('Undo takes an unsent act back', () => {
    const h = renderThreads();
    fireEvent.click(within(card('c-open')).getByRole('button', { name: 'Resolve' }));
    fireEvent.click(within(card('c-open')).getByRole('button', { name: 'Show' }));
    fireEvent.click(within(card('c-open')).getByRole('button', { name: 'Undo' }));
    expect(h.store.getState().threadActs).toEqual([]);
  });

  it('are all listed in the sidebar\'s Threads group, resolved ones included', () => {
    renderWithReview(<ThreadList />, harness());
    const list = screen.getByRole('region', { name: 'Threads' });
    expect(within(list).getAllByRole('button')).toHaveLength(4);
    expect(within(list).getByText('Resolved')).toBeTruthy();
    expect(within(list).getByText('Changed')).toBeTruthy();
  });
});
