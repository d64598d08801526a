/**
 * Fixtures for the edit machine's tests (editTransition.test.ts): two
 * review files, a hydrated diff, and the states a session passes through,
 * reached by feeding the machine its own events. DOM-free, like the machine.
 */
import type { FileDiffMetadata, Hunk } from '@pierre/diffs';
import type { FileFacts, Suggestion } from '@redline/core';
import type { ReviewFile } from '../../src/editHost.js';
import { CALC_FILES } from '../../src/testing/fixtures.js';
import type { EditEffect, EditEvent, LiveTexts } from '../editEvents.js';
import { INITIAL_EDIT_STATE, type EditFeatureState, type OpenComposer, type OpenedFile } from '../editSession.js';
import { transition } from '../editTransition.js';
import type { AttachedEditor } from '../pierreEditAdapter.js';

export const PRE = 'one\ntwo\nthree\n';
export const EDITED = 'one\nTWO\nthree\n';

/** One hunk: line 1 context, line 2 changed, line 3 context (so the caret starts on line 2). */
function hunk(): Hunk {
  const common = { collapsedBefore: 0, additionLineIndex: 0, deletionLineIndex: 0, noEOFCRDeletions: false, noEOFCRAdditions: false };
  return {
    ...common,
    additionStart: 1,
    additionCount: 3,
    additionLines: 1,
    deletionStart: 1,
    deletionCount: 3,
    deletionLines: 1,
    hunkContent: [
      { type: 'context', lines: 1, additionLineIndex: 0, deletionLineIndex: 0 },
      { type: 'change', deletions: 1, deletionLineIndex: 1, additions: 1, additionLineIndex: 1 },
      { type: 'context', lines: 1, additionLineIndex: 2, deletionLineIndex: 2 },
    ],
    splitLineStart: 0,
    splitLineCount: 3,
    unifiedLineStart: 0,
    unifiedLineCount: 4,
  };
}

export function diffOf(path: string, newLines: string[], extra: Partial<FileDiffMetadata> = {}): FileDiffMetadata {
  const deletionLines = newLines.map((line, i) => (i === 1 ? 'old two\n' : line));
  return {
    name: path,
    type: 'change',
    hunks: [hunk()],
    splitLineCount: 3,
    unifiedLineCount: 4,
    isPartial: false,
    deletionLines,
    additionLines: newLines,
    deletionCharacterCount: deletionLines.join('').length,
    additionCharacterCount: newLines.join('').length,
    cacheKey: `ck:${path}`,
    ...extra,
  };
}

function fileOf(path: string): ReviewFile {
  // The page's fixture facts (types only: safe without a DOM), under this path.
  const facts: FileFacts = { ...CALC_FILES[0]!, path };
  const fileDiff = { ...diffOf(path, ['one\n', 'two\n', 'three\n']), isPartial: true };
  const flags = { binary: false, modeOnly: false, renameOnly: false, generated: false, large: false, loading: false };
  return { id: path, index: 0, path, oldPath: null, status: 'modified', facts, fileDiff, patchSection: '', additions: 1, deletions: 1, ...flags };
}

export const CALC = fileOf('src/calc.ts');
export const OTHER = fileOf('src/other.ts');
export const FILES: ReadonlyMap<string, ReviewFile> = new Map([CALC, OTHER].map((f) => [f.id, f]));
export const HYDRATED = diffOf(CALC.path, ['one\n', 'two\n', 'three\n']);
export const OPENED: OpenedFile = { fileDiff: HYDRATED, preEdit: PRE, revision: 'r'.repeat(64), plainText: false };
export const HYDRATED_OTHER = diffOf(OTHER.path, ['one\n', 'two\n', 'three\n']);
export const OPENED_OTHER: OpenedFile = { ...OPENED, fileDiff: HYDRATED_OTHER };
export const EDITOR: AttachedEditor = { focus: () => undefined, getText: () => EDITED, prepareToEnd: () => undefined };
export const suggestion = (n: number) => ({ id: `s${n}`, kind: 'suggestion' }) as Suggestion;

/** Feeds `events` in order; returns the last state and every effect. */
export function run(state: EditFeatureState, ...events: EditEvent[]): { state: EditFeatureState; effects: EditEffect[] } {
  const effects: EditEffect[] = [];
  for (const event of events) {
    const step = transition(state, event);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
}

export const request = (file: ReviewFile | null, more: Partial<Extract<EditEvent, { type: 'editRequested' }>> = {}): EditEvent => ({
  type: 'editRequested',
  file,
  flagOn: true,
  staticRefusal: null,
  ...more,
});
/** The live texts of the shell: file `id`'s editor holds `text`. */
export const texts = (...entries: [number, string | null][]): LiveTexts => new Map(entries);
export const opening = (id: number, composer: OpenComposer | null = null): EditEvent[] => [
  { type: 'contentsHydrated', id, result: { ok: true, fileDiff: HYDRATED, preEdit: PRE, revision: OPENED.revision } },
  { type: 'highlightPrimed', id, opened: OPENED, fileById: FILES, composer },
];

export const loading = () => run(INITIAL_EDIT_STATE, request(CALC)).state;
export const editing = () => run(INITIAL_EDIT_STATE, request(CALC), ...opening(1), { type: 'framesPainted', id: 1 }).state;
export const ending = (reason: 'suggest' | 'discard', text: string | null = EDITED) => run(editing(), { type: 'endRequested', reason, liveTexts: texts([1, text]) }).state;
/** CALC being edited (id 1), then OTHER added and being edited (id 2). */
export const editingBoth = () =>
  run(editing(), request(OTHER), { type: 'contentsHydrated', id: 2, result: { ok: true, fileDiff: HYDRATED_OTHER, preEdit: PRE, revision: OPENED.revision } }, { type: 'highlightPrimed', id: 2, opened: OPENED_OTHER, fileById: FILES, composer: null }, { type: 'framesPainted', id: 2 }).state;
export const completed = (itemId = CALC.id, eventText: string | null = EDITED, fileById = FILES): EditEvent => ({ type: 'editCompleted', itemId, eventText, fileById });
export const effectTypes = (effects: EditEffect[]) => effects.map((e) => e.type);
/** Every event of the machine, for "nothing happens" checks (ids of session 1). */
export const stale = (id: number): EditEvent[] => [...opening(id), { type: 'framesPainted', id }, { type: 'startFailed', id, failure: { kind: 'error', message: 'x' } }, { type: 'counted', id, changes: 9 }, { type: 'completionTimedOut', id }];
