/**
 * The strip under the header of the file being edited: "Editing", an
 * experimental chip, the change count, and Suggest / Discard. Its height
 * never changes (fixed in edit.css), so the virtualized list never has to
 * re-measure it; at narrow widths the actions shrink to icons.
 */
import { EditIcon } from './editIcons.js';
import { useEditController, useEditState } from './useEditFeature.js';

export function EditHud({ fileId }: { fileId: string }) {
  const edit = useEditController();
  const session = useEditState((s) => (s.session?.fileId === fileId ? s.session : null));
  if (!session || session.phase === 'loading' || session.phase === 'preparing') return null;
  const ending = session.phase === 'ending';
  const count = session.changes === 0 ? 'No changes yet' : session.changes === 1 ? '1 change' : `${session.changes} changes`;
  return (
    <div className="edit-hud" role="region" aria-label={`Editing ${session.path}`}>
      <span className="edit-hud-title">
        <EditIcon name="pencil" />
        Editing
      </span>
      <span className="chip chip-experimental" title="Edit Code to Suggest is experimental">
        Experimental
      </span>
      {session.plainText ? (
        <span className="chip" title="A large file: edited without syntax highlighting">
          Plain text
        </span>
      ) : null}
      <span className="edit-hud-count" aria-live="polite" data-changes={session.changes}>
        {count}
      </span>
      <span className="spacer" />
      <button
        type="button"
        className="btn btn-small btn-quiet edit-hud-action"
        disabled={ending}
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
        disabled={ending}
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
