/**
 * The edit session's lifecycle: one file at a time, from the Edit click to
 * suggestions (or nothing).
 *
 *   Edit click ─▶ loading: the adapter (and Pierre's editor) is imported,
 *                 the file's contents fetched, the hydration gate passed,
 *                 and the hydrated diff highlighted by the workers
 *              ─▶ preparing: the item shows the hydrated diff, its tokens
 *                 taken from the workers' cache (for two frames)
 *              ─▶ editing: the item is published with `edit: true`; the
 *                 editor keeps that highlighted render (instead of
 *                 re-highlighting the whole file on the main thread)
 *              ─▶ ending: the item is published with `edit: false` (a new
 *                 version); CodeView calls onItemEditComplete, which always
 *                 answers 'reject' (the diff returns to pristine) after
 *                 taking the final text, which becomes suggestions
 *                 (Suggest), nothing (Discard), or a question (recovery).
 *
 * A completion nobody asked for means the view went away mid-session
 * (remount, error boundary retry, the file replaced by a refresh): a dirty
 * session's text is recovered and the reviewer asked whether to keep it as
 * suggestions; a clean one ends silently. The edited text itself never
 * lives anywhere but the editor and, at the end, the suggestions.
 */
import type { CodeViewItem, FileDiffMetadata } from '@pierre/diffs';
import type { CodeViewItemEditCompleteHandler } from '@pierre/diffs/react';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { mapSelectionAnchor, toLines, type Annotation, type DeriveSuggestionOptions } from '@redline/core';
import {
  ApiRequestError,
  buildSuggestion,
  installEditorFactory,
  type ComposerTarget,
  type DiffEditHooks,
  type ItemEditView,
  type ReviewController,
  type ReviewFile,
  type SlotMeta,
} from '../src/editHost.js';
import { createDebouncedTask } from './debouncedTask.js';
import { isEditFlagOn } from './editFlag.js';
import { refusalMessage, staticEditRefusal } from './editRefusals.js';
import { createHunkDeriver, type HunkDeriver } from './hunkDeriver.js';
import { hydrateForEditing } from './hydrateForEditing.js';
import type { AttachedEditor, EditChangeEvent, EditorSelectionSnapshot, PierreEditAdapter } from './pierreEditAdapter.js';

export type EndReason = 'suggest' | 'discard' | 'recover';

export interface EditSession {
  id: number;
  fileId: string;
  path: string;
  /** The ReviewFile the session was opened on; a refresh replaces it. */
  file: ReviewFile;
  phase: 'loading' | 'preparing' | 'editing' | 'ending';
  /** The hydrated diff the editor works on (null while loading). */
  fileDiff: FileDiffMetadata | null;
  /** The new side as served when the session started. */
  preEdit: string;
  /** sha256 of those bytes. */
  revision: string;
  /** CodeView's retention key for this session's draft (unique per session). */
  stateKey: string;
  /** The HUD's change count: how many suggestions Suggest would make now. */
  changes: number;
  /** A file too big to highlight quickly: edited as plain text. */
  plainText: boolean;
  ending: EndReason | null;
  /** The text read from the editor when the end was requested. */
  capturedText: string | null;
  /** A comment form already open on the file when the session started (it stays in its slot). */
  frozenComposerKey: number | null;
}

export type EditPrompt =
  | { kind: 'switch'; fromPath: string; toFileId: string }
  | { kind: 'recover'; path: string; suggestions: Annotation[] };

export interface EditFeatureState {
  session: EditSession | null;
  prompt: EditPrompt | null;
  /** Reasons learned from the server or the hydration gate, for the file object they were learned on. */
  refusals: ReadonlyMap<string, { file: ReviewFile; reason: string }>;
  /** Diffs hydrated for a session, kept afterwards so the file's diff does not change back. */
  hydrated: ReadonlyMap<string, { file: ReviewFile; fileDiff: FileDiffMetadata }>;
  /** Where the floating comment entry goes (the "Make annotation" button's position). */
  composerAnchor: { left: number; top: number; bottom: number } | null;
}

export type { ItemEditView };

/** What a comment target becomes when it was picked on the edited text. */
export interface MappedCommentTarget {
  target: Extract<ComposerTarget, { scope: 'line' }>;
  highlightedText?: string;
  approximate?: boolean;
}

export interface EditControllerOptions {
  /** Loads the adapter module; tests may pass a stand-in. */
  loadAdapter?: () => Promise<PierreEditAdapter>;
  /** When a missing completion is given up on (ms). */
  completionTimeoutMs?: number;
  /** How long to wait for the workers to highlight a file before editing it anyway (ms). */
  highlightTimeoutMs?: number;
}

/** The part of Pierre's worker pool manager the session uses. */
type WorkerPool = NonNullable<Parameters<DiffEditHooks['setWorkerPool']>[0]>;

/**
 * Past this many lines (either side), a file is edited as plain text: the
 * workers highlight about 4,000 lines a second on the test machine, and a
 * bigger file would keep the reviewer waiting for colours.
 */
export const PLAIN_TEXT_LINES = 10_000;

function lineCountOf(fileDiff: FileDiffMetadata): number {
  return Math.max(fileDiff.additionLines.length, fileDiff.deletionLines.length);
}

/** The same diff rendered without tokenizing (its own cache key: the workers cache renders by key). */
function asPlainText(fileDiff: FileDiffMetadata): FileDiffMetadata {
  return { ...fileDiff, lang: 'text', ...(fileDiff.cacheKey ? { cacheKey: `${fileDiff.cacheKey}:text` } : {}) };
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** Bounded work on the main thread: a costlier diff falls back (coarser, never wrong). */
const INTERACTIVE_DIFF: DeriveSuggestionOptions = { timeoutMs: 40 };
const COUNT_WAIT_MS = 200;
const COUNT_MAX_WAIT_MS = 800;

export type EditController = ReturnType<typeof createEditController>;

export function createEditController(review: ReviewController, options: EditControllerOptions = {}) {
  const loadAdapter = options.loadAdapter ?? (async () => (await import('./pierreEditAdapter.js')).loadPierreEditAdapter());
  const completionTimeoutMs = options.completionTimeoutMs ?? 2000;
  const highlightTimeoutMs = options.highlightTimeoutMs ?? 20_000;
  let workerPool: WorkerPool | null = null;
  const state: StoreApi<EditFeatureState> = createStore<EditFeatureState>()(() => ({
    session: null,
    prompt: null,
    refusals: new Map(),
    hydrated: new Map(),
    composerAnchor: null,
  }));
  const get = () => state.getState();
  const reviewState = () => review.store.getState();

  let sessionSeq = 0;
  let adapter: PierreEditAdapter | null = null;
  let deriver: HunkDeriver | null = null;
  let editor: AttachedEditor | null = null;
  /** The document of the last change event: its `contents` reads the live text. */
  let lastChangedFile: { contents: string } | null = null;
  let afterEnd: (() => void) | null = null;
  let completionTimer: ReturnType<typeof setTimeout> | null = null;

  const setSession = (patch: Partial<EditSession> | null) => {
    const current = get().session;
    state.setState({ session: patch === null || current === null ? null : { ...current, ...patch } });
  };
  const toast = (message: string) => reviewState().showToast(message);
  const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

  // ---------- availability ----------

  function refusalFor(file: ReviewFile): string | null {
    const learned = get().refusals.get(file.id);
    return staticEditRefusal(file, reviewState().review) ?? (learned && learned.file === file ? learned.reason : null);
  }

  function refuse(file: ReviewFile, reason: string) {
    const refusals = new Map(get().refusals);
    refusals.set(file.id, { file, reason });
    state.setState({ refusals });
  }

  // ---------- the live text ----------

  function liveText(): string | null {
    try {
      return editor?.getText() ?? lastChangedFile?.contents ?? null;
    } catch {
      // A torn-down editor: the last change event's document still reads.
      try {
        return lastChangedFile?.contents ?? null;
      } catch {
        return null;
      }
    }
  }

  /** Whether the session's text differs from its pre-edit text (line endings and BOM aside). */
  function isDirty(session: EditSession): boolean {
    const text = liveText();
    if (text === null || text === session.preEdit) return false;
    const a = toLines(session.preEdit);
    const b = toLines(text);
    return a.length !== b.length || a.some((line, i) => line !== b[i]);
  }

  const countTask = createDebouncedTask(
    () => {
      const session = get().session;
      const text = liveText();
      if (!session || session.phase !== 'editing' || !deriver || text === null) return;
      const id = session.id;
      deriver
        .derive(text, deriver.offMainThread ? undefined : INTERACTIVE_DIFF)
        .then(({ hunks }) => {
          const current = get().session;
          if (current?.id === id && current.phase === 'editing' && current.changes !== hunks.length) setSession({ changes: hunks.length });
        })
        .catch(() => undefined);
    },
    { wait: COUNT_WAIT_MS, maxWait: COUNT_MAX_WAIT_MS },
  );

  // ---------- starting ----------

  async function ensureAdapter(): Promise<PierreEditAdapter> {
    if (adapter) return adapter;
    const loaded = await loadAdapter();
    if (!adapter) {
      adapter = loaded;
      installEditorFactory(
        loaded.createEditorFactory({
          onMakeAnnotation,
          onEditorAttached(attached) {
            const session = get().session;
            if (!session || session.phase === 'loading' || session.phase === 'preparing') return;
            const first = editor === null;
            editor = attached;
            if (first && session.phase === 'editing') focusFirstChange(attached, session);
          },
        }),
      );
    }
    return adapter;
  }

  function focusFirstChange(attached: AttachedEditor, session: EditSession) {
    const line = session.fileDiff ? firstChangedLine(session.fileDiff) : 1;
    // After the editor has painted (it attaches during CodeView's render).
    requestAnimationFrame(() => {
      if (get().session?.id === session.id) {
        try {
          attached.focus(line);
        } catch {
          // Focus is a convenience.
        }
      }
    });
  }

  /** The Edit button. */
  function requestEdit(fileId: string): void {
    const file = reviewState().fileById.get(fileId);
    if (!file || !isEditFlagOn(reviewState().settings) || refusalFor(file)) return;
    const session = get().session;
    if (session) {
      if (session.fileId === fileId) {
        if (session.phase === 'editing') editor?.focus();
        return;
      }
      if (session.phase === 'ending') return;
      if (session.phase === 'loading' || session.phase === 'preparing') {
        setSession(null);
      } else if (isDirty(session)) {
        state.setState({ prompt: { kind: 'switch', fromPath: session.path, toFileId: fileId } });
        return;
      } else {
        end('discard', () => requestEdit(fileId));
        return;
      }
    }
    void start(file);
  }

  async function start(file: ReviewFile): Promise<void> {
    const id = ++sessionSeq;
    const s = reviewState();
    state.setState({
      session: {
        id,
        fileId: file.id,
        path: file.path,
        file,
        phase: 'loading',
        fileDiff: null,
        preEdit: '',
        revision: '',
        stateKey: `redline-edit:${id}`,
        changes: 0,
        plainText: false,
        ending: null,
        capturedText: null,
        frozenComposerKey: null,
      },
    });
    // Collapsed items ignore `edit`: show the file first.
    if (s.isCollapsed(file.id)) s.setCollapsed(file.id, false);
    const stale = () => get().session?.id !== id;
    try {
      const [, data] = await Promise.all([ensureAdapter(), review.fetchContents(file.path)]);
      if (stale()) return;
      if (reviewState().fileById.get(file.id) !== file) {
        setSession(null);
        return;
      }
      const result = hydrateForEditing(file, data);
      if (!result.ok) {
        setSession(null);
        refuse(file, result.reason);
        toast(`Cannot edit ${file.path}: ${result.reason}`);
        return;
      }
      const plainText = lineCountOf(result.fileDiff) > PLAIN_TEXT_LINES && result.fileDiff.lang !== 'text';
      const fileDiff = plainText ? asPlainText(result.fileDiff) : result.fileDiff;
      await primeHighlight(fileDiff);
      if (stale()) return;
      if (reviewState().fileById.get(file.id) !== file) {
        setSession(null);
        return;
      }
      const hydrated = new Map(get().hydrated);
      // A plain-text session goes back to the highlighted diff when it ends.
      if (!plainText) hydrated.set(file.id, { file, fileDiff });
      deriver?.dispose();
      deriver = createHunkDeriver(result.preEdit);
      editor = null;
      lastChangedFile = null;
      const composer = reviewState().composer;
      const composerHere = composer && composer.target.scope !== 'general' && composer.target.fileId === file.id;
      state.setState({ hydrated });
      setSession({
        phase: 'preparing',
        fileDiff,
        plainText,
        preEdit: result.preEdit,
        revision: result.revision,
        frozenComposerKey: composerHere ? composer.key : null,
      });
      // The item renders the hydrated diff from the workers' cache; then edit mode keeps that render.
      await nextFrame();
      await nextFrame();
      if (stale()) return;
      setSession({ phase: 'editing' });
    } catch (error) {
      if (stale()) return;
      setSession(null);
      if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
        const reason = refusalMessage(error.code);
        refuse(file, reason);
        toast(`Cannot edit ${file.path}: ${reason}`);
      } else {
        toast(`Could not start editing ${file.path}: ${errorText(error)}`);
      }
    }
  }

  /**
   * Has the workers highlight `fileDiff` in the form the editor can take over
   * (the token transformer), off the main thread, before the item shows it.
   * Pierre keeps an item's highlighted render when an edit session starts
   * from the same diff with the same options; without it, edit mode
   * highlights the whole file (both sides) on the main thread: one 5.4 s
   * task for 7,500 lines on the test machine. Best effort: no pool, a failed
   * or slow one only cost that main-thread work.
   */
  async function primeHighlight(fileDiff: FileDiffMetadata): Promise<void> {
    const pool = workerPool;
    if (!pool || !pool.isWorkingPool() || pool.getDiffRenderOptions().useTokenTransformer !== true || !fileDiff.cacheKey || fileDiff.lang === 'text') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([pool.primeDiffHighlightCache(fileDiff), new Promise((resolve) => (timer = setTimeout(resolve, highlightTimeoutMs)))]);
    } catch {
      // Highlighting is a convenience; editing does not depend on it.
    } finally {
      clearTimeout(timer);
    }
  }

  /** Mirrors the setting into the pool: tokens the editor can take over, only while the feature is on. */
  function syncPoolOptions(): void {
    const pool = workerPool;
    if (!pool || !pool.isWorkingPool()) return;
    const wanted = isEditFlagOn(reviewState().settings);
    if (pool.getDiffRenderOptions().useTokenTransformer !== wanted) void pool.setRenderOptions({ useTokenTransformer: wanted }).catch(() => undefined);
  }

  // ---------- ending ----------

  /** Suggest, Discard, or a forced end: publishes `edit: false` and waits for CodeView's completion. */
  function end(reason: EndReason, then?: () => void): void {
    const session = get().session;
    if (!session || session.phase !== 'editing') return;
    countTask.cancel();
    afterEnd = then ?? null;
    const capturedText = liveText();
    try {
      editor?.prepareToEnd(`redline-session:${session.id}:${Date.now()}`);
    } catch {
      // Only a performance workaround.
    }
    setSession({ phase: 'ending', ending: reason, capturedText });
    // If CodeView never completes (the editor was never attached), finish with what was read.
    if (completionTimer) clearTimeout(completionTimer);
    const id = session.id;
    completionTimer = setTimeout(() => {
      const current = get().session;
      if (current?.id === id && current.phase === 'ending') complete(current, current.capturedText);
    }, completionTimeoutMs);
  }

  /** CodeView's onItemEditComplete: always 'reject' (pristine diff); the text becomes suggestions. */
  const onItemEditComplete: CodeViewItemEditCompleteHandler<SlotMeta, undefined> = (event, item) => {
    const session = get().session;
    const eventText = 'newFile' in event ? (event.newFile?.contents ?? null) : null;
    if (!session || session.fileId !== item.id || session.phase === 'loading' || session.phase === 'preparing') {
      // A completion for a session already over (a stale editor): nothing to keep.
      return 'reject';
    }
    // A refresh replaced the document under the editor (the session is recovering from it, or the
    // file changed while it was ending): trust what was read from the editor before that.
    const replaced = session.ending === 'recover' || reviewState().fileById.get(session.fileId) !== session.file;
    const text = replaced && session.capturedText !== null ? session.capturedText : (eventText ?? session.capturedText);
    complete(session.phase === 'ending' ? session : { ...session, ending: 'recover' }, text);
    return 'reject';
  };

  function complete(session: EditSession, text: string | null): void {
    if (get().session?.id !== session.id) return;
    if (completionTimer) clearTimeout(completionTimer);
    completionTimer = null;
    countTask.cancel();
    try {
      adapter?.clearEditState(session.stateKey);
    } catch {
      // Retention is per session key: a leftover draft can never resume.
    }
    const sessionDeriver = deriver;
    deriver = null;
    editor = null;
    lastChangedFile = null;
    const then = afterEnd;
    afterEnd = null;
    state.setState({ session: null, composerAnchor: null });
    const reason = session.ending ?? 'recover';
    if (reason === 'discard' || text === null) {
      sessionDeriver?.dispose();
      then?.();
      return;
    }
    void derive(session, text, sessionDeriver).then((suggestions) => {
      sessionDeriver?.dispose();
      if (suggestions === null) return;
      if (reason === 'suggest') {
        addSuggestions(suggestions);
        toast(
          suggestions.length === 0
            ? `No changes to suggest in ${session.path}`
            : `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'} added from your edits to ${session.path}`,
        );
        then?.();
      } else if (suggestions.length > 0) {
        state.setState({ prompt: { kind: 'recover', path: session.path, suggestions } });
      }
    });
  }

  async function derive(session: EditSession, text: string, sessionDeriver: HunkDeriver | null): Promise<Annotation[] | null> {
    try {
      const { hunks } = await (sessionDeriver ?? createHunkDeriver(session.preEdit)).derive(text);
      const now = new Date();
      return hunks.map((hunk) =>
        buildSuggestion(
          {
            path: session.path,
            startLine: hunk.startLine,
            endLine: hunk.endLine,
            originalCode: hunk.originalCode,
            suggestedCode: hunk.suggestedCode,
            deletion: hunk.deletion,
            text: '',
            revision: session.revision,
          },
          now,
        ),
      );
    } catch (error) {
      toast(`Your edits to ${session.path} could not be turned into suggestions: ${errorText(error)}`);
      return null;
    }
  }

  function addSuggestions(suggestions: readonly Annotation[]) {
    const s = reviewState();
    for (const suggestion of suggestions) s.addAnnotation(suggestion);
  }

  // ---------- prompts ----------

  function confirmPrompt(): void {
    const prompt = get().prompt;
    state.setState({ prompt: null });
    if (prompt?.kind === 'switch') end('suggest', () => requestEdit(prompt.toFileId));
    else if (prompt?.kind === 'recover') {
      addSuggestions(prompt.suggestions);
      toast(`${prompt.suggestions.length} ${prompt.suggestions.length === 1 ? 'suggestion' : 'suggestions'} kept from your edits to ${prompt.path}`);
    }
  }

  /** Switch: keep editing. Recover: drop the recovered edits. */
  function dismissPrompt(): void {
    state.setState({ prompt: null });
  }

  // ---------- CodeView callbacks ----------

  function onItemEditChange(event: EditChangeEvent, item: CodeViewItem<SlotMeta>): void {
    const session = get().session;
    if (!session || session.phase !== 'editing' || item.id !== session.fileId) return;
    lastChangedFile = event.file;
    countTask.schedule();
  }

  function getEditStateKey(item: CodeViewItem<SlotMeta>): string | undefined {
    const session = get().session;
    return session && session.fileId === item.id && (session.phase === 'editing' || session.phase === 'ending') ? session.stateKey : undefined;
  }

  /** How the items builder shows a file: hydrated diff, in edit mode or not. */
  function itemView(file: ReviewFile): ItemEditView | null {
    const s = get();
    const session = s.session;
    if (session && session.fileId === file.id && session.file === file && session.fileDiff && (session.phase === 'editing' || session.phase === 'preparing')) {
      return { fileDiff: session.fileDiff, editing: session.phase === 'editing' };
    }
    const kept = s.hydrated.get(file.id);
    return kept && kept.file === file ? { fileDiff: kept.fileDiff, editing: false } : null;
  }

  // ---------- comments made on the edited text ----------

  function onMakeAnnotation(snapshot: EditorSelectionSnapshot): void {
    const session = get().session;
    if (!session || session.phase !== 'editing') return;
    const anchor = mapSelectionAnchor(session.preEdit, snapshot.editedText, { startLine: snapshot.startLine, endLine: snapshot.endLine }, INTERACTIVE_DIFF);
    openFloatingComment(
      { scope: 'line', fileId: session.fileId, side: 'new', startLine: anchor.startLine, endLine: anchor.endLine },
      { highlightedText: snapshot.selectedText, approximate: !anchor.exact },
      snapshot.anchor,
    );
  }

  function openFloatingComment(target: MappedCommentTarget['target'], extra: { highlightedText?: string; approximate?: boolean }, anchor: EditFeatureState['composerAnchor']): boolean {
    const s = reviewState();
    const opened = s.openComposer({ kind: 'comment', target, ...extra });
    if (opened) state.setState({ composerAnchor: anchor });
    return opened;
  }

  /**
   * Gutter clicks and line selections on the file being edited are in the
   * EDITED text's lines; annotations anchor to the pre-edit text. Maps the
   * target like "Make annotation" does (approximate where it touches edits).
   */
  function mapCommentTarget(target: ComposerTarget): MappedCommentTarget | null {
    const session = get().session;
    if (!session || session.phase !== 'editing' || target.scope === 'general' || target.fileId !== session.fileId) return null;
    // The form will float at its default place, not where a "Make annotation" once was.
    state.setState({ composerAnchor: null });
    if (target.scope !== 'line' || target.side !== 'new') return null;
    const text = liveText();
    if (text === null || text === session.preEdit) return null;
    const anchor = mapSelectionAnchor(session.preEdit, text, { startLine: target.startLine, endLine: target.endLine }, INTERACTIVE_DIFF);
    const mapped: MappedCommentTarget = { target: { ...target, startLine: anchor.startLine, endLine: anchor.endLine } };
    if (!anchor.exact) {
      mapped.approximate = true;
      mapped.highlightedText = toLines(text).slice(Math.min(target.startLine, target.endLine) - 1, Math.max(target.startLine, target.endLine)).join('\n');
    }
    return mapped;
  }

  /** Whether the open comment form is one this session opened (shown floating, outside the frozen item). */
  function isFloatingComposer(key: number | undefined): boolean {
    const session = get().session;
    if (!session || session.phase !== 'editing' || key === undefined) return false;
    const composer = reviewState().composer;
    if (!composer || composer.key !== key || composer.editingId !== null || composer.target.scope === 'general') return false;
    if (composer.target.fileId !== session.fileId || key === session.frozenComposerKey) return false;
    return true;
  }

  // ---------- the review around the session ----------

  // What the diff view's items depend on changes less often than the HUD's count.
  let viewRevision = 0;
  const unsubscribeView = state.subscribe((next, prev) => {
    const a = next.session;
    const b = prev.session;
    if (next.hydrated !== prev.hydrated || a?.id !== b?.id || a?.phase !== b?.phase || a?.fileDiff !== b?.fileDiff || a?.file !== b?.file) viewRevision++;
  });
  const diffHooks: DiffEditHooks = {
    subscribe: (listener) => state.subscribe(listener),
    snapshot: () => String(viewRevision),
    itemView,
    setWorkerPool(pool) {
      workerPool = pool ?? null;
      syncPoolOptions();
    },
    codeViewProps: { onItemEditChange, onItemEditComplete, getEditStateKey },
  };
  review.setCommentTargetMapper(mapCommentTarget);

  const unsubscribe = review.store.subscribe((next, prev) => {
    const session = get().session;
    if (isEditFlagOn(next.settings) !== isEditFlagOn(prev.settings)) syncPoolOptions();
    if (next.files !== prev.files) {
      // A refresh or whitespace reload: forget what was learned about replaced files.
      const keep = <V extends { file: ReviewFile }>(map: ReadonlyMap<string, V>) =>
        new Map([...map].filter(([id, entry]) => next.fileById.get(id) === entry.file));
      state.setState({ refusals: keep(get().refusals), hydrated: keep(get().hydrated) });
      if (session && next.fileById.get(session.fileId) !== session.file) {
        if (session.phase === 'loading' || session.phase === 'preparing') setSession(null);
        else if (session.phase === 'editing') {
          // Read the text now, while the editor still holds it, before CodeView gets the new diff.
          end('recover');
        }
      }
    }
    if (session?.phase === 'editing' && next.dialog === 'feedback' && prev.dialog !== 'feedback') {
      // Sending must not leave typed edits behind: they become suggestions, visible in the preview.
      if (isDirty(session)) {
        end('suggest');
        toast(`Your edits to ${session.path} became suggestions`);
      } else end('discard');
    }
  });

  return {
    state,
    requestEdit,
    suggest: () => end('suggest'),
    discard: () => end('discard'),
    confirmPrompt,
    dismissPrompt,
    refusalFor,
    itemView,
    mapCommentTarget,
    isFloatingComposer,
    /** Whether the session has edits that are not suggestions yet (for the unload guard). */
    hasUnsavedEdits: () => {
      const session = get().session;
      return !!session && (session.phase === 'editing' || session.phase === 'ending') && isDirty(session);
    },
    codeViewProps: diffHooks.codeViewProps,
    diffHooks,
    /** For tests: the session's editor as the adapter reported it. */
    debugLiveText: liveText,
    dispose() {
      unsubscribe();
      unsubscribeView();
      review.setCommentTargetMapper(null);
      countTask.cancel();
      deriver?.dispose();
      if (completionTimer) clearTimeout(completionTimer);
    },
  };
}

/** The new-side line of the diff's first change (where the caret starts). */
export function firstChangedLine(fileDiff: FileDiffMetadata): number {
  for (const hunk of fileDiff.hunks) {
    let line = hunk.additionStart;
    for (const content of hunk.hunkContent) {
      if (content.type === 'context') line += content.lines;
      else return Math.max(1, line);
    }
  }
  return 1;
}

const controllers = new WeakMap<ReviewController, EditController>();

/** The edit controller of a review (one per review controller). */
export function editControllerFor(review: ReviewController): EditController {
  let controller = controllers.get(review);
  if (!controller) {
    controller = createEditController(review);
    controllers.set(review, controller);
  }
  return controller;
}

/** For tests: a controller with stand-ins, registered for `review`. */
export function registerEditController(review: ReviewController, controller: EditController): void {
  controllers.set(review, controller);
}
