/**
 * The thin shell around `transition` (editTransition.ts): it holds the
 * state (a zustand store, read by the components) and the handles on what
 * is not data (the adapter and the worker pool; for each file of the
 * session its editor, its document, its deriver, its completion timer and
 * its HUD count), feeds events in, and runs the effects against the
 * adapter and the page. Each effect's answer comes back as another event.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { ApiRequestError, type ReviewController, type ReviewFile, buildSuggestion, installEditorFactory } from '../src/editHost.js';
import { createDebouncedTask, type DebouncedTask } from './debouncedTask.js';
import type { DeriveRequest, EditEffect, EditEvent, LiveDocument, LiveTexts } from './editEvents.js';
import { isEditFlagOn } from './editFlag.js';
import { refusalMessage, staticEditRefusal } from './editRefusals.js';
import { INITIAL_EDIT_STATE, type EditFeatureState, type OpenedFile } from './editSession.js';
import { transition } from './editTransition.js';
import { primeHighlight, type WorkerPool } from './editWorkerPool.js';
import { createHunkDeriver, type HunkDeriver } from './hunkDeriver.js';
import { hydrateForEditing } from './hydrateForEditing.js';
import type { AttachedEditor, PierreEditAdapter } from './pierreEditAdapter.js';
import { errorMessage, type Suggestion } from '@redline/core';
import { INTERACTIVE_DIFF, sessionById, sessionByStateKey } from './editQueries.js';

export interface EditControllerOptions {
  /** Loads the adapter module; tests may pass a stand-in. */
  loadAdapter?: () => Promise<PierreEditAdapter>;
  /** When a missing completion is given up on (ms). */
  completionTimeoutMs?: number;
  /** How long to wait for the workers to highlight a file before editing it anyway (ms). */
  highlightTimeoutMs?: number;
}

type Settings = Required<EditControllerOptions>;

/** One file's handles on things that are not data. */
export interface FileHandles {
  deriver: HunkDeriver | null;
  editor: AttachedEditor | null;
  /** The document of the last change event: its `contents` still reads after the editor is torn down. */
  document: LiveDocument | null;
  completionTimer: ReturnType<typeof setTimeout> | null;
  /** The HUD's debounced recount. */
  countTask: DebouncedTask;
}

/** The shell's only mutable parts besides the state: handles on things that are not data. */
export interface EditHandles {
  adapter: PierreEditAdapter | null;
  workerPool: WorkerPool | null;
  /** By the file's session id; dropped when the file leaves the session. */
  files: Map<number, FileHandles>;
}

export interface EditShell {
  readonly store: StoreApi<EditFeatureState>;
  readonly review: ReviewController;
  readonly handles: EditHandles;
  readonly settings: Settings;
  dispatch(event: EditEvent): void;
}

const COUNT_WAIT_MS = 200;
const COUNT_MAX_WAIT_MS = 800;
/**
 * How long a burst of typing may hold the HUD's count back. On a file whose
 * deriver is a worker (past 10,000 lines) a count copies the whole text to
 * it, 5-6 ms a time on 100,000 lines, and a key that lands behind it misses
 * its frame: there the count waits for a pause in typing (200 ms). Elsewhere
 * the count runs inline on a small file and still moves every 800 ms while
 * the reviewer types. bench/RESULTS.md, section "typing on 100,000 lines,
 * and the HUD's count".
 */
const countMaxWait = (file: FileHandles) => (file.deriver?.offMainThread ? Infinity : COUNT_MAX_WAIT_MS);

export function createEditShell(review: ReviewController, options: EditControllerOptions): EditShell {
  const settings: Settings = {
    loadAdapter: options.loadAdapter ?? (async () => (await import('./pierreEditAdapter.js')).loadPierreEditAdapter()),
    completionTimeoutMs: options.completionTimeoutMs ?? 2000,
    highlightTimeoutMs: options.highlightTimeoutMs ?? 20_000,
  };
  const store = createStore<EditFeatureState>()(() => INITIAL_EDIT_STATE);
  const handles: EditHandles = { adapter: null, workerPool: null, files: new Map() };
  const shell: EditShell = { store, review, handles, settings, dispatch };
  function dispatch(event: EditEvent): void {
    const { state, effects } = transition(store.getState(), event);
    if (state !== store.getState()) store.setState(state, true);
    for (const effect of effects) runEffect(shell, effect);
    dropLeftFiles(shell);
  }
  return shell;
}

/** File `id`'s handles, made on first use. */
function fileHandles(shell: EditShell, id: number): FileHandles {
  let file = shell.handles.files.get(id);
  if (!file) {
    const made: FileHandles = {
      deriver: null,
      editor: null,
      document: null,
      completionTimer: null,
      countTask: createDebouncedTask(() => shell.dispatch({ type: 'countDue', id, liveText: fileText(made) }), { wait: COUNT_WAIT_MS, maxWait: () => countMaxWait(made) }),
    };
    shell.handles.files.set(id, made);
    file = made;
  }
  return file;
}

/** The handles of files no longer in the session (it dropped them while opening) are let go. */
function dropLeftFiles(shell: EditShell): void {
  const { files } = shell.store.getState();
  for (const [id, file] of shell.handles.files) {
    if (files.some((s) => s.id === id)) continue;
    releaseFile(file);
    shell.handles.files.delete(id);
  }
}

function releaseFile(file: FileHandles): void {
  file.countTask.cancel();
  file.deriver?.dispose();
  clearTimer(file);
}

/** A file's text as its editor has it now (null without an editor). */
function fileText(file: FileHandles | undefined): string | null {
  if (!file) return null;
  try {
    return file.editor?.getText() ?? file.document?.contents ?? null;
  } catch {
    // A torn-down editor: the last change event's document still reads.
    try {
      return file.document?.contents ?? null;
    } catch {
      return null;
    }
  }
}

/** File `id`'s text as its editor has it now (null without an editor). */
export function liveText(handles: EditHandles, id: number): string | null {
  return fileText(handles.files.get(id));
}

/** Every file's text as its editor has it now. */
export function liveTexts(handles: EditHandles): LiveTexts {
  return new Map([...handles.files].map(([id, file]) => [id, fileText(file)]));
}

/** The Edit button's event, with the page's facts as they are now. */
export function editRequested(shell: EditShell, fileId: string): EditEvent {
  const s = shell.review.store.getState();
  const file = s.fileById.get(fileId) ?? null;
  return { type: 'editRequested', file, flagOn: isEditFlagOn(s.settings), staticRefusal: file && staticEditRefusal(file, s.review) };
}

type Handlers = { [K in EditEffect['type']]: (shell: EditShell, effect: Extract<EditEffect, { type: K }>) => void };

/** What each effect does: keyed by the effect union, so a new effect breaks the build until it has a handler. */
const HANDLERS: Handlers = {
  expandFile: ({ review }, { fileId }) => {
    const page = review.store.getState();
    if (page.isCollapsed(fileId)) page.setCollapsed(fileId, false);
  },
  loadContents: (shell, { id, file }) => void loadContents(shell, id, file),
  primeHighlight: (shell, { id, opened }) => void primed(shell, id, opened),
  startDeriver: (shell, { id, preEdit }) => {
    const file = fileHandles(shell, id);
    file.deriver?.dispose();
    Object.assign(file, { deriver: createHunkDeriver(preEdit), editor: null, document: null });
  },
  awaitFrames: ({ dispatch }, { id }) =>
    void nextFrame()
      .then(nextFrame)
      .then(() => dispatch({ type: 'framesPainted', id })),
  holdEditor: (shell, { id, editor }) => void (fileHandles(shell, id).editor = editor),
  holdDocument: (shell, { id, document }) => void (fileHandles(shell, id).document = document),
  focusEditor: ({ handles }, { id }) => handles.files.get(id)?.editor?.focus(),
  focusLine,
  scheduleCount: (shell, { id }) => fileHandles(shell, id).countTask.schedule(),
  cancelCount: ({ handles }, { id }) => handles.files.get(id)?.countTask.cancel(),
  count: (shell, { id, text }) => count(shell, id, text),
  prepareToEnd: ({ handles }, { id }) => prepareToEnd(handles.files.get(id), id),
  startCompletionTimer: (shell, { id }) => {
    const file = fileHandles(shell, id);
    clearTimer(file);
    file.completionTimer = setTimeout(() => shell.dispatch({ type: 'completionTimedOut', id }), shell.settings.completionTimeoutMs);
  },
  finishSession: (shell, { id, stateKey, derive }) => finishSession(shell, id, stateKey, derive),
  addSuggestions: ({ review }, { suggestions, set }) => addSuggestions(review, suggestions, set),
  toast: ({ review }, { message }) => review.store.getState().showToast(message),
  openFloatingComposer: ({ review, dispatch }, { target, highlightedText, approximate, anchor }) => {
    if (review.store.getState().openComposer({ kind: 'comment', target, highlightedText, approximate })) dispatch({ type: 'floatingComposerOpened', anchor });
  },
};

function runEffect(shell: EditShell, effect: EditEffect): void {
  // The table is keyed by the union: each handler takes its own member (TypeScript cannot correlate the two here).
  (HANDLERS[effect.type] as (shell: EditShell, effect: EditEffect) => void)(shell, effect);
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

async function ensureAdapter(shell: EditShell): Promise<PierreEditAdapter> {
  const { handles, dispatch } = shell;
  if (handles.adapter) return handles.adapter;
  const loaded = await shell.settings.loadAdapter();
  if (!handles.adapter) {
    handles.adapter = loaded;
    const factory = loaded.createEditorFactory({
      onMakeAnnotation: (stateKey, snapshot) => dispatch({ type: 'selectionAnnotated', stateKey, snapshot }),
      onEditorAttached: (editor, stateKey) => {
        const session = sessionByStateKey(shell.store.getState(), stateKey);
        const first = !session || (handles.files.get(session.id)?.editor ?? null) === null;
        dispatch({ type: 'editorAttached', stateKey, editor, first });
      },
    });
    installEditorFactory(factory);
  }
  return handles.adapter;
}

async function loadContents(shell: EditShell, id: number, file: ReviewFile): Promise<void> {
  let event: EditEvent;
  try {
    const [, data] = await Promise.all([ensureAdapter(shell), shell.review.fetchContents(file.path)]);
    const current = shell.review.store.getState().fileById.get(file.id) === file;
    event = { type: 'contentsHydrated', id, result: current ? hydrateForEditing(file, data) : null };
  } catch (error) {
    const refused = error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
    event = { type: 'startFailed', id, failure: refused ? { kind: 'refused', reason: refusalMessage(error.code) } : { kind: 'error', message: errorMessage(error) } };
  }
  shell.dispatch(event);
}

async function primed(shell: EditShell, id: number, opened: OpenedFile): Promise<void> {
  await primeHighlight(shell.handles.workerPool, opened.fileDiff, shell.settings.highlightTimeoutMs);
  const { fileById, composer } = shell.review.store.getState();
  shell.dispatch({ type: 'highlightPrimed', id, opened, fileById, composer });
}

function focusLine(shell: EditShell, { id, editor, line }: Extract<EditEffect, { type: 'focusLine' }>): void {
  // After the editor has painted (it attaches during CodeView's render).
  requestAnimationFrame(() => {
    if (sessionById(shell.store.getState(), id)?.phase !== 'editing') return;
    try {
      editor.focus(line);
    } catch {
      // Focus is a convenience; the file must not stay closed to input because of it.
    }
    // Pierre 1.6.4 places the caret in its next render frame and settles in the one after
    // (editor.js #focus: two queueRender steps); a click before that was undone by it.
    void nextFrame()
      .then(nextFrame)
      .then(nextFrame)
      .then(() => shell.dispatch({ type: 'caretPlaced', id }));
  });
}

function count(shell: EditShell, id: number, text: string): void {
  const deriver = shell.handles.files.get(id)?.deriver;
  if (!deriver) return;
  deriver
    .derive(text, deriver.offMainThread ? undefined : INTERACTIVE_DIFF)
    .then(({ hunks }) => shell.dispatch({ type: 'counted', id, changes: hunks.length }))
    .catch(() => undefined);
}

function prepareToEnd(file: FileHandles | undefined, id: number): void {
  try {
    file?.editor?.prepareToEnd(`redline-session:${id}:${Date.now()}`);
  } catch {
    // Only a performance workaround.
  }
}

function clearTimer(file: FileHandles): void {
  if (file.completionTimer) clearTimeout(file.completionTimer);
  file.completionTimer = null;
}

function finishSession(shell: EditShell, id: number, stateKey: string, derive: DeriveRequest | null): void {
  const { handles } = shell;
  const file = handles.files.get(id);
  handles.files.delete(id);
  if (file) {
    clearTimer(file);
    file.countTask.cancel();
  }
  try {
    handles.adapter?.clearEditState(stateKey);
  } catch {
    // Retention is per session key: a leftover draft can never resume.
  }
  const deriver = file?.deriver ?? null;
  if (!derive) return deriver?.dispose();
  void deriveSuggestions(derive, deriver).then((event) => {
    deriver?.dispose();
    shell.dispatch(event);
  });
}

async function deriveSuggestions(request: DeriveRequest, deriver: HunkDeriver | null): Promise<EditEvent> {
  try {
    const { hunks } = await (deriver ?? createHunkDeriver(request.preEdit)).derive(request.text);
    const now = new Date();
    // Made on a text that changed on disk since: marked outdated (their revision kept), which apply refuses cleanly.
    const suggestions = hunks.map((hunk) => {
      const suggestion = buildSuggestion({ path: request.path, ...hunk, text: '', revision: request.revision }, now);
      return request.changedOnDisk ? { ...suggestion, outdated: true } : suggestion;
    });
    return { type: 'suggestionsDerived', request, suggestions };
  } catch (error) {
    return { type: 'derivationFailed', request, message: errorMessage(error) };
  }
}

/** The session's suggestions added to the draft; several of one Suggest as one fix set. */
function addSuggestions(review: ReviewController, suggestions: readonly Suggestion[], set: { description: string } | null): void {
  const page = review.store.getState();
  if (set) return page.addSuggestionSet(suggestions, set.description);
  for (const suggestion of suggestions) page.addAnnotation(suggestion);
}

/** Stops what the shell started (the page's controller lives as long as the page). */
export function disposeEditShell(shell: EditShell): void {
  for (const file of shell.handles.files.values()) releaseFile(file);
  shell.handles.files.clear();
}

/**
 * The freshness check said the diff is out of date: each file being edited
 * is read again (not from the page's cache); one whose bytes are no longer
 * the text it was opened on (or that the server calls changed) is told to
 * the session, which keeps its edits against the text they were made on.
 */
export async function checkOnDisk(shell: EditShell): Promise<void> {
  const page = shell.review.store.getState();
  const fingerprint = page.review?.fingerprint;
  if (!fingerprint) return;
  const opened = shell.store.getState().files.filter((s) => s.phase === 'editing' || s.phase === 'preparing');
  const changed = await Promise.all(
    opened.map(async (s) => {
      try {
        const data = await shell.review.api.getFile(s.path, fingerprint);
        return data.new?.sha256 !== s.revision;
      } catch (error) {
        return error instanceof ApiRequestError && error.code === 'changed';
      }
    }),
  );
  const fileIds = opened.filter((_, i) => changed[i]).map((s) => s.fileId);
  if (fileIds.length > 0) shell.dispatch({ type: 'changedOnDisk', fileIds });
}
