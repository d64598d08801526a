/**
 * The session lifecycle at controller level: the real review controller and
 * store, the real edit controller, the real hydration gate and derivation,
 * and a minimal fake of CodeView's callback contract (testing/fakeCodeView.ts).
 * Above all: a session that ends without being asked to (the view
 * remounted, a refresh replaced the file) never loses the reviewer's text
 * silently.
 */
import { sha256Hex, suggestionId, type Suggestion } from '@redline/core';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ReviewHarness } from '../src/testing/renderWithReview.js';
import { createEditController, type EditController } from './editSessionController.js';
import { CALC_NEW, CALC_OLD, createEditHarness, OTHER_NEW } from './testing/editFixtures.js';
import { createStubAdapter, FakeCodeView, type StubAdapter } from './testing/fakeCodeView.js';

interface Rig {
  harness: ReviewHarness;
  edit: EditController;
  adapter: StubAdapter;
  view: FakeCodeView;
}

let rig: Rig | null = null;

function setup(): Rig {
  const harness = createEditHarness();
  const adapter = createStubAdapter();
  const edit = createEditController(harness.controller, { loadAdapter: async () => adapter, completionTimeoutMs: 100 });
  const view = new FakeCodeView(edit, adapter, () => harness.store.getState().files);
  // The page renders after a store change, not inside it: so does the fake.
  let queued = false;
  const render = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      view.sync();
    });
  };
  edit.state.subscribe(render);
  harness.store.subscribe(render);
  rig = { harness, edit, adapter, view };
  return rig;
}

afterEach(() => {
  rig?.edit.dispose();
  rig = null;
});

/** The session's first file (these tests edit one file at a time, unless they say). */
const session = (r: Rig) => r.edit.state.getState().files[0] ?? null;
/** The review's annotations; the edit session only ever adds suggestions. */
const annotations = (r: Rig) => r.harness.store.getState().annotations as Suggestion[];

async function startEditing(r: Rig, fileId: string): Promise<void> {
  r.edit.requestEdit(fileId);
  await vi.waitFor(() => expect(r.view.isEditing(fileId)).toBe(true));
  expect(session(r)?.phase).toBe('editing');
}

/** CALC_NEW with line 6 changed. */
const CALC_EDITED = CALC_NEW.replace('  return a - b;', '  return a - b - 0;');

describe('edit session recovery', () => {
  test('a dirty session is recovered when the view unmounts, and kept as suggestions on confirm', async () => {
    const r = setup();
    await startEditing(r, 'src/calc.ts');
    r.view.type('src/calc.ts', CALC_EDITED);
    r.view.unmount();
    // The completion nobody asked for was rejected (pristine diff) and the session is over.
    expect(r.view.completions).toEqual([{ id: 'src/calc.ts', text: CALC_EDITED, decision: 'reject' }]);
    expect(session(r)).toBeNull();
    await vi.waitFor(() => expect(r.edit.state.getState().prompt?.kind).toBe('recover'));
    expect(annotations(r)).toEqual([]);

    r.edit.confirmPrompt();
    const [suggestion] = annotations(r);
    expect(annotations(r)).toHaveLength(1);
    expect(suggestion).toMatchObject({
      kind: 'suggestion',
      scope: 'line',
      path: 'src/calc.ts',
      side: 'new',
      startLine: 6,
      endLine: 6,
      originalCode: '  return a - b;',
      suggestedCode: '  return a - b - 0;',
      revision: sha256Hex(CALC_NEW),
      text: '',
    });
    expect(suggestion!.id).toBe(suggestionId({ path: 'src/calc.ts', side: 'new', startLine: 6, endLine: 6, originalCode: '  return a - b;', suggestedCode: '  return a - b - 0;', deletion: false }));
    // The draft retained under the session's key is forgotten.
    expect(r.adapter.cleared).toEqual([r.view.stateKeys[0]]);
    expect(r.view.stateKeys[0]).toMatch(/^redline-edit:\d+$/);
  });

  test('declining the recovered edits drops them; a clean session ends silently', async () => {
    const r = setup();
    await startEditing(r, 'src/calc.ts');
    r.view.type('src/calc.ts', CALC_EDITED);
    r.view.unmount();
    await vi.waitFor(() => expect(r.edit.state.getState().prompt?.kind).toBe('recover'));
    r.edit.dismissPrompt();
    expect(annotations(r)).toEqual([]);

    // Clean: typed, then typed back (and a CRLF rewrite of the same lines is no change either).
    await startEditing(r, 'src/calc.ts');
    r.view.type('src/calc.ts', CALC_EDITED);
    r.view.type('src/calc.ts', CALC_NEW.replace(/\n/g, '\r\n'));
    r.view.unmount();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(r.edit.state.getState().prompt).toBeNull();
    expect(annotations(r)).toEqual([]);
    expect(session(r)).toBeNull();
    // Each session had its own retention key, and each was cleared.
    expect(new Set(r.view.stateKeys).size).toBe(2);
    expect(r.adapter.cleared).toEqual(r.view.stateKeys);
  });

  test('a refresh that replaces the file mid-session recovers the text read BEFORE the replacement', async () => {
    const r = setup();
    await startEditing(r, 'src/calc.ts');
    r.view.type('src/calc.ts', CALC_EDITED);
    // The diff is re-read (same review, newly parsed files): the session's file object is replaced.
    await r.harness.controller.installReread(structuredClone(r.harness.api.review));
    await vi.waitFor(() => expect(r.edit.state.getState().prompt?.kind).toBe('recover'));
    expect(r.view.isEditing('src/calc.ts')).toBe(false);
    r.edit.confirmPrompt();
    expect(annotations(r).map((a) => a.suggestedCode)).toEqual(['  return a - b - 0;']);
  });

  test('a completion for a session already over is rejected and ignored', async () => {
    const r = setup();
    await startEditing(r, 'src/calc.ts');
    r.view.unmount();
    expect(session(r)).toBeNull();
    const file = r.harness.store.getState().fileById.get('src/calc.ts')!;
    const late = { newFile: { name: file.path, contents: CALC_EDITED } };
    const item = { id: file.id, type: 'diff' as const, fileDiff: file.fileDiff };
    expect(r.edit.codeViewProps.onItemEditComplete(late as never, item as never, item as never)).toBe('reject');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(r.edit.state.getState().prompt).toBeNull();
    expect(annotations(r)).toEqual([]);
    // No key is handed out for an item without a session (a remounted view gets a pristine editor).
    expect(r.edit.codeViewProps.getEditStateKey(item as never)).toBeUndefined();
  });
});

describe('ending a session', () => {
  test('Suggest: the item leaves edit mode, CodeView is told to reject, the edits become suggestions', async () => {
    const r = setup();
    await startEditing(r, 'src/calc.ts');
    const hydrated = r.edit.itemView(r.harness.store.getState().fileById.get('src/calc.ts')!);
    expect(hydrated?.editing).toBe(true);
    expect(hydrated?.fileDiff.isPartial).toBe(false);
    // Inserting two lines at the top and editing line 9 (now 11): two suggestions, pre-edit lines.
    const edited = `// a\n// b\n${CALC_NEW.replace('export const VERSION = 2;', 'export const VERSION = 3;')}`;
    r.view.type('src/calc.ts', edited);
    r.edit.suggest();
    expect(session(r)?.phase).toBe('ending');
    await vi.waitFor(() => expect(annotations(r)).toHaveLength(2));
    expect(r.view.completions.map((c) => c.decision)).toEqual(['reject']);
    expect(annotations(r).map((a) => [a.startLine, a.endLine, a.originalCode, a.suggestedCode])).toEqual([
      [1, 1, 'export function add(a: number, b: number) {', '// a\n// b\nexport function add(a: number, b: number) {'],
      [9, 9, 'export const VERSION = 2;', 'export const VERSION = 3;'],
    ]);
    // The hydrated diff stays, out of edit mode.
    expect(r.edit.itemView(r.harness.store.getState().fileById.get('src/calc.ts')!)).toEqual({ fileDiff: hydrated!.fileDiff, editing: false, banner: false });
    expect(r.harness.store.getState().toasts.at(-1)?.message).toMatch(/2 suggestions added from your edits to src\/calc.ts/);
  });

  test('Discard: no annotation, the draft is forgotten', async () => {
    const r = setup();
    await startEditing(r, 'src/calc.ts');
    r.view.type('src/calc.ts', CALC_EDITED);
    r.edit.discard();
    await vi.waitFor(() => expect(session(r)).toBeNull());
    expect(r.view.completions).toEqual([{ id: 'src/calc.ts', text: CALC_EDITED, decision: 'reject' }]);
    expect(annotations(r)).toEqual([]);
    expect(r.adapter.cleared).toHaveLength(1);
  });

  test('Edit on a second file adds it to the session: both are edited at once, and Suggest ends both', async () => {
    const r = setup();
    await startEditing(r, 'src/calc.ts');
    r.view.type('src/calc.ts', CALC_EDITED);
    r.edit.requestEdit('src/other.ts');
    // No question: the first file keeps its editor and its text.
    expect(r.edit.state.getState().prompt).toBeNull();
    await vi.waitFor(() => expect(r.view.isEditing('src/other.ts')).toBe(true));
    expect(r.view.isEditing('src/calc.ts')).toBe(true);
    expect(r.view.text('src/calc.ts')).toBe(CALC_EDITED);
    expect(r.edit.state.getState().files.map((f) => [f.fileId, f.phase])).toEqual([
      ['src/calc.ts', 'editing'],
      ['src/other.ts', 'editing'],
    ]);
    // Each file has its own retention key.
    expect(new Set(r.view.stateKeys).size).toBe(2);
    r.view.type('src/other.ts', OTHER_NEW.replace('export const B = 1;', 'export const B = 3;'));
    r.edit.suggest();
    await vi.waitFor(() => expect(annotations(r)).toHaveLength(2));
    expect(r.view.completions.map((c) => [c.id, c.decision])).toEqual([
      ['src/calc.ts', 'reject'],
      ['src/other.ts', 'reject'],
    ]);
    expect(annotations(r).map((a) => [a.path, a.suggestedCode, a.revision])).toEqual([
      ['src/calc.ts', '  return a - b - 0;', sha256Hex(CALC_NEW)],
      ['src/other.ts', 'export const B = 3;', sha256Hex(OTHER_NEW)],
    ]);
    expect(r.harness.store.getState().toasts.at(-1)?.message).toBe('2 suggestions added from your edits to 2 files, as one fix set');
    // One fix set over both, in the session's file order.
    expect(r.harness.store.getState().fixSets).toEqual([{ id: expect.stringMatching(/^[0-9a-f]{12}$/), description: 'Changes in 2 files', members: annotations(r).map((a) => a.id) }]);
    expect(r.edit.state.getState().files).toEqual([]);
    expect(r.adapter.cleared).toEqual(r.view.stateKeys);
  });

  test('a file changed on disk while edited is named; its suggestions keep the revision they were made on and are marked outdated (apply refuses them)', async () => {
    const r = setup();
    await startEditing(r, 'src/calc.ts');
    r.view.type('src/calc.ts', CALC_EDITED);
    // The file changes on disk; the freshness check says the diff is out of date.
    r.harness.api.contents.set('src/calc.ts', [CALC_OLD, `${CALC_NEW}// changed on disk\n`]);
    r.harness.store.getState().setStale(true);
    await vi.waitFor(() => expect(session(r)).toMatchObject({ phase: 'editing', changedOnDisk: true }));
    expect(r.harness.store.getState().toasts.at(-1)?.message).toMatch(/^src\/calc\.ts changed on disk while you edit it/);
    r.edit.suggest();
    await vi.waitFor(() => expect(annotations(r)).toHaveLength(1));
    expect(annotations(r)[0]).toMatchObject({ revision: sha256Hex(CALC_NEW), outdated: true, suggestedCode: '  return a - b - 0;' });
  });

  test('Discard ends every file of the session, with nothing added', async () => {
    const r = setup();
    await startEditing(r, 'src/calc.ts');
    r.view.type('src/calc.ts', CALC_EDITED);
    r.edit.requestEdit('src/other.ts');
    await vi.waitFor(() => expect(r.view.isEditing('src/other.ts')).toBe(true));
    r.edit.discard();
    await vi.waitFor(() => expect(r.edit.state.getState().files).toEqual([]));
    expect(r.view.isEditing('src/calc.ts')).toBe(false);
    expect(r.view.isEditing('src/other.ts')).toBe(false);
    expect(annotations(r)).toEqual([]);
  });

  test('opening Send Feedback turns a dirty session into suggestions first', async () => {
    const r = setup();
    await startEditing(r, 'src/calc.ts');
    r.view.type('src/calc.ts', CALC_EDITED);
    r.harness.store.getState().openDialog('feedback');
    await vi.waitFor(() => expect(annotations(r)).toHaveLength(1));
    expect(session(r)).toBeNull();
  });

  test('a comment picked on the edited lines (gutter, selection) anchors to the pre-edit lines', async () => {
    const r = setup();
    await startEditing(r, 'src/calc.ts');
    r.view.type('src/calc.ts', `// one\n// two\n${CALC_NEW}`);
    const open = (line: number) => {
      r.harness.store.getState().closeComposer();
      r.harness.controller.openComment({ scope: 'line', fileId: 'src/calc.ts', side: 'new', startLine: line, endLine: line });
      return r.harness.store.getState().composer!;
    };
    // Edited line 8 is pre-edit line 6, unchanged: exact.
    expect(open(8)).toMatchObject({ target: { startLine: 6, endLine: 6 } });
    expect(open(8).approximate).toBeUndefined();
    // An inserted line: the adjacent pre-edit line, approximate, with what was shown.
    expect(open(1)).toMatchObject({ target: { startLine: 1, endLine: 1 }, approximate: true, highlightedText: '// one' });
    // Old-side lines and other files are not touched.
    r.harness.store.getState().closeComposer();
    r.harness.controller.openComment({ scope: 'line', fileId: 'src/calc.ts', side: 'old', startLine: 8, endLine: 8 });
    expect(r.harness.store.getState().composer?.target).toMatchObject({ side: 'old', startLine: 8 });
    // The form floats outside the (frozen) item while the session lasts.
    expect(r.edit.isFloatingComposer(r.harness.store.getState().composer?.key)).toBe(true);
  });

  test('a completion that never comes still ends the session with the text read at Suggest', async () => {
    const r = setup();
    await startEditing(r, 'src/calc.ts');
    r.view.type('src/calc.ts', CALC_EDITED);
    // Stop the fake from answering: the item is "never attached" as far as CodeView is concerned.
    r.view.sync = () => undefined;
    r.edit.suggest();
    await vi.waitFor(() => expect(annotations(r)).toHaveLength(1), { timeout: 2000 });
    expect(session(r)).toBeNull();
  });
});
