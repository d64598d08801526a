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
import { editStateKey, hasUnsavedEdits, isFloatingComposer, itemView, mapCommentTarget, refusalFor, type MappedCommentTarget } from './editQueries.js';
import type { EditFeatureState } from './editSession.js';
import { createEditShell, disposeEditShell, editRequested, liveText, type EditControllerOptions, type EditShell } from './editShell.js';
import { syncPoolOptions } from './editWorkerPool.js';
import type { EditChangeEvent } from './pierreEditAdapter.js';

export type { EditControllerOptions };

export interface EditController {
  /** The session, the prompts and what was learned about files (components select from it). */
  readonly state: StoreApi<EditFeatureState>;
  /** The Edit button. */
  requestEdit(fileId: string): void;
  /** The HUD's Suggest: the edits become suggestions. */
  suggest(): void;
  /** The HUD's Discard: no suggestion, the diff as it was. */
  discard(): void;
  /** A click on the new side's `line` of `fileId` while it was getting ready: the caret goes there. */
  aimInput(fileId: string, line: number): void;
  /** Switch: finish this file (its edits become suggestions) and edit the other. Recover: keep the recovered edits. */
  confirmPrompt(): void;
  /** Switch: keep editing. Recover: drop the recovered edits. */
  dismissPrompt(): void;
  /** Why `file` cannot be edited (the Edit button's tooltip), or null. */
  refusalFor(file: ReviewFile): string | null;
  itemView(file: ReviewFile): ItemEditView | null;
  /** A comment target picked on the edited text, mapped to the pre-edit lines (null: leave it as it is). */
  mapCommentTarget(target: ComposerTarget): MappedCommentTarget | null;
  /** Whether the open comment form is one this session opened (shown floating, outside the frozen item). */
  isFloatingComposer(key: number | undefined): boolean;
  /** Whether the session has edits that are not suggestions yet (for the unload guard). */
  hasUnsavedEdits(): boolean;
  readonly codeViewProps: DiffEditHooks['codeViewProps'];
  readonly diffHooks: DiffEditHooks;
  dispose(): void;
}

export function createEditController(review: ReviewController, options: EditControllerOptions = {}): EditController {
  const shell = createEditShell(review, options);
  const { store, handles, dispatch } = shell;
  const text = () => liveText(handles);
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
    suggest: () => dispatch({ type: 'endRequested', reason: 'suggest', liveText: text() }),
    discard: () => dispatch({ type: 'endRequested', reason: 'discard', liveText: text() }),
    aimInput: (fileId, line) => dispatch({ type: 'inputAimed', fileId, line }),
    confirmPrompt: () => dispatch({ type: 'promptConfirmed', liveText: text() }),
    dismissPrompt: () => dispatch({ type: 'promptDismissed' }),
    refusalFor: (file) => refusalFor(store.getState(), file, review.store.getState().review),
    itemView: diffHooks.itemView,
    mapCommentTarget: (target) => mapTarget(shell, target),
    isFloatingComposer: (key) => isFloatingComposer(store.getState().session, review.store.getState().composer, key),
    hasUnsavedEdits: () => hasUnsavedEdits(store.getState().session, text()),
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
    getEditStateKey: (item: CodeViewItem<SlotMeta>) => editStateKey(store.getState().session, item.id),
  };
}

function mapTarget({ store, handles, dispatch }: EditShell, target: ComposerTarget): MappedCommentTarget | null {
  const session = store.getState().session;
  dispatch({ type: 'commentTargetPicked', target });
  return mapCommentTarget(session, target, liveText(handles));
}

/** The review around the session: the setting, a refresh that replaces files, Send Feedback. */
function followReview({ review, handles, dispatch }: EditShell): () => void {
  return review.store.subscribe((next, prev) => {
    const events: EditEvent[] = [];
    if (isEditFlagOn(next.settings) !== isEditFlagOn(prev.settings)) syncPoolOptions(handles.workerPool, isEditFlagOn(next.settings));
    if (next.files !== prev.files) events.push({ type: 'filesReplaced', fileById: next.fileById, liveText: liveText(handles) });
    if (next.dialog === 'feedback' && prev.dialog !== 'feedback') events.push({ type: 'feedbackOpened', liveText: liveText(handles) });
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
