/**
 * A keyboard-only reviewer, the same keys in Chromium (Playwright) and in
 * Firefox ESR (puppeteer-core over WebDriver BiDi): what both drivers share
 * is keys, typed text and a look at the page, so one scenario runs in both
 * (e2e/keyboardAfterDialogs.spec.ts). Every check polls the page, as a
 * person waits for it to answer.
 */
import { repoWith } from './repoWith';

/** What the scenarios need of a browser: keys and a look at the page. */
export interface KeyboardDriver {
  press(key: string): Promise<void>;
  /** A key with a modifier held (Shift+↓, Ctrl+Enter, Alt+3). */
  chord(modifier: 'Shift' | 'Control' | 'Alt', key: string): Promise<void>;
  /** Typed as a person types (no pause asked for between keys). */
  type(text: string): Promise<void>;
  evaluate<A, T>(probe: (arg: A) => T, arg: A): Promise<T>;
}

export const CALC = 'src/calc.ts';
export const NOTES = 'src/notes.ts';

/** Two modified files: `src/calc.ts` (lines 2 and 6 changed) and `src/notes.ts`. */
export function keyboardRepo(): string {
  const calc = (op: string, half: string) => `export function add(a: number, b: number): number {\n  return a ${op} b;\n}\n\nexport function half(n: number): number {\n  return ${half};\n}\n`;
  return repoWith(
    { [CALC]: calc('+', 'n / 2'), [NOTES]: 'export const notes = [\n  "one",\n  "two",\n];\n' },
    { [CALC]: calc('-', 'Math.floor(n / 2)'), [NOTES]: 'export const notes = [\n  "one",\n  "two",\n  "three",\n];\n' },
  );
}

/** Polls `probe` in the page until it gives something truthy (10 s). */
export async function until<A, T>(k: KeyboardDriver, what: string, probe: (arg: A) => T, arg: A): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await k.evaluate(probe, arg);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const announcedMatches = (k: KeyboardDriver, what: string, pattern: string) =>
  until(k, what, (source) => new RegExp(source).test(document.querySelector('[data-line-cursor-announcer]')?.textContent ?? ''), pattern);

const focusedName = (k: KeyboardDriver) =>
  k.evaluate(() => {
    const el = document.activeElement;
    return el ? (el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName) : '';
  }, null);

const openDialog = (k: KeyboardDriver) => k.evaluate(() => document.querySelector('dialog[open]')?.getAttribute('aria-labelledby') ? (document.getElementById(document.querySelector('dialog[open]')!.getAttribute('aria-labelledby')!)?.textContent ?? '') : '', null);

/** Waits for the dialog titled `title` to be open, or, with `null`, for none. */
async function dialogIs(k: KeyboardDriver, title: string | null): Promise<void> {
  await until(k, title ? `the ${title} dialog is open` : 'no dialog is open', (want) => {
    const dialog = document.querySelector('dialog[open]');
    const shown = dialog ? (document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent ?? '?') : null;
    return shown === want;
  }, title);
}

async function settle(k: KeyboardDriver): Promise<void> {
  await k.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 150)))), null);
}

/** Focuses a top-bar button as Tab would (no pointer), by its accessible name. */
async function focusTopBarButton(k: KeyboardDriver, name: string): Promise<void> {
  await until(k, `${name} has focus`, (name) => {
    const button = Array.from(document.querySelectorAll<HTMLButtonElement>('.topbar button')).find((b) => (b.getAttribute('aria-label') ?? b.textContent?.trim() ?? '').startsWith(name));
    button?.focus();
    return document.activeElement === button && button !== undefined;
  }, name);
}

/** Settings opened from its button with Enter, closed with Esc. */
async function settingsOpenedAndClosed(k: KeyboardDriver): Promise<void> {
  await focusTopBarButton(k, 'Settings');
  await k.press('Enter');
  await dialogIs(k, 'Settings');
  await k.press('Escape');
  await dialogIs(k, null);
}

/** Waits until the diff is drawn and the page takes keys. */
export async function diffReady(k: KeyboardDriver): Promise<void> {
  await until(k, "the app's diff is shown", () => Array.from(document.querySelectorAll('diffs-container')).some((h) => h.shadowRoot?.querySelector('[data-line]')), null);
}

/** From no line cursor: ↓ starts it on calc's first line, ↓ and Shift+↓ select new lines 2–3 (split view: down the new column), `c`, the text, (Alt+3: labelled issue,) Ctrl+Enter. */
async function commentOnLines2To3(k: KeyboardDriver, text: string, labelled = false): Promise<void> {
  await k.press('ArrowDown');
  await announcedMatches(k, '↓ started the line cursor on the first line', `^${CALC}, new line 1: export function add`);
  await k.press('ArrowDown');
  await k.chord('Shift', 'ArrowDown');
  await announcedMatches(k, 'Shift+↓ selected new lines 2 to 3', 'new line 3: .*lines 2 to 3 selected$');
  await k.press('c');
  await until(k, 'the comment box has focus', () => document.activeElement?.tagName === 'TEXTAREA', null);
  await k.type(text);
  if (labelled) {
    await k.chord('Alt', '3');
    await until(k, 'Alt+3 chose the label issue', () => document.querySelector('form.composer button[aria-pressed="true"]')?.textContent === 'issue', null);
  }
  await k.chord('Control', 'Enter');
  await until(k, 'the comment card is shown', () => document.querySelector('article[aria-label="Comment, Lines 2–3 (new)"]') !== null, null);
}

/** The label chip on the card named `name`, once shown. */
const chipOn = (k: KeyboardDriver, name: string, chip: string) =>
  until(k, `the card ${name} shows the chip ${chip}`, ([name, chip]) => document.querySelector(`article[aria-label="${name}"] .label-chip`)?.textContent === chip, [name, chip] as const);

/**
 * The sequence: Settings opened from its button, closed with Esc;
 * focus is back on the button (the dialog pattern), ↓ starts the line
 * cursor, Shift+↓ selects, `c` and typing comment. Then Space and Enter on
 * the button a dialog gave focus back to do not open it again, and Tab goes
 * on from it through the page's controls.
 */
export async function settingsThenComment(k: KeyboardDriver): Promise<string[]> {
  await settingsOpenedAndClosed(k);
  const back = await focusedName(k);
  if (back !== 'Settings') throw new Error(`focus went back to ${JSON.stringify(back)}, not to the Settings button`);

  await commentOnLines2To3(k, 'After Settings: subtraction in add().');

  // Space, then Enter, on the button the dialog gave focus back to: no dialog again.
  for (const key of [' ', 'Enter']) {
    await settingsOpenedAndClosed(k);
    await k.press(key);
    await settle(k);
    const open = await openDialog(k);
    if (open !== '') throw new Error(`${JSON.stringify(key)} after Esc opened ${open} again`);
  }

  // Tab from the button a dialog gave focus back to: on through the top bar, the sidebar's controls, the diff's.
  await settingsOpenedAndClosed(k);
  const stops: string[] = [];
  for (let i = 0; i < 8; i++) {
    await k.press('Tab');
    stops.push(await focusedName(k));
  }
  return stops;
}

/** Opens and closes every dialog from the keyboard: `?`, Ctrl+Enter, then Settings and Close review from their buttons; ↓ works after each. */
export async function everyDialogOpenedAndClosed(k: KeyboardDriver): Promise<void> {
  const steps: { title: string; open: () => Promise<void> }[] = [
    { title: 'Keyboard shortcuts', open: () => k.press('?') },
    { title: 'Send Feedback', open: () => k.chord('Control', 'Enter') },
    { title: 'Settings', open: async () => (await focusTopBarButton(k, 'Settings'), k.press('Enter')) },
    { title: 'Close review', open: async () => (await focusTopBarButton(k, 'Close review'), k.press('Enter')) },
    { title: 'Keyboard shortcuts', open: async () => (await focusTopBarButton(k, 'Keyboard shortcuts'), k.press(' ')) },
  ];
  for (const step of steps) {
    await step.open();
    await dialogIs(k, step.title);
    await k.press('Escape');
    await dialogIs(k, null);
    await k.press('ArrowDown');
    await announcedMatches(k, `↓ moves the line cursor after ${step.title} was closed`, ', (new|old) line \\d+:');
    await k.press('Escape');
    await announcedMatches(k, 'Esc left the line cursor', '^$');
  }
}

/** The rest of a review, keys only: move, select a range, comment (labelled with Alt+3), suggest (Alt+4), mark viewed, next unviewed, search, send. */
export async function keyboardOnlyReview(k: KeyboardDriver): Promise<void> {
  await commentOnLines2To3(k, 'Keys only: a range comment.', true);
  await chipOn(k, 'Comment, Lines 2–3 (new)', 'issue · blocking');

  for (let i = 0; i < 12; i++) {
    if (await k.evaluate(() => /new line 6:/.test(document.querySelector('[data-line-cursor-announcer]')?.textContent ?? ''), null)) break;
    await k.press('ArrowDown');
    await settle(k);
  }
  await announcedMatches(k, 'the cursor reached new line 6', `^${CALC}, new line 6:`);
  await k.press('s');
  await until(k, 'the suggestion box has focus, holding the line', () => document.activeElement instanceof HTMLTextAreaElement && document.activeElement.value === '  return Math.floor(n / 2);', null);
  await k.press('End');
  await k.type(' // rounds down');
  await k.chord('Alt', '4');
  await k.chord('Control', 'Enter');
  await until(k, 'the suggestion is shown', () => document.querySelector('article[aria-label="Suggestion, Line 6 (new)"]') !== null, null);
  await chipOn(k, 'Suggestion, Line 6 (new)', 'nitpick · non-blocking');

  // Shift+V: calc viewed, on to notes (the next not viewed).
  await k.chord('Shift', 'V');
  await until(k, 'calc is viewed and notes is current', (path) => {
    const current = document.querySelector('[aria-current="location"]')?.getAttribute('aria-label') ?? '';
    return document.querySelector(`.tree-file.is-viewed[aria-label^="${path},"]`) !== null && !current.startsWith(path);
  }, CALC);

  // Search from the keyboard: `/` and the query typed at once (the box is a lazy panel: the keys wait for it), Esc back to the page.
  await k.type('/three');
  await until(k, 'the search box has focus, holding the query', () => document.activeElement?.getAttribute('aria-label') === 'Search' && (document.activeElement as HTMLInputElement).value === 'three', null);
  await until(k, 'the search found it', () => /^1 of 1$/.test(document.querySelector('.search-status')?.textContent ?? ''), null);
  await k.press('Escape');
  await until(k, 'the search is closed', () => document.querySelector('.search-bar') === null, null);

  // Send: Ctrl+Enter opens Send Feedback, Ctrl+Enter there sends.
  await k.chord('Control', 'Enter');
  await dialogIs(k, 'Send Feedback');
  await until(k, 'the preview holds the comment', () => document.querySelector('[data-testid="feedback-preview"]')?.textContent?.includes('Keys only') ?? false, null);
  await k.chord('Control', 'Enter');
  await until(k, 'the page says the feedback was sent', () => Array.from(document.querySelectorAll('h1, h2')).some((h) => h.textContent === 'Feedback sent'), null);
}
