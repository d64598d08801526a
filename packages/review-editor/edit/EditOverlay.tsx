/**
 * The edit feature's page-level parts (the `reviewPage` slot): the two
 * questions (finish editing another file first? keep recovered edits?),
 * the comment entry for comments made on the edited text, floating OUTSIDE
 * the editor (focus inside its shadow DOM would collapse the selection, and
 * the item's slots are frozen during the session), and the guard that stops
 * a page unload from dropping edits that are not suggestions yet.
 */
import { useEffect, useRef, type CSSProperties } from 'react';
import { ComposerForm, Modal, useReview } from '../src/editHost.js';
import { useEditController, useEditState } from './useEditFeature.js';

export function EditOverlay() {
  const edit = useEditController();
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!edit.hasUnsavedEdits()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [edit]);
  return (
    <>
      <EditPromptDialog />
      <FloatingComposer />
    </>
  );
}

function EditPromptDialog() {
  const edit = useEditController();
  const prompt = useEditState((s) => s.prompt);
  const path = useReview((s) => (prompt?.kind === 'switch' ? (s.fileById.get(prompt.toFileId)?.path ?? prompt.toFileId) : ''));
  const primary = useRef<HTMLButtonElement>(null);
  if (!prompt) return null;
  if (prompt.kind === 'switch') {
    return (
      <Modal
        title="Finish editing?"
        onClose={() => edit.dismissPrompt()}
        initialFocus={primary}
        footer={
          <>
            <span className="spacer" />
            <button type="button" className="btn" onClick={() => edit.dismissPrompt()}>
              Keep editing
            </button>
            <button ref={primary} type="button" className="btn btn-primary" onClick={() => edit.confirmPrompt()}>
              Finish and edit {path}
            </button>
          </>
        }
      >
        <p>
          Finish editing <code>{prompt.fromPath}</code> first? Your changes there will become suggestions.
        </p>
      </Modal>
    );
  }
  const n = prompt.suggestions.length;
  // Closing the question keeps the edits: nothing the reviewer typed is dropped without an explicit choice.
  return (
    <Modal
      title="Keep your edits?"
      onClose={() => edit.confirmPrompt()}
      initialFocus={primary}
      footer={
        <>
          <span className="spacer" />
          <button type="button" className="btn btn-danger" onClick={() => edit.dismissPrompt()}>
            Discard edits
          </button>
          <button ref={primary} type="button" className="btn btn-primary" onClick={() => edit.confirmPrompt()}>
            Keep as {n === 1 ? 'suggestion' : `${n} suggestions`}
          </button>
        </>
      }
    >
      <p>
        The view reloaded while you were editing <code>{prompt.path}</code>. Your edits were recovered ({n} {n === 1 ? 'change' : 'changes'}). Keep them as
        suggestions?
      </p>
    </Modal>
  );
}

function FloatingComposer() {
  const edit = useEditController();
  const key = useReview((s) => s.composer?.key);
  // Re-evaluate when the session or the anchor changes.
  useEditState((s) => s.session?.phase);
  const anchor = useEditState((s) => s.composerAnchor);
  if (!edit.isFloatingComposer(key)) return null;
  const width = 420;
  const style: CSSProperties = anchor
    ? {
        left: Math.max(8, Math.min(anchor.left, window.innerWidth - width - 8)),
        top: Math.min(anchor.bottom + 8, Math.max(8, window.innerHeight - 260)),
        width,
      }
    : { right: 24, bottom: 24, width };
  return (
    <div className="edit-floating-composer" style={style} role="dialog" aria-label="Comment on the edited lines">
      <ComposerForm />
    </div>
  );
}
