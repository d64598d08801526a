/**
 * One source for the shortcut list: docs/shortcuts.md's table is the page's
 * SHORTCUTS table, written by shortcutsDocTable(). Fails when they differ;
 * the failure shows the table to paste.
 */
import { expect, test } from 'vitest';
import { SHORTCUTS } from './shortcuts.js';
import { SHORTCUTS_DOC_END, SHORTCUTS_DOC_START, shortcutsDocTable } from './shortcutsDoc.js';

const DOC = Object.values(import.meta.glob<string>('/docs/shortcuts.md', { query: '?raw', import: 'default', eager: true }))[0] ?? '';

test("docs/shortcuts.md lists exactly the page's shortcuts", () => {
  const start = DOC.indexOf(SHORTCUTS_DOC_START);
  const end = DOC.indexOf(SHORTCUTS_DOC_END);
  expect(start, 'docs/shortcuts.md and its table markers').toBeGreaterThanOrEqual(0);
  expect(DOC.slice(start, end + SHORTCUTS_DOC_END.length)).toBe(shortcutsDocTable());
});

test('every shortcut has keys and words, and no two share a key', () => {
  const chords = SHORTCUTS.flatMap((s) => s.keys);
  expect(new Set(chords).size).toBe(chords.length);
  for (const s of SHORTCUTS) expect(s.keys.length > 0 && s.description.length > 0).toBe(true);
});
