import { afterEach, describe, expect, it } from 'vitest';
import { holdKeysForSearch, takeKeysTypedAhead } from './searchTypeAhead.js';
import { typeIntoSearchBox } from './typeIntoSearchBox.js';

const press = (key: string, init: KeyboardEventInit = {}) => document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));

describe('keys typed after / before the search box has focus', () => {
  afterEach(() => void takeKeysTypedAhead());

  it('are held back from the page (no shortcut sees them) and handed to the box, Shift on the way to a capital neither held nor ending it', () => {
    const seen: string[] = [];
    const page = (event: KeyboardEvent) => seen.push(event.key);
    window.addEventListener('keydown', page);
    holdKeysForSearch();
    for (const key of ['n', 'e', 'Shift', 'E', 'd', 'Enter']) press(key);
    window.removeEventListener('keydown', page);
    expect(seen).toEqual(['Shift']);
    expect(takeKeysTypedAhead()).toEqual(['n', 'e', 'E', 'd', 'Enter']);
    // Taken once: holding has stopped.
    press('j');
    expect(takeKeysTypedAhead()).toEqual([]);
  });

  it('stop being held on a chord (Ctrl+Enter is the page\'s) or once the search box has the keys', () => {
    holdKeysForSearch();
    press('a');
    press('Enter', { ctrlKey: true });
    press('b');
    expect(takeKeysTypedAhead()).toEqual(['a']);
    holdKeysForSearch();
    const box = document.createElement('input');
    box.type = 'search';
    document.body.append(box);
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'x', bubbles: true, cancelable: true }));
    expect(takeKeysTypedAhead()).toEqual([]);
    box.remove();
  });

  it('type into the box as into its selected text: a character replaces it, Backspace deletes, Enter submits', () => {
    expect(typeIntoSearchBox('old', ['n', 'e', 'e', 'd', 'l', 'e'])).toEqual({ query: 'needle', submit: false });
    expect(typeIntoSearchBox('old', ['n', 'x', 'Backspace', 'o', 'Enter'])).toEqual({ query: 'no', submit: true });
    expect(typeIntoSearchBox('old', ['Backspace'])).toEqual({ query: '', submit: false });
    expect(typeIntoSearchBox('old', ['Enter'])).toEqual({ query: 'old', submit: true });
  });
});
