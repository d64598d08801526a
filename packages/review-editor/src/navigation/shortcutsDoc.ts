/** The shortcut table of docs/shortcuts.md, written from SHORTCUTS (shortcutsDoc.test.ts keeps the file equal to it). */
import { SHORTCUTS } from './shortcuts.js';

export const SHORTCUTS_DOC_START = '<!-- shortcuts:start (written from packages/review-editor/src/navigation/shortcuts.ts) -->';
export const SHORTCUTS_DOC_END = '<!-- shortcuts:end -->';

const chord = (c: string) => c.split('+').map((k) => `<kbd>${k === 'Mod' ? 'Ctrl/⌘' : k}</kbd>`).join('+');

export function shortcutsDocTable(): string {
  const rows = SHORTCUTS.map((s) => `| ${s.keys.map(chord).join(' or ')} | ${s.description}${s.scope === 'lineCursor' ? ' (with the line cursor)' : ''} |`);
  return [SHORTCUTS_DOC_START, '| Keys | What it does |', '| --- | --- |', ...rows, SHORTCUTS_DOC_END].join('\n');
}
