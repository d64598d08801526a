/**
 * The edit session as a pure function: `transition(state, event)` gives the
 * next state and the effects to run, as data. No DOM, no adapter, no
 * timers, no clock: the shell (editShell.ts) feeds events in
 * with the facts they need (the live text, the review's files) and runs
 * the effects. Every late answer (contents, highlight, frames, counts)
 * carries its session's id and is ignored once that session is over.
 *
 * A completion nobody asked for means the view went away mid-session
 * (remount, error boundary retry, the file replaced by a refresh): a dirty
 * session's text is recovered and the reviewer asked whether to keep it as
 * suggestions; a clean one ends silently.
 */
import type { FileDiffMetadata } from '@pierre/diffs';
import { mapSelectionAnchor, type Annotation } from '@redline/core';
import type { ReviewFile } from '../src/editHost.js';
import type { DeriveRequest, EditEffect, EditEvent, EditStep } from './editEvents.js';
import { editingSessionFor, firstChangedLine, INTERACTIVE_DIFF, isDirty, isGettingReady, viewChanged } from './editQueries.js';
import type { EditFeatureState, EditSession, EditingSession, EndingSession, EndReason, OpenedFile } from './editSession.js';
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

const stay = (state: EditFeatureState): EditStep => ({ state, effects: [] });
const withSession = (state: EditFeatureState, session: EditSession | null): EditFeatureState => ({ ...state, session });
const plural = (n: number) => `${n} ${n === 1 ? 'suggestion' : 'suggestions'}`;

type Reactions = { [K in EditEvent['type']]: (state: EditFeatureState, event: Extract<EditEvent, { type: K }>) => EditStep };

/** What each event does: keyed by the event union, so a new event breaks the build until it is handled. */
const REACTIONS: Reactions = {
  editRequested: requestEdit,
  contentsHydrated: (state, { id, result }) => hydrated(state, id, result),
  startFailed,
  highlightPrimed,
  framesPainted: (state, { id }) =>
    state.session?.id === id && state.session.phase === 'preparing' ? stay(withSession(state, { ...state.session, phase: 'editing', caret: 'placing' })) : stay(state),
  editorAttached,
  inputAimed: (state, { fileId, line }) =>
    state.session?.fileId === fileId && isGettingReady(state.session) ? stay(withSession(state, { ...state.session, aimedLine: line })) : stay(state),
  caretPlaced: (state, { id }) =>
    state.session?.id === id && state.session.phase === 'editing' ? stay(withSession(state, { ...state.session, caret: 'placed' })) : stay(state),
  documentChanged: (state, { itemId, document }) =>
    editingOn(state, itemId) ? { state, effects: [{ type: 'holdDocument', document }, { type: 'scheduleCount' }] } : stay(state),
  countDue: (state, { liveText }) =>
    state.session?.phase === 'editing' && liveText !== null ? { state, effects: [{ type: 'count', id: state.session.id, text: liveText }] } : stay(state),
  counted: (state, { id, changes }) => counted(state, id, changes),
  endRequested: (state, { reason, liveText }) => endSession(state, reason, liveText, null),
  completionTimedOut: (state, { id }) =>
    state.session?.id === id && state.session.phase === 'ending' ? completeSession(state, state.session, state.session.capturedText) : stay(state),
  editCompleted,
  suggestionsDerived: (state, { request, suggestions }) => suggestionsDerived(state, request, suggestions),
  derivationFailed: (state, { request, message }) => ({ state, effects: [toast(`Your edits to ${request.path} could not be turned into suggestions: ${message}`)] }),
  promptConfirmed: (state, { liveText }) => promptConfirmed(state, liveText),
  // Switch: keep editing. Recover: drop the recovered edits.
  promptDismissed: (state) => stay({ ...state, prompt: null }),
  filesReplaced: (state, { fileById, liveText }) => filesReplaced(state, fileById, liveText),
  feedbackOpened: (state, { liveText }) => feedbackOpened(state, liveText),
  // The form will float at its default place, not where a "Make annotation" once was.
  commentTargetPicked: (state, { target }) => (editingSessionFor(state.session, target) ? stay({ ...state, composerAnchor: null }) : stay(state)),
  selectionAnnotated: (state, { snapshot }) => selectionAnnotated(state, snapshot),
  floatingComposerOpened: (state, { anchor }) => stay({ ...state, composerAnchor: anchor }),
};

function react(state: EditFeatureState, event: EditEvent): EditStep {
  // The table is keyed by the union: each reaction takes its own member (TypeScript cannot correlate the two here).
  return (REACTIONS[event.type] as (state: EditFeatureState, event: EditEvent) => EditStep)(state, event);
}

const toast = (message: string): EditEffect => ({ type: 'toast', message });

function editingOn(state: EditFeatureState, itemId: string): boolean {
  return state.session?.phase === 'editing' && state.session.fileId === itemId;
}

// ---------- starting ----------

function requestEdit(state: EditFeatureState, event: Extract<EditEvent, { type: 'editRequested' }>): EditStep {
  const file = event.file;
  if (!file || !event.flagOn || event.staticRefusal !== null || learnedRefusal(state, file) !== null) return stay(state);
  const session = state.session;
  if (session?.fileId === file.id) return session.phase === 'editing' ? { state, effects: [{ type: 'focusEditor' }] } : stay(state);
  if (session?.phase === 'ending') return stay(state);
  if (session?.phase === 'editing') {
    if (isDirty(session.preEdit, event.liveText)) return stay({ ...state, prompt: { kind: 'switch', fromPath: session.path, toFileId: file.id } });
    return endSession(state, 'discard', event.liveText, file.id);
  }
  // No session, or one still opening: the new one replaces it (its late answers are ignored by id).
  return startSession(state, file);
}

function learnedRefusal(state: EditFeatureState, file: ReviewFile): string | null {
  const learned = state.refusals.get(file.id);
  return learned && learned.file === file ? learned.reason : null;
}

function startSession(state: EditFeatureState, file: ReviewFile): EditStep {
  const id = state.lastSessionId + 1;
  const session: EditSession = { phase: 'loading', id, fileId: file.id, path: file.path, file, stateKey: `redline-edit:${id}`, aimedLine: null };
  return {
    state: { ...state, lastSessionId: id, session },
    effects: [
      { type: 'expandFile', fileId: file.id },
      { type: 'loadContents', id, file },
    ],
  };
}

function hydrated(state: EditFeatureState, id: number, result: HydrationResult | null): EditStep {
  const session = state.session;
  if (session?.id !== id || session.phase !== 'loading') return stay(state);
  if (result === null) return stay(withSession(state, null));
  if (!result.ok) return refuse(withSession(state, null), session.file, result.reason);
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
  const session = state.session;
  if (session?.id !== event.id) return stay(state);
  const ended = withSession(state, null);
  if (event.failure.kind === 'refused') return refuse(ended, session.file, event.failure.reason);
  return { state: ended, effects: [toast(`Could not start editing ${session.path}: ${event.failure.message}`)] };
}

function highlightPrimed(state: EditFeatureState, event: Extract<EditEvent, { type: 'highlightPrimed' }>): EditStep {
  const session = state.session;
  if (session?.id !== event.id || session.phase !== 'loading') return stay(state);
  if (event.fileById.get(session.fileId) !== session.file) return stay(withSession(state, null));
  const { opened, composer } = event;
  const hydrated = new Map(state.hydrated);
  // A plain-text session goes back to the highlighted diff when it ends.
  if (!opened.plainText) hydrated.set(session.fileId, { file: session.file, fileDiff: opened.fileDiff });
  const composerHere = composer && composer.target.scope !== 'general' && composer.target.fileId === session.fileId;
  return {
    state: { ...state, hydrated, session: { ...session, ...opened, phase: 'preparing', changes: 0, frozenComposerKey: composerHere ? composer.key : null } },
    // The item renders the hydrated diff from the workers' cache; then edit mode keeps that render.
    effects: [
      { type: 'startDeriver', preEdit: opened.preEdit },
      { type: 'awaitFrames', id: session.id },
    ],
  };
}

// ---------- editing ----------

function editorAttached(state: EditFeatureState, event: Extract<EditEvent, { type: 'editorAttached' }>): EditStep {
  const session = state.session;
  if (session?.phase !== 'editing' && session?.phase !== 'ending') return stay(state);
  const effects: EditEffect[] = [{ type: 'holdEditor', editor: event.editor }];
  // The caret goes where the reviewer clicked while the file was getting ready, else to the first change.
  const line = session.aimedLine ?? firstChangedLine(session.fileDiff);
  if (event.first && session.phase === 'editing') effects.push({ type: 'focusLine', id: session.id, editor: event.editor, line });
  return { state, effects };
}

function counted(state: EditFeatureState, id: number, changes: number): EditStep {
  const session = state.session;
  if (session?.id !== id || session.phase !== 'editing' || session.changes === changes) return stay(state);
  return stay(withSession(state, { ...session, changes }));
}

// ---------- ending ----------

/** Suggest, Discard, or a forced end: the item leaves edit mode, and CodeView's completion is awaited. */
function endSession(state: EditFeatureState, reason: EndReason, liveText: string | null, nextFileId: string | null): EditStep {
  const session = state.session;
  if (session?.phase !== 'editing') return stay(state);
  return {
    state: withSession(state, { ...session, phase: 'ending', ending: reason, capturedText: liveText, nextFileId }),
    effects: [
      { type: 'cancelCount' },
      { type: 'prepareToEnd', id: session.id },
      // If CodeView never completes (the editor was never attached), finish with what was read.
      { type: 'startCompletionTimer', id: session.id },
    ],
  };
}

function editCompleted(state: EditFeatureState, event: Extract<EditEvent, { type: 'editCompleted' }>): EditStep {
  const session = state.session;
  // A completion for a session already over (a stale editor): nothing to keep.
  if (!session || session.fileId !== event.itemId || (session.phase !== 'editing' && session.phase !== 'ending')) return stay(state);
  const ending: EndingSession = session.phase === 'ending' ? session : { ...session, phase: 'ending', ending: 'recover', capturedText: null, nextFileId: null };
  // A refresh replaced the document under the editor (the session is recovering from it, or the
  // file changed while it was ending): trust what was read from the editor before that.
  const replaced = (session.phase === 'ending' && session.ending === 'recover') || event.fileById.get(session.fileId) !== session.file;
  const text = replaced && ending.capturedText !== null ? ending.capturedText : (event.eventText ?? ending.capturedText);
  return completeSession(state, ending, text);
}

function completeSession(state: EditFeatureState, session: EndingSession, text: string | null): EditStep {
  const { ending: reason, nextFileId } = session;
  const derive: DeriveRequest | null =
    reason === 'discard' || text === null ? null : { path: session.path, preEdit: session.preEdit, revision: session.revision, text, reason, nextFileId };
  const effects: EditEffect[] = [{ type: 'finishSession', stateKey: session.stateKey, derive }];
  if (derive === null && nextFileId !== null) effects.push({ type: 'editFile', fileId: nextFileId });
  return { state: { ...state, session: null, composerAnchor: null }, effects };
}

function suggestionsDerived(state: EditFeatureState, request: DeriveRequest, suggestions: Annotation[]): EditStep {
  if (request.reason === 'recover') {
    return suggestions.length > 0 ? stay({ ...state, prompt: { kind: 'recover', path: request.path, suggestions } }) : stay(state);
  }
  const message =
    suggestions.length === 0 ? `No changes to suggest in ${request.path}` : `${plural(suggestions.length)} added from your edits to ${request.path}`;
  const effects: EditEffect[] = [{ type: 'addSuggestions', suggestions }, toast(message)];
  if (request.nextFileId !== null) effects.push({ type: 'editFile', fileId: request.nextFileId });
  return { state, effects };
}

// ---------- prompts ----------

function promptConfirmed(state: EditFeatureState, liveText: string | null): EditStep {
  const prompt = state.prompt;
  const cleared = { ...state, prompt: null };
  if (prompt?.kind === 'switch') return endSession(cleared, 'suggest', liveText, prompt.toFileId);
  if (prompt?.kind !== 'recover') return stay(cleared);
  return {
    state: cleared,
    effects: [
      { type: 'addSuggestions', suggestions: prompt.suggestions },
      toast(`${plural(prompt.suggestions.length)} kept from your edits to ${prompt.path}`),
    ],
  };
}

// ---------- the review around the session ----------

function filesReplaced(state: EditFeatureState, fileById: ReadonlyMap<string, ReviewFile>, liveText: string | null): EditStep {
  // Forget what was learned about replaced files.
  const keep = <V extends { file: ReviewFile }>(map: ReadonlyMap<string, V>) => new Map([...map].filter(([id, entry]) => fileById.get(id) === entry.file));
  const next: EditFeatureState = { ...state, refusals: keep(state.refusals), hydrated: keep(state.hydrated) };
  const session = state.session;
  if (!session || fileById.get(session.fileId) === session.file) return stay(next);
  if (session.phase === 'loading' || session.phase === 'preparing') return stay(withSession(next, null));
  // Read the text now, while the editor still holds it, before CodeView gets the new diff.
  return endSession(next, 'recover', liveText, null);
}

function feedbackOpened(state: EditFeatureState, liveText: string | null): EditStep {
  const session = state.session;
  if (session?.phase !== 'editing') return stay(state);
  // Sending must not leave typed edits behind: they become suggestions, visible in the preview.
  if (!isDirty(session.preEdit, liveText)) return endSession(state, 'discard', liveText, null);
  const step = endSession(state, 'suggest', liveText, null);
  return { ...step, effects: [...step.effects, toast(`Your edits to ${session.path} became suggestions`)] };
}

// ---------- comments made on the edited text ----------

function selectionAnnotated(state: EditFeatureState, snapshot: Extract<EditEvent, { type: 'selectionAnnotated' }>['snapshot']): EditStep {
  const session: EditingSession | null = state.session?.phase === 'editing' ? state.session : null;
  if (!session) return stay(state);
  const anchor = mapSelectionAnchor(session.preEdit, snapshot.editedText, { startLine: snapshot.startLine, endLine: snapshot.endLine }, INTERACTIVE_DIFF);
  const target = { scope: 'line', fileId: session.fileId, side: 'new', startLine: anchor.startLine, endLine: anchor.endLine } as const;
  return { state, effects: [{ type: 'openFloatingComposer', target, highlightedText: snapshot.selectedText, approximate: !anchor.exact, anchor: snapshot.anchor }] };
}
