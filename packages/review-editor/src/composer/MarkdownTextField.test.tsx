// @vitest-environment jsdom
// jsdom, as markdown/Markdown.test.tsx: the preview goes through DOMPurify, which happy-dom 21 cannot run.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CALC_FILES, CALC_PATCH, makeReview } from '../testing/fixtures.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { ComposerForm } from './ComposerForm.js';

afterEach(cleanup);

function openComment() {
  const harness = createHarness(makeReview(CALC_PATCH, CALC_FILES));
  harness.controller.openComment({ scope: 'general' });
  return renderWithReview(<ComposerForm />, harness);
}

const box = () => document.querySelector('textarea') as HTMLTextAreaElement;

describe('the composer\'s Write and Preview tabs', () => {
  it('previews the text as the cards render it, and keeps the draft, unchanged, across switches', async () => {
    openComment();
    fireEvent.change(box(), { target: { value: 'Use **const** here' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Preview' });
    await waitFor(() => expect(panel.querySelector('strong')?.textContent).toBe('const'));
    expect(screen.getByRole('tab', { name: 'Preview' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Write' }));
    expect(box().value).toBe('Use **const** here');
    expect(screen.queryByRole('tabpanel', { name: 'Preview' })).toBeNull();
  });

  it('is one Tab stop whose arrow keys switch tabs', () => {
    openComment();
    const write = screen.getByRole('tab', { name: 'Write' });
    const preview = screen.getByRole('tab', { name: 'Preview' });
    expect([write.tabIndex, preview.tabIndex]).toEqual([0, -1]);
    write.focus();
    fireEvent.keyDown(write, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(preview);
    expect([write.tabIndex, preview.tabIndex]).toEqual([-1, 0]);
    fireEvent.keyDown(preview, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(write);
  });

  it('adds the comment with Ctrl+Enter from Write and from Preview', async () => {
    const view = openComment();
    fireEvent.change(box(), { target: { value: 'first' } });
    fireEvent.keyDown(box(), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(view.store.getState().annotations.map((a) => a.text)).toEqual(['first']));
    cleanup();
    const again = openComment();
    fireEvent.change(box(), { target: { value: 'second' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    fireEvent.keyDown(screen.getByRole('tabpanel', { name: 'Preview' }), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(again.store.getState().annotations.map((a) => a.text)).toEqual(['second']));
  });
});
