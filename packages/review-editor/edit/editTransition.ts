/**
 * The edit session as a pure function: `transition(state, event)` gives the
 * next state and the effects to run, as data. No DOM, no adapter, no
 * timers, no clock: the shell (editShell.ts) feeds events in
 * with the facts they need (the live texts, the review's files) and runs
 * the effects. Every late answer (contents, highlight, frames, counts)
 * carries its file's session id and is ignored once that file left the
 * session.
 *
 * Edit on a file not in the session adds it (each file opens on its own).
 * Suggest ends every file at once and gathers their suggestions
 * (editClosing.ts): several become one fix set. Discard ends them all with
 * nothing. A completion nobody asked for means the view went away
 * mid-session (remount, error boundary retry, the file replaced by a
 * refresh): a dirty file's text is recovered and the reviewer asked whether
 * to keep it (all such files in one question); a clean one ends silently.
 */
import type { FileDiffMetadata } from '@pierre/diffs';
import { mapSelectionAnchor } from '@redline/core';
import type { ReviewFile } from '../src/editHost.js';
import { completeFile, derivationFailed, keepRecovered, stay, suggestionsDerived, toast, withFile, withoutFile } from './editClosing.js';
import type { EditEffect, EditEvent, EditStep, LiveTexts } from './editEvents.js';
import { editingSessionFor, firstChangedLine, INTERACTIVE_DIFF, isDirty, isGettingReady, sessionById, sessionByStateKey, sessionFor, viewChanged } from './editQueries.js';
import type { EditFeatureState, EditSession, EditingSession, EndingSession, EndReason, OpenedFile, PreparingSession } from './editSession.js';
import type { HydrationResult } from './hydrateForEditing.js';

/**
 * Past this many lines (either side), a file is edited as plain text: the
 * workers highlight about 4,000 lines a second on the test machine, and a
 * bigger file would keep the reviewer waiting for colours.
 */
export const PLAIN_TEXT_LINES = 10_000;

export function transition(state: EditFeatureState, event: EditEvent): EditStep {
  const step = react(state, event);
  if (step.state === state || !viewChanged(state, step.state)) return step;
  return { ...step, state: { ...step.state, viewRevision: state.viewRevision + 1 } };
}

type Reactions = { [K in EditEvent['type']]: (state: EditFeatureState, event: Extract<EditEvent, { type: K }>) => EditStep };

/** What each event does: keyed by the event union, so a new event breaks the build until it is handled. */
const REACTIONS: Reactions = {
  editRequested: requestEdit,
  contentsHydrated: (state, { id, result }) => hydrated(state, id, result),
  startFailed,
  highlightPrimed,
  framesPainted: (state, { id }) => {
    const session = sessionById(state, id);
    return session?.phase === 'preparing' ? stay(withFile(state, { ...session, phase: 'editing', caret: 'placing' })) : stay(state);
  },
  editorAttached,
  inputAimed: (state, { fileId, line }) => {
    const session = sessionFor(state, fileId);
    return session && isGettingReady(session) ? stay(withFile(state, { ...session, aimedLine: line })) : stay(state);
  },
  caretPlaced: (state, { id }) => {
    const session = sessionById(state, id);
    return session?.phase === 'editing' ? stay(withFile(state, { ...session, caret: 'placed' })) : stay(state);
  },
  documentChanged: (state, { itemId, document }) => {
    const session = sessionFor(state, itemId);
    if (session?.phase !== 'editing') return stay(state);
    return { state, effects: [{ type: 'holdDocument', id: session.id, document }, { type: 'scheduleCount', id: session.id }] };
  },
  countDue: (state, { id, liveText }) =>
    sessionById(state, id)?.phase === 'editing' && liveText !== null ? { state, effects: [{ type: 'count', id, text: liveText }] } : stay(state),
  counted: (state, { id, changes }) => {
    const session = sessionById(state, id);
    return session?.phase === 'editing' && session.changes !== changes ? stay(withFile(state, { ...session, changes })) : stay(state);
  },
  endRequested,
  completionTimedOut: (state, { id }) => {
    const session = sessionById(state, id);
    return session?.phase === 'ending' ? completeFile(state, session, session.capturedText) : stay(state);
  },
  editCompleted,
  suggestionsDerived: (state, { request, suggestions }) => suggestionsDerived(state, request, suggestions),
  derivationFailed: (state, { request, message }) => derivationFailed(state, request, message),
  promptConfirmed,
  // Recover: drop the recovered edits. Discard: keep editing.
  promptDismissed: (state) => stay({ ...state, prompt: null }),
  filesReplaced: (state, { fileById, liveTexts }) => filesReplaced(state, fileById, liveTexts),
  changedOnDisk,
  feedbackOpened: (state, { liveTexts }) => feedbackOpened(state, liveTexts),
  // The form will float at its default place, not where a "Make annotation" once was.
  commentTargetPicked: (state, { target }) => (editingSessionFor(state, target) ? stay({ ...state, composerAnchor: null }) : stay(state)),
  selectionAnnotated,
  floatingComposerOpened: (state, { anchor }) => stay({ ...state, composerAnchor: anchor }),
};

function react(state: EditFeatureState, event: EditEvent): EditStep {
  // The table is keyed by the union: each reaction takes its own member (TypeScript cannot correlate the two here).
  return (REACTIONS[event.type] as (state: EditFeatureState, event: EditEvent) => EditStep)(state, event);
}

// ---------- starting a file ----------

function requestEdit(state: EditFeatureState, event: Extract<EditEvent, { type: 'editRequested' }>): EditStep {
  const file = event.file;
  if (!file || !event.flagOn || event.staticRefusal !== null || learnedRefusal(state, file) !== null) return stay(state);
  const session = sessionFor(state, file.id);
  if (session) return session.phase === 'editing' ? { state, effects: [{ type: 'focusEditor', id: session.id }] } : stay(state);
  // The session is ending: no file joins it now.
  if (state.closing !== null || state.files.some((s) => s.phase === 'ending')) return stay(state);
  return startFile(state, file);
}

function learnedRefusal(state: EditFeatureState, file: ReviewFile): string | null {
  const learned = state.refusals.get(file.id);
  return learned && learned.file === file ? learned.reason : null;
}

/** The file joins the session (its own id and retention key). */
function startFile(state: EditFeatureState, file: ReviewFile): EditStep {
  const id = state.lastSessionId + 1;
  const session: EditSession = { phase: 'loading', id, fileId: file.id, path: file.path, file, stateKey: `redline-edit:${id}`, aimedLine: null };
  return {
    state: { ...state, lastSessionId: id, files: [...state.files, session] },
    effects: [
      { type: 'expandFile', fileId: file.id },
      { type: 'loadContents', id, file },
    ],
  };
}

function hydrated(state: EditFeatureState, id: number, result: HydrationResult | null): EditStep {
  const session = sessionById(state, id);
  if (session?.phase !== 'loading') return stay(state);
  if (result === null) return stay(withoutFile(state, id));
  if (!result.ok) return refuse(withoutFile(state, id), session.file, result.reason);
  const plainText = lineCountOf(result.fileDiff) > PLAIN_TEXT_LINES && result.fileDiff.lang !== 'text';
  const opened: OpenedFile = { fileDiff: plainText ? asPlainText(result.fileDiff) : result.fileDiff, preEdit: result.preEdit, revision: result.revision, plainText };
  return { state, effects: [{ type: 'primeHighlight', id, opened }] };
}

function lineCountOf(fileDiff: FileDiffMetadata): number {
  return Math.max(fileDiff.additionLines.length, fileDiff.deletionLines.length);
}

/** The same diff rendered without tokenizing (its own cache key: the workers cache renders by key). */
function asPlainText(fileDiff: FileDiffMetadata): FileDiffMetadata {
  return { ...fileDiff, lang: 'text', ...(fileDiff.cacheKey ? { cacheKey: `${fileDiff.cacheKey}:text` } : {}) };
}

function refuse(state: EditFeatureState, file: ReviewFile, reason: string): EditStep {
  const refusals = new Map(state.refusals);
  refusals.set(file.id, { file, reason });
  return { state: { ...state, refusals }, effects: [toast(`Cannot edit ${file.path}: ${reason}`)] };
}

function startFailed(state: EditFeatureState, event: Extract<EditEvent, { type: 'startFailed' }>): EditStep {
  const session = sessionById(state, event.id);
  if (!session) return stay(state);
  const ended = withoutFile(state, event.id);
  if (event.failure.kind === 'refused') return refuse(ended, session.file, event.failure.reason);
  return { state: ended, effects: [toast(`Could not start editing ${session.path}: ${event.failure.message}`)] };
}

function highlightPrimed(state: EditFeatureState, event: Extract<EditEvent, { type: 'highlightPrimed' }>): EditStep {
  const session = sessionById(state, event.id);
  if (session?.phase !== 'loading') return stay(state);
  if (event.fileById.get(session.fileId) !== session.file) return stay(withoutFile(state, session.id));
  const { opened, composer } = event;
  const hydrated = new Map(state.hydrated);
  // A plain-text file goes back to the highlighted diff when the session ends.
  if (!opened.plainText) hydrated.set(session.fileId, { file: session.file, fileDiff: opened.fileDiff });
  const composerHere = composer && composer.target.scope !== 'general' && composer.target.fileId === session.fileId;
  const preparing: EditSession = { ...session, ...opened, phase: 'preparing', changes: 0, frozenComposerKey: composerHere ? composer.key : null, changedOnDisk: false };
  return {
    state: { ...withFile(state, preparing), hydrated },
    // The item renders the hydrated diff from the workers' cache; then edit mode keeps that render.
    effects: [
      { type: 'startDeriver', id: session.id, preEdit: opened.preEdit },
      { type: 'awaitFrames', id: session.id },
    ],
  };
}

// ---------- editing ----------

function editorAttached(state: EditFeatureState, event: Extract<EditEvent, { type: 'editorAttached' }>): EditStep {
  const session = sessionByStateKey(state, event.stateKey);
  if (session?.phase !== 'editing' && session?.phase !== 'ending') return stay(state);
  const effects: EditEffect[] = [{ type: 'holdEditor', id: session.id, editor: event.editor }];
  // The caret goes where the reviewer clicked while the file was getting ready, else to the first change.
  const line = session.aimedLine ?? firstChangedLine(session.fileDiff);
  if (event.first && session.phase === 'editing') effects.push({ type: 'focusLine', id: session.id, editor: event.editor, line });
  return { state, effects };
}

function changedOnDisk(state: EditFeatureState, { fileIds }: Extract<EditEvent, { type: 'changedOnDisk' }>): EditStep {
  const marked = state.files.filter((s): s is EditingSession | PreparingSession => (s.phase === 'editing' || s.phase === 'preparing') && fileIds.includes(s.fileId) && !s.changedOnDisk);
  if (marked.length === 0) return stay(state);
  const next = marked.reduce((acc, s) => withFile(acc, { ...s, changedOnDisk: true }), state);
  const effects = marked.map((s) => toast(`${s.path} changed on disk while you edit it: your edits stay against the text you started from, and apply will refuse them`));
  return { state: next, effects };
}

// ---------- ending ----------

/** Ends file `session` (Suggest, Discard, or a forced end): its item leaves edit mode, and CodeView's completion is awaited. */
function endFile(session: EditingSession, reason: EndReason, liveText: string | null): { ending: EndingSession; effects: EditEffect[] } {
  return {
    ending: { ...session, phase: 'ending', ending: reason, capturedText: liveText },
    effects: [
      { type: 'cancelCount', id: session.id },
      { type: 'prepareToEnd', id: session.id },
      // If CodeView never completes (the editor was never attached), finish with what was read.
      { type: 'startCompletionTimer', id: session.id },
    ],
  };
}

/**
 * Suggest or Discard: every file being edited ends; a file still opening
 * has no edits and just leaves. Suggest gathers what each ending file
 * derives (state.closing) until all have answered.
 */
function endAll(state: EditFeatureState, reason: 'suggest' | 'discard', liveTexts: LiveTexts): EditStep {
  const editing = state.files.filter((s): s is EditingSession => s.phase === 'editing');
  if (editing.length === 0) return stay(state);
  const effects: EditEffect[] = [];
  const files: EditSession[] = [];
  for (const session of state.files) {
    if (session.phase === 'editing') {
      const ended = endFile(session, reason, liveTexts.get(session.id) ?? null);
      files.push(ended.ending);
      effects.push(...ended.effects);
    } else if (session.phase === 'ending') files.push(session);
  }
  const closing = reason === 'suggest' ? { waiting: editing.map((s) => s.id), results: [] } : state.closing;
  return { state: { ...state, files, closing }, effects };
}

/** Suggest, or Discard: with edits in several files Discard asks first (one click must not drop them all unasked). */
function endRequested(state: EditFeatureState, { reason, liveTexts }: Extract<EditEvent, { type: 'endRequested' }>): EditStep {
  if (reason === 'discard' && state.prompt === null) {
    const dirty = state.files.filter((s) => s.phase === 'editing' && isDirty(s.preEdit, liveTexts.get(s.id) ?? null));
    if (dirty.length > 1) return stay({ ...state, prompt: { kind: 'discard', paths: dirty.map((s) => s.path) } });
  }
  return endAll(state, reason, liveTexts);
}

function promptConfirmed(state: EditFeatureState): EditStep {
  const prompt = state.prompt;
  const cleared = { ...state, prompt: null };
  if (prompt?.kind === 'recover') return keepRecovered(cleared, prompt.results);
  // Discarded: no text is needed (nothing is derived).
  if (prompt?.kind === 'discard') return endAll(cleared, 'discard', new Map());
  return stay(state);
}

function editCompleted(state: EditFeatureState, event: Extract<EditEvent, { type: 'editCompleted' }>): EditStep {
  const session = sessionFor(state, event.itemId);
  // A completion for a file already over (a stale editor): nothing to keep.
  if (session?.phase !== 'editing' && session?.phase !== 'ending') return stay(state);
  const ending: EndingSession = session.phase === 'ending' ? session : { ...session, phase: 'ending', ending: 'recover', capturedText: null };
  // A refresh replaced the document under the editor (the file is recovering from it, or it
  // changed while it was ending): trust what was read from the editor before that.
  const replaced = (session.phase === 'ending' && session.ending === 'recover') || event.fileById.get(session.fileId) !== session.file;
  const text = replaced && ending.capturedText !== null ? ending.capturedText : (event.eventText ?? ending.capturedText);
  return completeFile(state, ending, text);
}

// ---------- the review around the session ----------

function filesReplaced(state: EditFeatureState, fileById: ReadonlyMap<string, ReviewFile>, liveTexts: LiveTexts): EditStep {
  // Forget what was learned about replaced files.
  const keep = <V extends { file: ReviewFile }>(map: ReadonlyMap<string, V>) => new Map([...map].filter(([id, entry]) => fileById.get(id) === entry.file));
  const effects: EditEffect[] = [];
  const files: EditSession[] = [];
  for (const session of state.files) {
    if (fileById.get(session.fileId) === session.file || session.phase === 'ending') files.push(session);
    else if (session.phase === 'editing') {
      // Read the text now, while the editor still holds it, before CodeView gets the new diff.
      const ended = endFile(session, 'recover', liveTexts.get(session.id) ?? null);
      files.push(ended.ending);
      effects.push(...ended.effects);
    }
    // A file still opening leaves the session.
  }
  return { state: { ...state, refusals: keep(state.refusals), hydrated: keep(state.hydrated), files: sameFiles(state.files, files) }, effects };
}

/** `next` or, when it holds the same files, `prev` (no view change for nothing). */
function sameFiles(prev: readonly EditSession[], next: EditSession[]): readonly EditSession[] {
  return next.length === prev.length && next.every((s, i) => s === prev[i]) ? prev : next;
}

function feedbackOpened(state: EditFeatureState, liveTexts: LiveTexts): EditStep {
  const dirty = state.files.filter((s) => s.phase === 'editing' && isDirty(s.preEdit, liveTexts.get(s.id) ?? null));
  // Sending must not leave typed edits behind: they become suggestions, visible in the preview.
  if (dirty.length === 0) return endAll(state, 'discard', liveTexts);
  const step = endAll(state, 'suggest', liveTexts);
  return { ...step, effects: [...step.effects, toast(`Your edits to ${dirty.map((s) => s.path).join(', ')} became suggestions`)] };
}

// ---------- comments made on the edited text ----------

function selectionAnnotated(state: EditFeatureState, { stateKey, snapshot }: Extract<EditEvent, { type: 'selectionAnnotated' }>): EditStep {
  const session = sessionByStateKey(state, stateKey);
  if (session?.phase !== 'editing') return stay(state);
  const anchor = mapSelectionAnchor(session.preEdit, snapshot.editedText, { startLine: snapshot.startLine, endLine: snapshot.endLine }, INTERACTIVE_DIFF);
  const target = { scope: 'line', fileId: session.fileId, side: 'new', startLine: anchor.startLine, endLine: anchor.endLine } as const;
  return { state, effects: [{ type: 'openFloatingComposer', target, highlightedText: snapshot.selectedText, approximate: !anchor.exact, anchor: snapshot.anchor }] };
}
