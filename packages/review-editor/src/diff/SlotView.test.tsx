/**
 * A press inside a slot stays in the slot: CodeView listens for pointerdown
 * on its code element (an ancestor of every slot) and took a press on the
 * comment form's "Add comment" for the start of a line selection, redrawing
 * the rows between mousedown and mouseup so the click was lost.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Slot } from './SlotView.js';

afterEach(cleanup);

describe('Slot', () => {
  it('keeps a pointerdown on its content from the code element around it, and lets the click through', () => {
    const seen: string[] = [];
    render(
      <div data-testid="code">
        <Slot>
          <button type="button" onClick={() => seen.push('click')}>
            Add comment
          </button>
        </Slot>
      </div>,
    );
    screen.getByTestId('code').addEventListener('pointerdown', () => seen.push('code saw pointerdown'));
    const button = screen.getByRole('button', { name: 'Add comment' });
    fireEvent.pointerDown(button);
    fireEvent.click(button);
    expect(seen).toEqual(['click']);
    // Outside a slot the code element still hears presses (line selection keeps working).
    fireEvent.pointerDown(screen.getByTestId('code'));
    expect(seen).toEqual(['click', 'code saw pointerdown']);
  });
});
