/**
 * The adapter wall: the ONLY module of Redline that references Pierre's
 * edit entry (`@pierre/diffs/edit`). Everything else in edit/ talks to the
 * small Redline interface below, so an upstream rename or behaviour change
 * of the experimental editor is fixed here and nowhere else
 * (adapterWall.test.ts enforces it).
 *
 * This module is itself loaded by dynamic `import()` on the first Edit
 * click (editShell.ts), and it loads the editor the same way:
 * with the "Edit Code to Suggest" setting off, neither is ever fetched. The
 * production build keeps both as sidecar files under assets/ (vite.config.ts).
 *
 * @experimental Pierre's editor is experimental upstream; so is this interface.
 */
import type { EditorFactory, EditorOptions, EditorType, FileDiffEditCompleteEvent, EditorChangeEvent } from '@pierre/diffs/edit';
import type { SlotMeta } from '../src/editHost.js';

/** What the rest of edit/ may know about Pierre's editor events (types only). */
export type EditCompleteEvent = FileDiffEditCompleteEvent<SlotMeta, undefined>;
export type EditChangeEvent = EditorChangeEvent<EditorType, SlotMeta, undefined>;
export type RedlineEditorFactory = EditorFactory<SlotMeta, undefined>;

/** A selection the reviewer made in the editor, captured when "Make annotation" is clicked. */
export interface EditorSelectionSnapshot {
  /** 1-based, inclusive lines of the EDITED text (a selection ending at the start of a line does not include it). */
  startLine: number;
  endLine: number;
  /** Exactly the selected characters. */
  selectedText: string;
  /** The whole edited text at that moment. */
  editedText: string;
  /** Where the action button was on screen (viewport pixels), to place the comment entry near it. */
  anchor: { left: number; top: number; bottom: number };
}

/** The live editor of a session, as Redline uses it. */
export interface AttachedEditor {
  /** Focuses the editor, at the start of a 1-based line when given (then without scrolling). */
  focus(lineNumber?: number): void;
  /** The document as it is now. */
  getText(): string;
  /**
   * Call just before ending the session. Works around Pierre 1.6.4: at the
   * end of a session with changes, the item re-highlights the whole
   * completed diff before the accept/reject decision, and because the
   * session's diff has no cache key that happens on the MAIN thread (2.4 s
   * for 7,500 lines on the test machine), even when the result is rejected.
   * With a key it goes to the highlighting workers. `cacheKey` must be unique.
   */
  prepareToEnd(cacheKey: string): void;
}

export interface EditAdapterHooks {
  /** The reviewer asked to annotate the current selection, in the editor of retention key `editStateKey`. */
  onMakeAnnotation(editStateKey: string, snapshot: EditorSelectionSnapshot): void;
  /** An editor was attached to the item of retention key `editStateKey` (again after a virtualization remount). */
  onEditorAttached?(editor: AttachedEditor, editStateKey: string): void;
}

/** @experimental */
export interface PierreEditAdapter {
  /** The factory for the page's EditProvider: Pierre editors with the "Make annotation" selection action. */
  createEditorFactory(hooks: EditAdapterHooks): RedlineEditorFactory;
  /**
   * Forgets the draft and undo history retained under `editStateKey`
   * (CodeView's getEditStateKey), so a finished session never comes back.
   * False when nothing was retained (or the session is still active).
   */
  clearEditState(editStateKey: string): boolean;
}

export const MAKE_ANNOTATION_LABEL = 'Make annotation';

let loaded: Promise<PierreEditAdapter> | null = null;

/**
 * Works around Pierre 1.6.4: its editor takes the caret from the DOM only
 * on `selectionchange`, which the browser fires later, as a task of its own;
 * a key typed right after a click went to the caret from BEFORE the click
 * (e2e/editReady.spec.ts: a click on line 13 then typing put the text on
 * line 3, the caret's earlier place, in 1 of 4 rounds; with no earlier caret
 * the text went nowhere). Once the click is over, the editor is told at
 * once (its listener reads the DOM selection, which the click has set).
 */
function syncCaretOnClick(): void {
  document.addEventListener('click', (event) => {
    const origin = event.composedPath()[0];
    if (origin instanceof Element && origin.getRootNode() instanceof ShadowRoot && origin.closest('[contenteditable="true"]')) {
      document.dispatchEvent(new Event('selectionchange'));
    }
  });
}

/** Loads the editor (once) and wraps it in Redline's interface. */
export function loadPierreEditAdapter(): Promise<PierreEditAdapter> {
  if (!loaded) syncCaretOnClick();
  loaded ??= import('@pierre/diffs/edit').then(
    (edit): PierreEditAdapter => ({
      createEditorFactory(hooks) {
        const factory: RedlineEditorFactory = <EType extends EditorType>(
          type: EType,
          options: EditorOptions<EType, SlotMeta, undefined>,
          editStateKey?: string,
        ) => {
          const withAction: EditorOptions<EType, SlotMeta, undefined> = {
            ...options,
            enabledSelectionAction: true,
            renderSelectionAction: (context) => makeAnnotationButton(context, (snapshot) => hooks.onMakeAnnotation(editStateKey ?? '', snapshot)),
            onAttach: (editor, component) => {
              options.onAttach?.(editor, component);
              hooks.onEditorAttached?.({
                // At a line: without scrolling (the lines the reviewer aims at must not move).
                focus: (lineNumber) => editor.focus(lineNumber === undefined ? {} : { lineNumber, preventScroll: true }),
                getText: () => editor.getText(),
                prepareToEnd(cacheKey) {
                  // FileDiff keeps its private session copy in `editSession.diff` (not typed): give it a key if
                  // it has none. Anything else about the shape and this does nothing.
                  const session = (component as unknown as { editSession?: { diff?: { cacheKey?: string } } }).editSession;
                  if (session?.diff && typeof session.diff === 'object' && session.diff.cacheKey == null) session.diff.cacheKey = cacheKey;
                },
              }, editStateKey ?? '');
            },
          };
          return new edit.Editor(type, withAction, editStateKey);
        };
        return factory;
      },
      clearEditState(editStateKey) {
        return edit.EditStateManager.clear('file-diff', editStateKey);
      },
    }),
  );
  // A failed load (network) may be retried by the next click.
  loaded.catch(() => {
    loaded = null;
  });
  return loaded;
}

type SelectionActionContext<EType extends EditorType> = Parameters<
  NonNullable<EditorOptions<EType, SlotMeta, undefined>['renderSelectionAction']>
>[0];

/**
 * The popover's one action. Plain DOM (Pierre wants an HTMLElement), styled
 * with Pierre's theme variables, which inherit through the shadow boundary
 * (so it follows light and dark). It only snapshots the selection and hands
 * off: the comment is written outside the editor, because focusing an input
 * inside the shadow DOM would blur the editor and collapse the selection.
 */
function makeAnnotationButton<EType extends EditorType>(context: SelectionActionContext<EType>, onMakeAnnotation: (snapshot: EditorSelectionSnapshot) => void): HTMLElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = MAKE_ANNOTATION_LABEL;
  button.dataset.redlineMakeAnnotation = '';
  button.style.cssText = [
    'font: inherit',
    'font-size: 12px',
    'line-height: 20px',
    'padding: 2px 10px',
    'border-radius: 6px',
    'cursor: pointer',
    'border: 1px solid var(--diffs-widget-border, currentColor)',
    'background: var(--diffs-bg, Canvas)',
    'color: var(--diffs-fg, CanvasText)',
  ].join(';');
  // Keep the editor's focus (and so its selection) when the button is pressed.
  button.addEventListener('mousedown', (event) => event.preventDefault());
  button.addEventListener('click', (event) => {
    event.preventDefault();
    event.stopPropagation();
    const { start, end } = context.selection;
    const [from, to] = start.line < end.line || (start.line === end.line && start.character <= end.character) ? [start, end] : [end, start];
    const rect = button.getBoundingClientRect();
    const snapshot: EditorSelectionSnapshot = {
      startLine: from.line + 1,
      // A selection that ends at the very start of a line does not cover that line.
      endLine: to.line > from.line && to.character === 0 ? to.line : to.line + 1,
      selectedText: context.getSelectionText(),
      editedText: context.textDocument.getText(),
      anchor: { left: rect.left, top: rect.top, bottom: rect.bottom },
    };
    context.close();
    onMakeAnnotation(snapshot);
  });
  return button;
}
