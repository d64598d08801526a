/**
 * The picture viewer's modes, on real components in the DOM: a
 * changed picture offers side by side, swipe and onion skin, reached by
 * keyboard; the slider clips (swipe) or fades (onion skin) the new picture;
 * an added picture shows its one side, with no modes; a refused side says why.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ImageCompare, type ImageSideState } from './ImageCompare.js';
import { overlayStyle } from './imageModes.js';

const shown = (url: string, bytes: number): ImageSideState => ({ state: 'shown', url, bytes });

function newPicture(): HTMLImageElement {
  return screen.getByRole('img', { name: 'New' }) as HTMLImageElement;
}

describe('ImageCompare', () => {
  afterEach(cleanup);

  it('shows both sides with their sizes, and their pixel size once decoded', () => {
    render(<ImageCompare path="logo.png" sides={{ old: shown('blob:old', 75), new: shown('blob:new', 2048) }} />);
    const pictures = screen.getAllByRole('img');
    expect(pictures.map((img) => img.getAttribute('src'))).toEqual(['blob:old', 'blob:new']);
    Object.defineProperty(pictures[1], 'naturalWidth', { value: 8 });
    Object.defineProperty(pictures[1], 'naturalHeight', { value: 6 });
    fireEvent.load(pictures[1]!);
    expect(screen.getByText('New · 8 × 6 px · 2.0 KB')).toBeTruthy();
    expect(screen.getByText('Old · 75 B')).toBeTruthy();
  });

  it('swipe and onion skin: buttons in one group, the slider moving the new picture', () => {
    render(<ImageCompare path="logo.png" sides={{ old: shown('blob:old', 1), new: shown('blob:new', 1) }} />);
    const modes = screen.getByRole('group', { name: 'Compare pictures' });
    const swipe = screen.getByRole('button', { name: 'Swipe' });
    expect(modes.contains(swipe)).toBe(true);
    expect(screen.getByRole('button', { name: 'Side by side' }).getAttribute('aria-pressed')).toBe('true');
    swipe.focus();
    fireEvent.click(swipe);
    expect(swipe.getAttribute('aria-pressed')).toBe('true');
    expect(newPicture().style.clipPath).toBe('inset(0 0 0 50%)');
    const slider = screen.getByRole('slider', { name: /^Swipe position/ });
    fireEvent.change(slider, { target: { value: '20' } });
    expect(newPicture().style.clipPath).toBe('inset(0 0 0 20%)');

    fireEvent.click(screen.getByRole('button', { name: 'Onion skin' }));
    fireEvent.change(screen.getByRole('slider', { name: /^Opacity of the new picture/ }), { target: { value: '75' } });
    expect(newPicture().style.opacity).toBe('0.75');
    expect(newPicture().style.clipPath).toBe('');
  });

  it('an added picture shows its one side and no modes; a refused side says why', () => {
    render(<ImageCompare path="icon.svg" sides={{ new: shown('blob:new', 1) }} />);
    expect(screen.queryByRole('group', { name: 'Compare pictures' })).toBeNull();
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });

  it('a side over the limit or refused by the server stands in as a notice, and turns the modes off', () => {
    render(<ImageCompare path="huge.png" sides={{ old: shown('blob:old', 1), new: { state: 'refused', message: 'Too large to show (12.0 MB)' } }} />);
    expect(screen.getByRole('note').textContent).toBe('Too large to show (12.0 MB)');
    expect(screen.queryByRole('button', { name: 'Swipe' })).toBeNull();
  });
});

describe('overlayStyle', () => {
  it('clamps the position to 0..100', () => {
    expect(overlayStyle('swipe', 140)).toEqual({ clipPath: 'inset(0 0 0 100%)' });
    expect(overlayStyle('onion-skin', -5)).toEqual({ opacity: 0 });
    expect(overlayStyle('side-by-side', 50)).toEqual({});
  });
});
