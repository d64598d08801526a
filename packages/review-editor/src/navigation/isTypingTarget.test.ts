import { afterEach, describe, expect, it } from 'vitest';
import { isTypingTarget } from './isTypingTarget.js';
import { shortcutFor } from './shortcuts.js';

interface Seen {
  target: EventTarget | null;
  typing: boolean;
  shortcut: ReturnType<typeof shortcutFor>;
}

/** Dispatches a keydown and reports what a window listener saw (as the page's handler does). */
function keyOn(target: EventTarget, key: string, init: KeyboardEventInit = {}): Seen {
  let seen: Seen | null = null;
  const listener = (event: KeyboardEvent) => {
    seen = { target: event.target, typing: isTypingTarget(event), shortcut: shortcutFor(event) };
  };
  window.addEventListener('keydown', listener);
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true, ...init }));
  window.removeEventListener('keydown', listener);
  if (!seen) throw new Error('the event did not reach window');
  return seen;
}

describe('keyboard shortcuts are ignored while typing', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('fire from the page itself and from buttons and checkboxes', () => {
    document.body.innerHTML = '<button>b</button><input type="checkbox">';
    expect(keyOn(document.body, 'j').shortcut).toBe('nextFile');
    expect(keyOn(document.querySelector('button')!, 'v').shortcut).toBe('toggleViewed');
    expect(keyOn(document.querySelector('input')!, '/').shortcut).toBe('search');
    expect(keyOn(document.body, 'Enter', { ctrlKey: true }).shortcut).toBe('sendFeedback');
    expect(keyOn(document.body, 'j', { ctrlKey: true }).shortcut).toBeNull();
  });

  it('↓ and ↑ reach the page from a plain button (it takes no arrows), not from a tab, a tree row or a select', () => {
    document.body.innerHTML = '<button id="plain">Settings</button><div role="tab" tabindex="0">t</div><div role="treeitem" tabindex="0">r</div>';
    expect(keyOn(document.getElementById('plain')!, 'ArrowDown').shortcut).toBe('lineDown');
    expect(keyOn(document.getElementById('plain')!, 'ArrowUp').shortcut).toBe('lineUp');
    expect(keyOn(document.querySelector('[role="tab"]')!, 'ArrowDown').shortcut).toBeNull();
    expect(keyOn(document.querySelector('[role="treeitem"]')!, 'ArrowDown').shortcut).toBeNull();
  });

  it('do not fire in inputs, textareas, selects and contenteditable elements', () => {
    document.body.innerHTML = '<input type="text"><input type="search"><textarea></textarea><select><option>a</option></select><div contenteditable="true"><span>x</span></div>';
    for (const selector of ['input[type=text]', 'input[type=search]', 'textarea', 'select', 'div[contenteditable] span']) {
      const target = document.querySelector(selector)!;
      const seen = keyOn(target, 'j');
      expect(seen.typing, selector).toBe(true);
      expect(seen.shortcut, selector).toBeNull();
    }
  });

  it('do not fire for keys typed inside a shadow root (the editor), even though window sees the host', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    const editable = document.createElement('div');
    root.append(editable);
    // (Browsers retarget event.target to the host here; happy-dom does not.
    // The guard reads composedPath()[0], which is the same in both.)
    const seen = keyOn(editable, 'j');
    expect(seen.typing).toBe(true);
    expect(seen.shortcut).toBeNull();
    // The host itself (focus on the page around the editor) is not typing,
    // nor the diff's focusable code columns, which the page marks as its own.
    expect(keyOn(host, 'j').shortcut).toBe('nextFile');
    const column = document.createElement('code');
    column.setAttribute('data-redline-keys', 'page');
    root.append(column);
    expect(keyOn(column, 'j').shortcut).toBe('nextFile');
  });
});
