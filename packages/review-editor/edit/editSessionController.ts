/**
 * The edit controller: the edit feature's public interface, one per review
 * controller. What a session is lives in editSession.ts, how it moves in
 * editTransition.ts (pure), what each move does to the page in editShell.ts;
 * this file only turns the page's calls and CodeView's callbacks into
 * events, and answers the page's questions from the state.
 */
import type { CodeViewItem } from '@pierre/diffs';
import type { CodeViewItemEditCompleteHandler } from '@pierre/diffs/react';
import type { StoreApi } from 'zustand/vanilla';
import type { ComposerTarget, DiffEditHooks, ItemEditView, ReviewController, ReviewFile, SlotMeta } from '../src/editHost.js';
import type { EditEvent } from './editEvents.js';
import { isEditFlagOn } from './editFlag.js';
import { editingSessionFor, editStateKey, hasUnsavedEdits, isFloatingComposer, itemView, mapCommentTarget, refusalFor, sessionFor, type MappedCommentTarget } from './editQueries.js';
import type { EditFeatureState } from './editSession.js';
import { checkOnDisk, createEditShell, disposeEditShell, editRequested, liveText, liveTexts, type EditControllerOptions, type EditShell } from './editShell.js';
import { syncPoolOptions } from './editWorkerPool.js';
import type { EditChangeEvent } from './pierreEditAdapter.js';

export type { EditControllerOptions };

export interface EditController {
  /** The session, the prompts and what was learned about files (components select from it). */
  readonly state: StoreApi<EditFeatureState>;
  /** The Edit button. */
  requestEdit(fileId: string): void;
  /** The HUD's Suggest: every file's edits become suggestions (several: one fix set). */
  suggest(): void;
  /** The HUD's Discard: no suggestion, every file's diff as it was. */
  discard(): void;
  /** A click on the new side's `line` of `fileId` while it was getting ready: the caret goes there. */
  aimInput(fileId: string, line: number): void;
  /** Keep the recovered edits. */
  confirmPrompt(): void;
  /** Drop the recovered edits. */
  dismissPrompt(): void;
  /** Why `file` cannot be edited (the Edit button's tooltip), or null. */
  refusalFor(file: ReviewFile): string | null;
  itemView(file: ReviewFile): ItemEditView | null;
  /** A comment target picked on the edited text, mapped to the pre-edit lines (null: leave it as it is). */
  mapCommentTarget(target: ComposerTarget): MappedCommentTarget | null;
  /** Whether the open comment form is one this session opened (shown floating, outside the frozen item). */
  isFloatingComposer(key: number | undefined): boolean;
  /** Whether any file of the session has edits that are not suggestions yet (for the unload guard). */
  hasUnsavedEdits(): boolean;
  readonly codeViewProps: DiffEditHooks['codeViewProps'];
  readonly diffHooks: DiffEditHooks;
  dispose(): void;
}

export function createEditController(review: ReviewController, options: EditControllerOptions = {}): EditController {
  const shell = createEditShell(review, options);
  const { store, handles, dispatch } = shell;
  const texts = () => liveTexts(handles);
  const codeViewProps = codeViewPropsOf(shell);
  const diffHooks: DiffEditHooks = {
    subscribe: (listener) => store.subscribe(listener),
    snapshot: () => String(store.getState().viewRevision),
    itemView: (file) => itemView(store.getState(), file),
    setWorkerPool(pool) {
      handles.workerPool = pool ?? null;
      syncPoolOptions(handles.workerPool, isEditFlagOn(review.store.getState().settings));
    },
    codeViewProps,
  };
  review.setCommentTargetMapper((target) => mapTarget(shell, target));
  const unsubscribe = followReview(shell);
  return {
    state: store,
    requestEdit: (fileId) => dispatch(editRequested(shell, fileId)),
    suggest: () => dispatch({ type: 'endRequested', reason: 'suggest', liveTexts: texts() }),
    discard: () => dispatch({ type: 'endRequested', reason: 'discard', liveTexts: texts() }),
    aimInput: (fileId, line) => dispatch({ type: 'inputAimed', fileId, line }),
    confirmPrompt: () => dispatch({ type: 'promptConfirmed' }),
    dismissPrompt: () => dispatch({ type: 'promptDismissed' }),
    refusalFor: (file) => refusalFor(store.getState(), file, review.store.getState().review),
    itemView: diffHooks.itemView,
    mapCommentTarget: (target) => mapTarget(shell, target),
    isFloatingComposer: (key) => {
      const composer = review.store.getState().composer;
      const session = composer && composer.target.scope !== 'general' ? sessionFor(store.getState(), composer.target.fileId) : null;
      return isFloatingComposer(session, composer, key);
    },
    hasUnsavedEdits: () => store.getState().files.some((s) => hasUnsavedEdits(s, liveText(handles, s.id))),
    codeViewProps,
    diffHooks,
    dispose() {
      unsubscribe();
      review.setCommentTargetMapper(null);
      disposeEditShell(shell);
    },
  };
}

/** CodeView's edit callbacks. */
function codeViewPropsOf({ store, dispatch, review }: EditShell): DiffEditHooks['codeViewProps'] {
  // Always 'reject' (the diff returns to pristine): the text becomes suggestions instead.
  const onItemEditComplete: CodeViewItemEditCompleteHandler<SlotMeta, undefined> = (event, item) => {
    const eventText = 'newFile' in event ? (event.newFile?.contents ?? null) : null;
    dispatch({ type: 'editCompleted', itemId: item.id, eventText, fileById: review.store.getState().fileById });
    return 'reject';
  };
  return {
    onItemEditChange: (event: EditChangeEvent, item: CodeViewItem<SlotMeta>) => dispatch({ type: 'documentChanged', itemId: item.id, document: event.file }),
    onItemEditComplete,
    getEditStateKey: (item: CodeViewItem<SlotMeta>) => editStateKey(store.getState(), item.id),
  };
}

function mapTarget({ store, handles, dispatch }: EditShell, target: ComposerTarget): MappedCommentTarget | null {
  const session = editingSessionFor(store.getState(), target);
  dispatch({ type: 'commentTargetPicked', target });
  return mapCommentTarget(session, target, session && liveText(handles, session.id));
}

/** The review around the session: the setting, a refresh that replaces files, Send Feedback. */
function followReview(shell: EditShell): () => void {
  const { review, handles, dispatch } = shell;
  return review.store.subscribe((next, prev) => {
    const events: EditEvent[] = [];
    if (isEditFlagOn(next.settings) !== isEditFlagOn(prev.settings)) syncPoolOptions(handles.workerPool, isEditFlagOn(next.settings));
    if (next.files !== prev.files) events.push({ type: 'filesReplaced', fileById: next.fileById, liveTexts: liveTexts(handles) });
    if (next.stale && !prev.stale && shell.store.getState().files.length > 0) void checkOnDisk(shell);
    if (next.dialog === 'feedback' && prev.dialog !== 'feedback') events.push({ type: 'feedbackOpened', liveTexts: liveTexts(handles) });
    for (const event of events) dispatch(event);
  });
}

const controllers = new WeakMap<ReviewController, EditController>();

/**
 * The edit controller of a review (one per review controller). `options`
 * apply when it is created, by the first call for `review` (a test passes
 * its stand-in adapter before anything renders); later calls with options
 * are a mistake and throw.
 */
export function editControllerFor(review: ReviewController, options?: EditControllerOptions): EditController {
  let controller = controllers.get(review);
  if (controller && options) throw new Error('editControllerFor: the edit controller of this review already exists; pass options on the first call');
  if (!controller) {
    controller = createEditController(review, options);
    controllers.set(review, controller);
  }
  return controller;
}
