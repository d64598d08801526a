/**
 * The strip under the header of the file being edited: "Editing", an
 * experimental chip, the change count, and Suggest / Discard. From the Edit
 * click until the editor takes input where the reviewer aimed, it says
 * "Getting the editor ready…" instead and closes the file to input
 * (editInputGate.ts). Its height never changes (fixed in edit.css), so the
 * virtualized list never has to re-measure it and the lines never move when
 * the editor arrives; at narrow widths the actions shrink to icons.
 */
import { useEffect, useRef } from 'react';
import { EditIcon } from './editIcons.js';
import { closeToInput, GETTING_READY_ATTRIBUTE } from './editInputGate.js';
import { isGettingReady } from './editQueries.js';
import { useEditController, useEditState } from './useEditFeature.js';

export function EditHud({ fileId }: { fileId: string }) {
  const edit = useEditController();
  const session = useEditState((s) => (s.session?.fileId === fileId ? s.session : null));
  const gettingReady = isGettingReady(session);
  const strip = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = strip.current?.closest('diffs-container');
    if (!gettingReady || !(host instanceof HTMLElement)) return;
    return closeToInput(host, (line) => edit.aimInput(fileId, line));
  }, [gettingReady, edit, fileId]);
  if (!session) return null;
  const editing = session.phase === 'editing' || session.phase === 'ending';
  const ending = session.phase === 'ending';
  const changes = editing ? session.changes : 0;
  const count = changes === 0 ? 'No changes yet' : changes === 1 ? '1 change' : `${changes} changes`;
  const readiness = gettingReady ? { [GETTING_READY_ATTRIBUTE]: '' } : {};
  return (
    <div ref={strip} className="edit-hud" role="region" aria-label={`Editing ${session.path}`} aria-busy={gettingReady} {...readiness}>
      <span className="edit-hud-title">
        <EditIcon name="pencil" />
        Editing
      </span>
      <span className="chip chip-experimental" title="Edit Code to Suggest is experimental">
        Experimental
      </span>
      {editing && session.plainText ? (
        <span className="chip chip-plain-text" title="A large file: edited without syntax highlighting">
          Plain text
        </span>
      ) : null}
      <span className="edit-hud-count" role="status" aria-live="polite" data-changes={changes}>
        {gettingReady ? 'Getting the editor ready…' : count}
      </span>
      <span className="spacer" />
      <button
        type="button"
        className="btn btn-small btn-quiet edit-hud-action"
        disabled={!editing || ending}
        aria-label="Discard"
        title="Discard your edits: no suggestion, the diff as it was"
        onClick={() => edit.discard()}
      >
        <EditIcon name="undo" />
        <span className="edit-hud-action-label">Discard</span>
      </button>
      <button
        type="button"
        className="btn btn-small btn-primary edit-hud-action"
        disabled={!editing || ending}
        aria-label="Suggest"
        title="Turn your edits into suggestions and leave edit mode"
        onClick={() => edit.suggest()}
      >
        <EditIcon name="check" />
        <span className="edit-hud-action-label">Suggest</span>
      </button>
    </div>
  );
}
