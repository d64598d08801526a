/**
 * Keys typed right after `/`, before the search box (a lazy panel,
 * app/lazyPanels.tsx) has mounted and taken focus: held back from the page's
 * shortcuts and handed to the box when it takes focus, so a fast typist's
 * `/needle` searches for "needle" instead of running `n` and opening a
 * comment form on Enter. Holding stops when the box has focus, after a
 * second at most (the box never came), or on any other key; the keys held
 * until then still go to the box.
 */

const HOLD_MS = 1000;
/** Pressed on their own on the way to a character (Shift for a capital): neither held nor an end to holding. */
const MODIFIERS = new Set(['Shift', 'CapsLock', 'Control', 'Alt', 'AltGraph', 'Meta']);

/** The keys held so far, handed to the box when it takes focus. */
let held: string[] = [];
let holding = false;
let holdTimer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

/** Keys a search box takes as typing: one character, Backspace, Enter, with no Ctrl, Alt or Meta. */
function isBoxKey(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return false;
  return event.key.length === 1 || event.key === 'Backspace' || event.key === 'Enter';
}

function onKeyDown(event: KeyboardEvent): void {
  if (!holding) return;
  const origin = event.composedPath()[0] ?? event.target;
  if (origin instanceof HTMLInputElement && origin.type === 'search') return stopHolding();
  if (MODIFIERS.has(event.key)) return;
  if (!isBoxKey(event)) return stopHolding();
  held.push(event.key);
  event.preventDefault();
  event.stopImmediatePropagation();
}

/** Later keys go to whatever has focus; those held so far still go to the box when it comes. */
function stopHolding(): void {
  holding = false;
  clearTimeout(holdTimer);
}

/** `/` pressed: hold the keys typed until the search box takes them (window's capture phase, before the page's shortcuts). */
export function holdKeysForSearch(): void {
  if (!listening) {
    window.addEventListener('keydown', onKeyDown, true);
    listening = true;
  }
  held = [];
  holding = true;
  clearTimeout(holdTimer);
  holdTimer = setTimeout(stopHolding, HOLD_MS);
}

/** The search box has focus: the keys held for it (none when nothing was typed ahead), and holding stops. */
export function takeKeysTypedAhead(): string[] {
  const keys = held;
  held = [];
  stopHolding();
  return keys;
}
