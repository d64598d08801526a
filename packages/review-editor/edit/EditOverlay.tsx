/**
 * The edit feature's page-level parts (the `reviewPage` slot): the questions
 * (keep the edits recovered when the view went away? discard the edits in
 * several files?),
 * the comment entry for comments made on the edited text, floating OUTSIDE
 * the editor (focus inside its shadow DOM would collapse the selection, and
 * the item's slots are frozen during the session), and the guard that stops
 * a page unload from dropping edits that are not suggestions yet.
 */
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
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
  if (!prompt) return null;
  if (prompt.kind === 'discard') {
    // Closing the question keeps editing: nothing is dropped without an explicit choice.
    return (
      <Question
        title="Discard your edits?"
        safe={{ label: 'Keep editing', run: () => edit.dismissPrompt() }}
        risky={{ label: `Discard edits in ${prompt.paths.length} files`, run: () => edit.confirmPrompt() }}
        safeFirst
      >
        Your edits in <FileNames paths={prompt.paths} /> will be discarded: no suggestion is made, and the diffs stay as they were.
      </Question>
    );
  }
  const n = prompt.results.reduce((sum, r) => sum + r.suggestions.length, 0);
  // Closing the question keeps the edits: nothing the reviewer typed is dropped without an explicit choice.
  return (
    <Question
      title="Keep your edits?"
      safe={{ label: `Keep as ${n === 1 ? 'suggestion' : `${n} suggestions`}`, run: () => edit.confirmPrompt() }}
      risky={{ label: 'Discard edits', run: () => edit.dismissPrompt() }}
    >
      The view reloaded while you were editing <FileNames paths={prompt.results.map((r) => r.path)} />. Your edits were recovered ({n} {n === 1 ? 'change' : 'changes'}
      ). Keep them as {n > 1 ? 'one fix set of suggestions' : 'suggestions'}?
    </Question>
  );
}

interface Answer {
  label: string;
  run(): void;
}

/** A question with a safe answer (the focus, and what closing does) and a risky one (red); `safeFirst`: the safe one on the left. */
function Question({ title, safe, risky, safeFirst = false, children }: { title: string; safe: Answer; risky: Answer; safeFirst?: boolean; children: ReactNode }) {
  const primary = useRef<HTMLButtonElement>(null);
  const safeButton = (
    <button ref={primary} type="button" className={safeFirst ? 'btn' : 'btn btn-primary'} onClick={safe.run}>
      {safe.label}
    </button>
  );
  const riskyButton = (
    <button type="button" className="btn btn-danger" onClick={risky.run}>
      {risky.label}
    </button>
  );
  return (
    <Modal
      title={title}
      onClose={safe.run}
      initialFocus={primary}
      footer={
        <>
          <span className="spacer" />
          {safeFirst ? safeButton : riskyButton}
          {safeFirst ? riskyButton : safeButton}
        </>
      }
    >
      <p>{children}</p>
    </Modal>
  );
}

/** `a.ts`, `b.ts` */
function FileNames({ paths }: { paths: readonly string[] }) {
  return paths.map((path, i) => (
    <span key={path}>
      {i > 0 ? ', ' : ''}
      <code>{path}</code>
    </span>
  ));
}

function FloatingComposer() {
  const edit = useEditController();
  const key = useReview((s) => s.composer?.key);
  // Re-evaluate when the session's files or the anchor change.
  useEditState((s) => s.files.map((f) => f.phase).join());
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
