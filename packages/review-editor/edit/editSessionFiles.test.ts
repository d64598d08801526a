// @vitest-environment node
/**
 * A session of several files, as the pure machine sees it: Edit on a second
 * file adds it (each file with its own id, phase, count and retention key);
 * Suggest ends every file and adds all their suggestions at once, as ONE fix
 * set when there are several; Discard ends every file with nothing (asking
 * first when several files have edits); a view
 * that goes away recovers each dirty file, in one question; a file changed
 * on disk is said by name and its edits keep the revision they were made on.
 */
import { describe, expect, test } from 'vitest';
import type { DeriveRequest, EditEffect } from './editEvents.js';
import { defaultSetDescription } from '@redline/core';
import { editStateKey, hasUnsavedEdits, itemView, sessionFor } from './editQueries.js';
import type { EditFeatureState } from './editSession.js';
import { transition } from './editTransition.js';
import { CALC, completed, EDITED, editing, editingBoth, effectTypes, FILES, HYDRATED, HYDRATED_OTHER, OTHER, PRE, request, run, suggestion, texts } from './testing/editMachineFixtures.js';

/** The derivation each finishSession effect asks for. */
const derivations = (effects: EditEffect[]): DeriveRequest[] =>
  effects.flatMap((e) => (e.type === 'finishSession' && e.derive ? [e.derive] : []));

/** Both files suggested and completed: the state waiting for the two derivations, and what they are. */
function suggestedBoth(): { state: EditFeatureState; requests: DeriveRequest[] } {
  const ended = run(editingBoth(), { type: 'endRequested', reason: 'suggest', liveTexts: texts([1, EDITED], [2, EDITED]) });
  const done = run(ended.state, completed(CALC.id), completed(OTHER.id));
  return { state: done.state, requests: derivations(done.effects) };
}

describe('adding files', () => {
  test('Edit on a second file adds it: both are in the session, each with its own id, key and view', () => {
    const state = editingBoth();
    expect(state.files.map((f) => [f.fileId, f.id, f.phase, f.stateKey])).toEqual([
      [CALC.id, 1, 'editing', 'redline-edit:1'],
      [OTHER.id, 2, 'editing', 'redline-edit:2'],
    ]);
    expect(itemView(state, CALC)).toEqual({ fileDiff: HYDRATED, editing: true, banner: true });
    expect(itemView(state, OTHER)).toEqual({ fileDiff: HYDRATED_OTHER, editing: true, banner: true });
    expect(editStateKey(state, OTHER.id)).toBe('redline-edit:2');
    // No question asked, nothing of the first file ended.
    expect(state.prompt).toBeNull();
  });

  test('the added file starts like the first: shown, loaded; the first keeps editing', () => {
    const { state, effects } = run(editing(), request(OTHER));
    expect(effects).toEqual([
      { type: 'expandFile', fileId: OTHER.id },
      { type: 'loadContents', id: 2, file: OTHER },
    ]);
    expect(sessionFor(state, CALC.id)?.phase).toBe('editing');
  });

  test('each file has its own editor, document, count and caret', () => {
    const state = editingBoth();
    const editor = { focus: () => undefined, getText: () => EDITED, prepareToEnd: () => undefined };
    expect(run(state, { type: 'editorAttached', stateKey: 'redline-edit:2', editor, first: true }).effects).toEqual([
      { type: 'holdEditor', id: 2, editor },
      { type: 'focusLine', id: 2, editor, line: 2 },
    ]);
    const document = { contents: EDITED };
    const key = run(state, { type: 'documentChanged', itemId: OTHER.id, document });
    // A key touches only its own file's handles: the state stays the same object, so nothing
    // that reads it (the other file's item, either HUD) renders again.
    expect(key.state).toBe(state);
    expect(key.effects).toEqual([
      { type: 'holdDocument', id: 2, document },
      { type: 'scheduleCount', id: 2 },
    ]);
    const counted = run(state, { type: 'counted', id: 2, changes: 3 }).state;
    expect(counted.files.map((f) => (f.phase === 'editing' ? f.changes : -1))).toEqual([0, 3]);
    expect(run(state, { type: 'caretPlaced', id: 2 }).state.files.map((f) => (f.phase === 'editing' ? f.caret : null))).toEqual(['placing', 'placed']);
    expect(run(state, request(OTHER)).effects).toEqual([{ type: 'focusEditor', id: 2 }]);
  });

  test('no file joins a session that is ending', () => {
    const ended = run(editing(), { type: 'endRequested', reason: 'suggest', liveTexts: texts([1, EDITED]) }).state;
    expect(run(ended, request(OTHER))).toEqual({ state: ended, effects: [] });
  });

  test('unsaved edits are per file', () => {
    const [calc, other] = editingBoth().files;
    expect(hasUnsavedEdits(calc!, EDITED)).toBe(true);
    expect(hasUnsavedEdits(other!, PRE)).toBe(false);
  });
});

describe('Suggest for all', () => {
  test('every file ends at once, with its own text', () => {
    const { state, effects } = run(editingBoth(), { type: 'endRequested', reason: 'suggest', liveTexts: texts([1, EDITED], [2, 'other text']) });
    expect(state.files.map((f) => (f.phase === 'ending' ? [f.ending, f.capturedText] : null))).toEqual([
      ['suggest', EDITED],
      ['suggest', 'other text'],
    ]);
    expect(state.closing).toEqual({ waiting: [1, 2], results: [] });
    expect(effects).toEqual([
      { type: 'cancelCount', id: 1 },
      { type: 'prepareToEnd', id: 1 },
      { type: 'startCompletionTimer', id: 1 },
      { type: 'cancelCount', id: 2 },
      { type: 'prepareToEnd', id: 2 },
      { type: 'startCompletionTimer', id: 2 },
    ]);
  });

  test('a file still opening just leaves; the editing ones end', () => {
    const opening = run(editing(), request(OTHER)).state;
    const { state } = run(opening, { type: 'endRequested', reason: 'suggest', liveTexts: texts([1, EDITED]) });
    expect(state.files.map((f) => [f.fileId, f.phase])).toEqual([[CALC.id, 'ending']]);
    expect(state.closing).toEqual({ waiting: [1], results: [] });
  });

  test('the suggestions of all files are added once the last is in: one fix set, "Changes in 2 files"', () => {
    const { state, requests } = suggestedBoth();
    expect(requests.map((r) => [r.id, r.path, r.reason])).toEqual([
      [1, CALC.path, 'suggest'],
      [2, OTHER.path, 'suggest'],
    ]);
    expect(state.files).toEqual([]);
    // The second file answers first: nothing is added until both are in, then in the session's order.
    const first = run(state, { type: 'suggestionsDerived', request: requests[1]!, suggestions: [suggestion(3)] });
    expect(first.effects).toEqual([]);
    expect(first.state.closing).toMatchObject({ waiting: [1] });
    const last = run(first.state, { type: 'suggestionsDerived', request: requests[0]!, suggestions: [suggestion(1), suggestion(2)] });
    expect(last.state.closing).toBeNull();
    expect(last.effects).toEqual([
      { type: 'addSuggestions', suggestions: [suggestion(1), suggestion(2), suggestion(3)], set: { description: 'Changes in 2 files' } },
      { type: 'toast', message: '3 suggestions added from your edits to 2 files, as one fix set' },
    ]);
  });

  test('one file with one change stays a plain suggestion, even in a session of two', () => {
    const { state, requests } = suggestedBoth();
    const { effects } = run(
      state,
      { type: 'suggestionsDerived', request: requests[0]!, suggestions: [suggestion(1)] },
      { type: 'suggestionsDerived', request: requests[1]!, suggestions: [] },
    );
    expect(effects).toEqual([
      { type: 'addSuggestions', suggestions: [suggestion(1)], set: null },
      { type: 'toast', message: '1 suggestion added from your edits to src/calc.ts' },
    ]);
  });

  test('a derivation that fails is told, and the others are still added', () => {
    const { state, requests } = suggestedBoth();
    const { effects } = run(
      state,
      { type: 'derivationFailed', request: requests[0]!, message: 'boom' },
      { type: 'suggestionsDerived', request: requests[1]!, suggestions: [suggestion(3)] },
    );
    expect(effectTypes(effects)).toEqual(['toast', 'addSuggestions', 'toast']);
    expect(effects[1]).toEqual({ type: 'addSuggestions', suggestions: [suggestion(3)], set: null });
  });

  test('the default description names the file, or counts the files', () => {
    expect(defaultSetDescription(['a.ts', 'a.ts'])).toBe('Changes in a.ts');
    expect(defaultSetDescription(['a.ts', 'b.ts', 'a.ts', 'c.ts'])).toBe('Changes in 3 files');
  });
});

describe('Discard for all', () => {
  test('with edits in several files it asks first; keeping on editing changes nothing', () => {
    const asked = run(editingBoth(), { type: 'endRequested', reason: 'discard', liveTexts: texts([1, EDITED], [2, EDITED]) });
    expect(asked.state.prompt).toEqual({ kind: 'discard', paths: [CALC.path, OTHER.path] });
    expect(asked.effects).toEqual([]);
    expect(asked.state.files.every((f) => f.phase === 'editing')).toBe(true);
    expect(run(asked.state, { type: 'promptDismissed' }).state).toEqual({ ...asked.state, prompt: null });
  });

  test('with edits in one file (or none) it does not ask', () => {
    const one = run(editingBoth(), { type: 'endRequested', reason: 'discard', liveTexts: texts([1, EDITED], [2, PRE]) });
    expect(one.state.prompt).toBeNull();
    expect(one.state.files.every((f) => f.phase === 'ending' && f.ending === 'discard')).toBe(true);
  });

  test('every file ends with nothing derived and nothing added (confirmed)', () => {
    const asked = run(editingBoth(), { type: 'endRequested', reason: 'discard', liveTexts: texts([1, EDITED], [2, EDITED]) });
    const ended = run(asked.state, { type: 'promptConfirmed' });
    expect(ended.state.prompt).toBeNull();
    expect(ended.state.files.every((f) => f.phase === 'ending' && f.ending === 'discard')).toBe(true);
    expect(ended.state.closing).toBeNull();
    const done = run(ended.state, completed(CALC.id), completed(OTHER.id));
    expect(done.state.files).toEqual([]);
    expect(done.effects).toEqual([
      { type: 'finishSession', id: 1, stateKey: 'redline-edit:1', derive: null },
      { type: 'finishSession', id: 2, stateKey: 'redline-edit:2', derive: null },
    ]);
  });
});

describe('recovery per file', () => {
  test('the view went away: each dirty file is recovered, and all of them are one question', () => {
    const done = run(editingBoth(), completed(CALC.id), completed(OTHER.id));
    const requests = derivations(done.effects);
    expect(requests.map((r) => [r.id, r.reason])).toEqual([
      [1, 'recover'],
      [2, 'recover'],
    ]);
    const asked = run(
      done.state,
      { type: 'suggestionsDerived', request: requests[0]!, suggestions: [suggestion(1)] },
      { type: 'suggestionsDerived', request: requests[1]!, suggestions: [suggestion(2)] },
    ).state;
    expect(asked.prompt).toEqual({
      kind: 'recover',
      results: [
        { id: 1, path: CALC.path, suggestions: [suggestion(1)], changedOnDisk: false },
        { id: 2, path: OTHER.path, suggestions: [suggestion(2)], changedOnDisk: false },
      ],
    });
    // Kept: added as one set, like Suggest.
    expect(run(asked, { type: 'promptConfirmed' }).effects).toEqual([
      { type: 'addSuggestions', suggestions: [suggestion(1), suggestion(2)], set: { description: 'Changes in 2 files' } },
      { type: 'toast', message: '2 suggestions kept from your edits to 2 files, as one fix set' },
    ]);
  });

  test('a refresh that replaces one file recovers that file only; the other keeps editing', () => {
    const replaced = new Map(FILES);
    replaced.set(OTHER.id, { ...OTHER });
    const { state } = run(editingBoth(), { type: 'filesReplaced', fileById: replaced, liveTexts: texts([1, EDITED], [2, EDITED]) });
    expect(state.files.map((f) => [f.fileId, f.phase, f.phase === 'ending' ? f.ending : null])).toEqual([
      [CALC.id, 'editing', null],
      [OTHER.id, 'ending', 'recover'],
    ]);
  });

  test('Send Feedback suggests every file when one is dirty, and names the dirty ones', () => {
    const { state, effects } = run(editingBoth(), { type: 'feedbackOpened', liveTexts: texts([1, PRE], [2, EDITED]) });
    expect(state.files.every((f) => f.phase === 'ending' && f.ending === 'suggest')).toBe(true);
    expect(effects.at(-1)).toEqual({ type: 'toast', message: 'Your edits to src/other.ts became suggestions' });
  });
});

describe('a file changed on disk while editing', () => {
  test('the session says which file; its edits keep the revision they were made on, marked changed', () => {
    const { state, effects } = run(editingBoth(), { type: 'changedOnDisk', fileIds: [OTHER.id] });
    expect(state.files.map((f) => (f.phase === 'editing' ? f.changedOnDisk : null))).toEqual([false, true]);
    expect(effects).toEqual([{ type: 'toast', message: expect.stringContaining('src/other.ts changed on disk') }]);
    // Told once.
    expect(run(state, { type: 'changedOnDisk', fileIds: [OTHER.id] }).state).toBe(state);
    const ended = run(state, { type: 'endRequested', reason: 'suggest', liveTexts: texts([1, EDITED], [2, EDITED]) }, completed(CALC.id), completed(OTHER.id));
    const requests = derivations(ended.effects);
    expect(requests[1]).toMatchObject({ path: OTHER.path, revision: 'r'.repeat(64), changedOnDisk: true });
    const added = run(
      ended.state,
      { type: 'suggestionsDerived', request: requests[0]!, suggestions: [suggestion(1)] },
      { type: 'suggestionsDerived', request: requests[1]!, suggestions: [suggestion(2)] },
    );
    expect(added.effects[0]).toMatchObject({ type: 'addSuggestions', set: { description: 'Changes in 2 files' } });
    expect(added.effects.at(-1)).toEqual({ type: 'toast', message: expect.stringMatching(/^src\/other\.ts changed on disk .*apply will refuse/) });
  });
});

test('the machine stays pure with two files: the same events give the same state', () => {
  const a = editingBoth();
  const b = editingBoth();
  expect(a).toEqual(b);
  expect(transition(a, { type: 'promptDismissed' }).state.files).toBe(a.files);
});
