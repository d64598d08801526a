// @vitest-environment node
/**
 * The edit session's transition function, without a DOM, an adapter or a
 * timer: every phase against the events that matter to it, the refusals,
 * the late answers of an older session, and the recovery paths that
 * editSessionRecovery.test.ts drives through the shell. (The node
 * environment is the proof that the machine needs no DOM.)
 */
import { describe, expect, test } from 'vitest';
import { editStateKey, hasUnsavedEdits, isDirty, isFloatingComposer, isGettingReady, itemView, mapCommentTarget, refusalFor } from './editQueries.js';
import { INITIAL_EDIT_STATE, type EditFeatureState, type EditPrompt, type OpenComposer } from './editSession.js';
import { PLAIN_TEXT_LINES, transition } from './editTransition.js';
import { CALC, completed, diffOf, EDITED, editing, EDITOR, effectTypes, ending, FILES, HYDRATED, loading, OPENED, opening, OTHER, PRE, request, run, stale, suggestion, texts } from './testing/editMachineFixtures.js';

test('the machine runs without a DOM', () => {
  expect(typeof document).toBe('undefined');
  expect(typeof window).toBe('undefined');
});

// ---------- starting ----------

describe('starting a session', () => {
  test('Edit opens a loading session with its own id and retention key, shows the file and loads it', () => {
    const { state, effects } = run(INITIAL_EDIT_STATE, request(CALC));
    expect(state.files[0] ?? null).toEqual({ phase: 'loading', id: 1, fileId: CALC.id, path: CALC.path, file: CALC, stateKey: 'redline-edit:1', aimedLine: null });
    expect(state.lastSessionId).toBe(1);
    expect(effects).toEqual([
      { type: 'expandFile', fileId: CALC.id },
      { type: 'loadContents', id: 1, file: CALC },
    ]);
  });

  test.each([
    ['the setting is off', request(CALC, { flagOn: false })],
    ['the review has no such file', request(null)],
    ['the review says why not', request(CALC, { staticRefusal: 'Binary file: only text can be edited' })],
  ])('Edit does nothing when %s', (_, event) => {
    const { state, effects } = run(INITIAL_EDIT_STATE, event);
    expect(state).toBe(INITIAL_EDIT_STATE);
    expect(effects).toEqual([]);
  });

  test('a refusal learned on a file object holds for that object only (a refresh may have fixed it)', () => {
    const refused = run(loading(), { type: 'startFailed', id: 1, failure: { kind: 'refused', reason: 'Not UTF-8 text: it cannot be edited here' } });
    expect(refused.state.files[0] ?? null).toBeNull();
    expect(refused.effects).toEqual([{ type: 'toast', message: 'Cannot edit src/calc.ts: Not UTF-8 text: it cannot be edited here' }]);
    expect(refusalFor(refused.state, CALC, null)).toBe('Not UTF-8 text: it cannot be edited here');
    expect(run(refused.state, request(CALC)).state).toBe(refused.state);
    const replaced = { ...CALC };
    expect(refusalFor(refused.state, replaced, null)).toBeNull();
    expect(run(refused.state, request(replaced)).state.files[0]?.phase).toBe('loading');
  });

  test('other start failures end the session with the error, and learn nothing', () => {
    const { state, effects } = run(loading(), { type: 'startFailed', id: 1, failure: { kind: 'error', message: 'offline' } });
    expect(state.files[0] ?? null).toBeNull();
    expect(state.refusals.size).toBe(0);
    expect(effects).toEqual([{ type: 'toast', message: 'Could not start editing src/calc.ts: offline' }]);
  });

  test('the hydration gate: a refusal is learned and told; a file replaced meanwhile ends quietly', () => {
    const gate = run(loading(), { type: 'contentsHydrated', id: 1, result: { ok: false, reason: 'Changed on disk' } });
    expect(gate.state.files[0] ?? null).toBeNull();
    expect(gate.state.refusals.get(CALC.id)).toEqual({ file: CALC, reason: 'Changed on disk' });
    expect(gate.effects).toEqual([{ type: 'toast', message: 'Cannot edit src/calc.ts: Changed on disk' }]);
    const gone = run(loading(), { type: 'contentsHydrated', id: 1, result: null });
    expect(gone.state.files[0] ?? null).toBeNull();
    expect(gone.effects).toEqual([]);
  });

  test('hydrated contents are highlighted by the workers before the item shows them', () => {
    const [hydrated] = opening(1);
    const { state, effects } = run(loading(), hydrated!);
    expect(state.files[0]?.phase).toBe('loading');
    expect(effects).toEqual([{ type: 'primeHighlight', id: 1, opened: OPENED }]);
  });

  test(`past ${PLAIN_TEXT_LINES} lines the diff is edited as plain text, under its own cache key`, () => {
    const lines = Array.from({ length: PLAIN_TEXT_LINES + 1 }, (_, i) => `${i}\n`);
    const big = diffOf(CALC.path, lines);
    const { effects } = run(loading(), { type: 'contentsHydrated', id: 1, result: { ok: true, fileDiff: big, preEdit: lines.join(''), revision: 'r' } });
    expect(effects).toEqual([{ type: 'primeHighlight', id: 1, opened: { fileDiff: { ...big, lang: 'text', cacheKey: 'ck:src/calc.ts:text' }, preEdit: lines.join(''), revision: 'r', plainText: true } }]);
    const text = { ...big, lang: 'text' as const };
    const already = run(loading(), { type: 'contentsHydrated', id: 1, result: { ok: true, fileDiff: text, preEdit: '', revision: 'r' } });
    expect(already.effects).toEqual([{ type: 'primeHighlight', id: 1, opened: { fileDiff: text, preEdit: '', revision: 'r', plainText: false } }]);
  });

  test('once highlighted: preparing (the diff kept for after the session), a deriver, two frames; then editing', () => {
    const composer: OpenComposer = { key: 7, editingId: null, target: { scope: 'line', fileId: CALC.id, side: 'new', startLine: 1, endLine: 1 } };
    const prepared = run(loading(), ...opening(1, composer));
    expect(prepared.state.files[0] ?? null).toMatchObject({ phase: 'preparing', ...OPENED, changes: 0, frozenComposerKey: 7 });
    expect(prepared.state.hydrated.get(CALC.id)).toEqual({ file: CALC, fileDiff: HYDRATED });
    expect(effectTypes(prepared.effects)).toEqual(['primeHighlight', 'startDeriver', 'awaitFrames']);
    expect(itemView(prepared.state, CALC)).toEqual({ fileDiff: HYDRATED, editing: false, banner: true });
    const painted = run(prepared.state, { type: 'framesPainted', id: 1 });
    expect(painted.state.files[0]?.phase).toBe('editing');
    expect(itemView(painted.state, CALC)).toEqual({ fileDiff: HYDRATED, editing: true, banner: true });
    // A form open elsewhere is not frozen.
    const general = run(loading(), ...opening(1, { key: 8, editingId: null, target: { scope: 'general' } }));
    expect(general.state.files[0] ?? null).toMatchObject({ frozenComposerKey: null });
  });

  test('a plain-text session keeps no hydrated diff; a file replaced during highlighting ends the session', () => {
    const plain = run(loading(), { type: 'highlightPrimed', id: 1, opened: { ...OPENED, plainText: true }, fileById: FILES, composer: null });
    expect(plain.state.hydrated.size).toBe(0);
    const replaced = run(loading(), { type: 'highlightPrimed', id: 1, opened: OPENED, fileById: new Map([[CALC.id, { ...CALC }]]), composer: null });
    expect(replaced.state.files[0] ?? null).toBeNull();
    expect(replaced.effects).toEqual([]);
  });

  test('Edit on another file while one is opening adds it; the late answers of a file that left are ignored', () => {
    const added = run(loading(), request(OTHER)).state;
    expect(added.files[1]).toMatchObject({ phase: 'loading', id: 2, fileId: OTHER.id, stateKey: 'redline-edit:2' });
    const left = run(added, { type: 'startFailed', id: 1, failure: { kind: 'error', message: 'x' } }).state;
    expect(left.files.map((f) => f.id)).toEqual([2]);
    for (const event of stale(1)) expect(transition(left, event)).toEqual({ state: left, effects: [] });
  });

  test('Edit on the file already opening or ending does nothing; on the file being edited it focuses the editor', () => {
    const opening1 = loading();
    expect(run(opening1, request(CALC))).toEqual({ state: opening1, effects: [] });
    const ended = ending('suggest');
    expect(run(ended, request(CALC))).toEqual({ state: ended, effects: [] });
    expect(run(ended, request(OTHER))).toEqual({ state: ended, effects: [] });
    const on = editing();
    expect(run(on, request(CALC))).toEqual({ state: on, effects: [{ type: 'focusEditor', id: 1 }] });
  });
});

// ---------- editing ----------

describe('while editing', () => {
  test('the first editor attached is held and focused on the first changed line; a remount only held', () => {
    expect(run(editing(), { type: 'editorAttached', stateKey: 'redline-edit:1', editor: EDITOR, first: true }).effects).toEqual([
      { type: 'holdEditor', id: 1, editor: EDITOR },
      { type: 'focusLine', id: 1, editor: EDITOR, line: 2 },
    ]);
    expect(run(editing(), { type: 'editorAttached', stateKey: 'redline-edit:1', editor: EDITOR, first: false }).effects).toEqual([{ type: 'holdEditor', id: 1, editor: EDITOR }]);
    expect(run(ending('suggest'), { type: 'editorAttached', stateKey: 'redline-edit:1', editor: EDITOR, first: true }).effects).toEqual([{ type: 'holdEditor', id: 1, editor: EDITOR }]);
    const prepared = run(loading(), ...opening(1)).state;
    expect(run(prepared, { type: 'editorAttached', stateKey: 'redline-edit:1', editor: EDITOR, first: true }).effects).toEqual([]);
  });

  test('getting ready from the Edit click until the caret is placed; a click meanwhile is where the caret goes', () => {
    expect(isGettingReady(loading().files[0] ?? null)).toBe(true);
    const prepared = run(loading(), ...opening(1)).state;
    expect(isGettingReady(prepared.files[0] ?? null)).toBe(true);
    expect(itemView(loading(), CALC)).toEqual({ fileDiff: CALC.fileDiff, editing: false, banner: true });
    const aimed = run(prepared, { type: 'inputAimed', fileId: CALC.id, line: 3 }, { type: 'framesPainted', id: 1 }).state;
    expect(aimed.files[0] ?? null).toMatchObject({ phase: 'editing', caret: 'placing', aimedLine: 3 });
    expect(isGettingReady(aimed.files[0] ?? null)).toBe(true);
    expect(run(aimed, { type: 'editorAttached', stateKey: 'redline-edit:1', editor: EDITOR, first: true }).effects).toContainEqual({ type: 'focusLine', id: 1, editor: EDITOR, line: 3 });
    const placed = run(aimed, { type: 'caretPlaced', id: 1 }).state;
    expect(placed.files[0] ?? null).toMatchObject({ caret: 'placed' });
    expect(isGettingReady(placed.files[0] ?? null)).toBe(false);
    // Once it takes input, clicks are the editor's own: nothing is remembered; nor for another file, nor an older session.
    expect(run(placed, { type: 'inputAimed', fileId: CALC.id, line: 1 }).state).toBe(placed);
    expect(run(prepared, { type: 'inputAimed', fileId: OTHER.id, line: 1 }).state).toBe(prepared);
    expect(run(aimed, { type: 'caretPlaced', id: 2 }).state).toBe(aimed);
  });

  test('changes to the edited item are held and recounted (debounced); others are not', () => {
    const document = { contents: EDITED };
    expect(run(editing(), { type: 'documentChanged', itemId: CALC.id, document }).effects).toEqual([{ type: 'holdDocument', id: 1, document }, { type: 'scheduleCount', id: 1 }]);
    expect(run(editing(), { type: 'documentChanged', itemId: OTHER.id, document }).effects).toEqual([]);
    expect(run(ending('suggest'), { type: 'documentChanged', itemId: CALC.id, document }).effects).toEqual([]);
  });

  test('the HUD count: counted from the live text, kept for its own session, without moving the diff view', () => {
    expect(run(editing(), { type: 'countDue', id: 1, liveText: EDITED }).effects).toEqual([{ type: 'count', id: 1, text: EDITED }]);
    expect(run(editing(), { type: 'countDue', id: 1, liveText: null }).effects).toEqual([]);
    const before = editing();
    const counted = run(before, { type: 'counted', id: 1, changes: 2 }).state;
    expect(counted.files[0] ?? null).toMatchObject({ changes: 2 });
    expect(counted.viewRevision).toBe(before.viewRevision);
    expect(run(counted, { type: 'counted', id: 1, changes: 2 }).state).toBe(counted);
    expect(run(ending('suggest'), { type: 'counted', id: 1, changes: 5 }).state.files[0] ?? null).toMatchObject({ changes: 0 });
  });

  test('every phase change moves the view revision', () => {
    const revisions = [INITIAL_EDIT_STATE, loading(), run(loading(), ...opening(1)).state, editing(), ending('suggest')].map((s) => s.viewRevision);
    expect(new Set(revisions).size).toBe(revisions.length);
  });

  test('CodeView retention keys only for the item of a session that has an editor', () => {
    expect(editStateKey(loading(), CALC.id)).toBeUndefined();
    expect(editStateKey(editing(), CALC.id)).toBe('redline-edit:1');
    expect(editStateKey(ending('discard'), CALC.id)).toBe('redline-edit:1');
    expect(editStateKey(editing(), OTHER.id)).toBeUndefined();
  });

  test('dirty means other lines, not other line endings or a BOM', () => {
    expect(isDirty(PRE, EDITED)).toBe(true);
    expect(isDirty(PRE, PRE.replace(/\n/g, '\r\n'))).toBe(false);
    expect(isDirty(PRE, `\uFEFF${PRE}`)).toBe(false);
    expect(isDirty(PRE, null)).toBe(false);
    expect(hasUnsavedEdits(editing().files[0] ?? null, EDITED)).toBe(true);
    expect(hasUnsavedEdits(ending('suggest').files[0] ?? null, EDITED)).toBe(true);
    expect(hasUnsavedEdits(run(loading(), ...opening(1)).state.files[0] ?? null, EDITED)).toBe(false);
  });
});

// ---------- ending ----------

describe('ending a session', () => {
  test('Suggest: the text is read, the editor keys its last render, a completion timer starts', () => {
    const { state, effects } = run(editing(), { type: 'endRequested', reason: 'suggest', liveTexts: texts([1, EDITED]) });
    expect(state.files[0] ?? null).toMatchObject({ phase: 'ending', ending: 'suggest', capturedText: EDITED });
    expect(effects).toEqual([{ type: 'cancelCount', id: 1 }, { type: 'prepareToEnd', id: 1 }, { type: 'startCompletionTimer', id: 1 }]);
    expect(itemView(state, CALC)).toEqual({ fileDiff: HYDRATED, editing: false, banner: false });
    for (const s of [INITIAL_EDIT_STATE, loading(), state]) expect(run(s, { type: 'endRequested', reason: 'discard', liveTexts: texts([1, EDITED]) }).state).toBe(s);
  });

  test("Suggest's completion: the session is over and the completed text is derived", () => {
    const { state, effects } = run({ ...ending('suggest'), composerAnchor: { left: 1, top: 2, bottom: 3 } }, completed(CALC.id, 'typed after'));
    expect(state.files[0] ?? null).toBeNull();
    expect(state.composerAnchor).toBeNull();
    expect(effects).toEqual([
      { type: 'finishSession', id: 1, stateKey: 'redline-edit:1', derive: { id: 1, path: CALC.path, preEdit: PRE, revision: OPENED.revision, text: 'typed after', reason: 'suggest', changedOnDisk: false } },
    ]);
    expect(itemView(state, CALC)).toEqual({ fileDiff: HYDRATED, editing: false, banner: false });
  });

  test('Discard: the session is over, nothing is derived', () => {
    expect(run(ending('discard'), completed()).effects).toEqual([{ type: 'finishSession', id: 1, stateKey: 'redline-edit:1', derive: null }]);
  });

  test('a completion that never comes: the timer finishes with the text read at Suggest; a stale timer does nothing', () => {
    const { state, effects } = run(ending('suggest'), { type: 'completionTimedOut', id: 1 });
    expect(state.files[0] ?? null).toBeNull();
    expect(effects).toEqual([expect.objectContaining({ type: 'finishSession', derive: expect.objectContaining({ text: EDITED, reason: 'suggest' }) })]);
    expect(run(editing(), { type: 'completionTimedOut', id: 1 }).effects).toEqual([]);
  });

  test('derived suggestions are added and told; none is told too; a failure is told', () => {
    const req = { id: 1, path: CALC.path, preEdit: PRE, revision: 'r', text: EDITED, reason: 'suggest', changedOnDisk: false } as const;
    const two = [suggestion(1), suggestion(2)];
    expect(run(INITIAL_EDIT_STATE, { type: 'suggestionsDerived', request: req, suggestions: two }).effects).toEqual([
      // Several hunks of one Suggest are one fix set (editSessionFiles.test.ts for several files).
      { type: 'addSuggestions', suggestions: two, set: { description: 'Changes in src/calc.ts' } },
      { type: 'toast', message: '2 suggestions added from your edits to src/calc.ts, as one fix set' },
    ]);
    expect(run(INITIAL_EDIT_STATE, { type: 'suggestionsDerived', request: req, suggestions: [suggestion(1)] }).effects[1]).toEqual({ type: 'toast', message: '1 suggestion added from your edits to src/calc.ts' });
    expect(run(INITIAL_EDIT_STATE, { type: 'suggestionsDerived', request: req, suggestions: [] }).effects).toEqual([
      { type: 'addSuggestions', suggestions: [], set: null },
      { type: 'toast', message: 'No changes to suggest in src/calc.ts' },
    ]);
    expect(run(INITIAL_EDIT_STATE, { type: 'derivationFailed', request: req, message: 'boom' }).effects).toEqual([
      { type: 'toast', message: 'Your edits to src/calc.ts could not be turned into suggestions: boom' },
    ]);
  });
});

// ---------- recovery ----------

describe('recovery: a session that ends without being asked to', () => {
  test('the view went away: the completed text is recovered, and becomes a question, not suggestions', () => {
    const { state, effects } = run(editing(), completed());
    expect(state.files[0] ?? null).toBeNull();
    expect(effects).toEqual([expect.objectContaining({ type: 'finishSession', derive: expect.objectContaining({ text: EDITED, reason: 'recover' }) })]);
    const req = { id: 1, path: CALC.path, preEdit: PRE, revision: 'r', text: EDITED, reason: 'recover', changedOnDisk: false } as const;
    const asked = run(state, { type: 'suggestionsDerived', request: req, suggestions: [suggestion(1)] });
    expect(asked.state.prompt).toEqual({ kind: 'recover', results: [{ id: 1, path: CALC.path, suggestions: [suggestion(1)], changedOnDisk: false }] });
    expect(asked.effects).toEqual([]);
    // A clean session (nothing to suggest) ends silently.
    expect(run(state, { type: 'suggestionsDerived', request: req, suggestions: [] }).state.prompt).toBeNull();
  });

  test('keeping the recovered edits adds them; declining drops them', () => {
    const prompt: EditPrompt = { kind: 'recover', results: [{ id: 1, path: CALC.path, suggestions: [suggestion(1)], changedOnDisk: false }] };
    const kept = run({ ...INITIAL_EDIT_STATE, prompt }, { type: 'promptConfirmed' });
    expect(kept.state.prompt).toBeNull();
    expect(kept.effects).toEqual([
      { type: 'addSuggestions', suggestions: [suggestion(1)], set: null },
      { type: 'toast', message: '1 suggestion kept from your edits to src/calc.ts' },
    ]);
    expect(run({ ...INITIAL_EDIT_STATE, prompt }, { type: 'promptDismissed' })).toEqual({ state: { ...INITIAL_EDIT_STATE, prompt: null }, effects: [] });
  });

  test('a refresh replaces the file: the text is read at once, and trusted over what the completion carries', () => {
    const replacedFiles = new Map([[CALC.id, { ...CALC }]]);
    const refreshed = run(editing(), { type: 'filesReplaced', fileById: replacedFiles, liveTexts: texts([1, EDITED]) });
    expect(refreshed.state.files[0] ?? null).toMatchObject({ phase: 'ending', ending: 'recover', capturedText: EDITED });
    // The completion carries the new diff's text (installed under the editor first): the reviewer's text wins.
    const done = run(refreshed.state, completed(CALC.id, PRE, replacedFiles));
    expect(done.effects).toEqual([expect.objectContaining({ derive: expect.objectContaining({ text: EDITED, reason: 'recover' }) })]);
    // A recovering session trusts its text whatever files the completion comes with.
    expect(run(refreshed.state, completed(CALC.id, PRE, FILES)).effects).toEqual([expect.objectContaining({ derive: expect.objectContaining({ text: EDITED }) })]);
    // The same when the file changed while Suggest was ending.
    const whileEnding = run(ending('suggest'), completed(CALC.id, PRE, replacedFiles));
    expect(whileEnding.effects).toEqual([expect.objectContaining({ derive: expect.objectContaining({ text: EDITED, reason: 'suggest' }) })]);
  });

  test('a recovery with no text at all derives nothing', () => {
    expect(run(editing(), completed(CALC.id, null)).effects).toEqual([{ type: 'finishSession', id: 1, stateKey: 'redline-edit:1', derive: null }]);
  });

  test('a completion for a session already over, another item, or a session still opening is ignored', () => {
    for (const s of [INITIAL_EDIT_STATE, loading(), run(loading(), ...opening(1)).state]) expect(run(s, completed())).toEqual({ state: s, effects: [] });
    const on = editing();
    expect(run(on, completed(OTHER.id))).toEqual({ state: on, effects: [] });
  });

  test('a refresh forgets what was learned about replaced files only, and ends a session still opening', () => {
    const learned: EditFeatureState = {
      ...INITIAL_EDIT_STATE,
      refusals: new Map([
        [CALC.id, { file: CALC, reason: 'a' }],
        [OTHER.id, { file: OTHER, reason: 'b' }],
      ]),
      hydrated: new Map([[CALC.id, { file: CALC, fileDiff: HYDRATED }]]),
    };
    const next = new Map([
      [CALC.id, { ...CALC }],
      [OTHER.id, OTHER],
    ]);
    const { state } = run(learned, { type: 'filesReplaced', fileById: next, liveTexts: texts([1, null]) });
    expect([...state.refusals.keys()]).toEqual([OTHER.id]);
    expect(state.hydrated.size).toBe(0);
    expect(run(loading(), { type: 'filesReplaced', fileById: next, liveTexts: texts([1, null]) }).state.files[0] ?? null).toBeNull();
    expect(run(run(loading(), ...opening(1)).state, { type: 'filesReplaced', fileById: next, liveTexts: texts([1, null]) }).state.files[0] ?? null).toBeNull();
    expect(run(editing(), { type: 'filesReplaced', fileById: FILES, liveTexts: texts([1, EDITED]) }).state.files[0]?.phase).toBe('editing');
  });
});

// ---------- Send Feedback (several files: editSessionFiles.test.ts) ----------

describe('the review around the session', () => {
  test('opening Send Feedback turns a dirty session into suggestions (and says so), and discards a clean one', () => {
    const dirty = run(editing(), { type: 'feedbackOpened', liveTexts: texts([1, EDITED]) });
    expect(dirty.state.files[0] ?? null).toMatchObject({ phase: 'ending', ending: 'suggest' });
    expect(dirty.effects.at(-1)).toEqual({ type: 'toast', message: 'Your edits to src/calc.ts became suggestions' });
    const clean = run(editing(), { type: 'feedbackOpened', liveTexts: texts([1, PRE]) });
    expect(clean.state.files[0] ?? null).toMatchObject({ phase: 'ending', ending: 'discard' });
    expect(effectTypes(clean.effects)).not.toContain('toast');
    expect(run(loading(), { type: 'feedbackOpened', liveTexts: texts([1, EDITED]) }).state.files[0]?.phase).toBe('loading');
  });
});

// ---------- comments on the edited text ----------

describe('comments made on the edited text', () => {
  const INSERTED = `// a\n// b\n${PRE}`;

  test('"Make annotation" opens the floating form on the pre-edit lines; its anchor is kept once it opened', () => {
    const snapshot = { startLine: 4, endLine: 4, selectedText: 'two', editedText: INSERTED, anchor: { left: 10, top: 20, bottom: 30 } };
    expect(run(editing(), { type: 'selectionAnnotated', stateKey: 'redline-edit:1', snapshot }).effects).toEqual([
      { type: 'openFloatingComposer', target: { scope: 'line', fileId: CALC.id, side: 'new', startLine: 2, endLine: 2 }, highlightedText: 'two', approximate: false, anchor: snapshot.anchor },
    ]);
    expect(run(ending('suggest'), { type: 'selectionAnnotated', stateKey: 'redline-edit:1', snapshot }).effects).toEqual([]);
    expect(run(editing(), { type: 'floatingComposerOpened', anchor: snapshot.anchor }).state.composerAnchor).toEqual(snapshot.anchor);
  });

  test('a gutter target on the edited file is mapped to the pre-edit lines, approximately where it touches edits', () => {
    const session = editing().files[0] ?? null;
    const line = (startLine: number, side: 'new' | 'old' = 'new', fileId = CALC.id) => ({ scope: 'line', fileId, side, startLine, endLine: startLine }) as const;
    expect(mapCommentTarget(session, line(4), INSERTED)).toEqual({ target: line(2) });
    expect(mapCommentTarget(session, line(1), INSERTED)).toEqual({ target: line(1), approximate: true, highlightedText: '// a' });
    expect(mapCommentTarget(session, line(4, 'old'), INSERTED)).toBeNull();
    expect(mapCommentTarget(session, line(4, 'new', OTHER.id), INSERTED)).toBeNull();
    expect(mapCommentTarget(session, line(2), PRE)).toBeNull();
    // Picking a target on the edited file forgets where "Make annotation" was; elsewhere it does not.
    const anchored = { ...editing(), composerAnchor: { left: 1, top: 2, bottom: 3 } };
    expect(run(anchored, { type: 'commentTargetPicked', target: line(4) }).state.composerAnchor).toBeNull();
    expect(run(anchored, { type: 'commentTargetPicked', target: line(4, 'new', OTHER.id) }).state).toBe(anchored);
  });

  test('the form floats only when this session opened it on its file (not one frozen in the item)', () => {
    const target = { scope: 'line', fileId: CALC.id, side: 'new', startLine: 2, endLine: 2 } as const;
    const frozen = run(loading(), ...opening(1, { key: 7, editingId: null, target }), { type: 'framesPainted', id: 1 }).state.files[0] ?? null;
    expect(isFloatingComposer(frozen, { key: 9, editingId: null, target }, 9)).toBe(true);
    expect(isFloatingComposer(frozen, { key: 7, editingId: null, target }, 7)).toBe(false);
    expect(isFloatingComposer(frozen, { key: 9, editingId: 'a1', target }, 9)).toBe(false);
    expect(isFloatingComposer(frozen, { key: 9, editingId: null, target: { scope: 'file', fileId: OTHER.id } }, 9)).toBe(false);
    expect(isFloatingComposer(frozen, { key: 9, editingId: null, target }, undefined)).toBe(false);
    expect(isFloatingComposer(ending('suggest').files[0] ?? null, { key: 9, editingId: null, target }, 9)).toBe(false);
  });
});
