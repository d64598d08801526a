/**
 * The strip under the header of each file being edited: "Editing", an
 * experimental chip, the change count, and Suggest / Discard. From the Edit
 * click until the editor takes input where the reviewer aimed, it says
 * "Getting the editor ready…" instead and closes the file to input
 * (editInputGate.ts). Its height never changes (fixed in edit.css), so the
 * virtualized list never has to re-measure it and the lines never move when
 * the editor arrives; at narrow widths the actions shrink to icons.
 *
 * A session of several files lists them all, each with its count (a click
 * goes to the file); Suggest and Discard act on every file at once.
 */
import { useEffect, useRef } from 'react';
import { useController } from '../src/editHost.js';
import { EditIcon } from './editIcons.js';
import { closeToInput, GETTING_READY_ATTRIBUTE } from './editInputGate.js';
import { isGettingReady } from './editQueries.js';
import type { EditSession } from './editSession.js';
import { useEditController, useEditState } from './useEditFeature.js';

const countText = (changes: number) => (changes === 0 ? 'No changes yet' : changes === 1 ? '1 change' : `${changes} changes`);

export function EditHud({ fileId }: { fileId: string }) {
  const edit = useEditController();
  const files = useEditState((s) => s.files);
  const session = files.find((f) => f.fileId === fileId) ?? null;
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
  const anyEditing = files.some((f) => f.phase === 'editing');
  const several = files.length > 1;
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
      {editing && session.changedOnDisk ? (
        <span className="chip chip-changed-on-disk" role="status" title="Your edits stay against the text you started from; apply will refuse them">
          Changed on disk
        </span>
      ) : null}
      <span className="edit-hud-count" role="status" aria-live="polite" data-changes={changes}>
        {gettingReady ? 'Getting the editor ready…' : countText(changes)}
      </span>
      {several ? <SessionFiles files={files} current={fileId} /> : null}
      <span className="spacer" />
      <button
        type="button"
        className="btn btn-small btn-quiet edit-hud-action"
        disabled={!anyEditing || ending}
        aria-label={several ? `Discard (${files.length} files)` : 'Discard'}
        title={several ? 'Discard your edits in every file of the session: no suggestion, the diffs as they were' : 'Discard your edits: no suggestion, the diff as it was'}
        onClick={() => edit.discard()}
      >
        <EditIcon name="undo" />
        <span className="edit-hud-action-label">Discard</span>
      </button>
      <button
        type="button"
        className="btn btn-small btn-primary edit-hud-action"
        disabled={!anyEditing || ending}
        aria-label={several ? `Suggest (${files.length} files)` : 'Suggest'}
        title={several ? 'Turn your edits in every file into one fix set and leave edit mode' : 'Turn your edits into suggestions and leave edit mode'}
        onClick={() => edit.suggest()}
      >
        <EditIcon name="check" />
        <span className="edit-hud-action-label">Suggest</span>
      </button>
    </div>
  );
}

/** The session's files, each with its count; a click goes to the file. */
function SessionFiles({ files, current }: { files: readonly EditSession[]; current: string }) {
  const review = useController();
  return (
    <ul className="edit-hud-files" aria-label="Files in this edit session">
      {files.map((f) => {
        const changes = f.phase === 'editing' || f.phase === 'ending' ? f.changes : 0;
        const name = f.path.slice(f.path.lastIndexOf('/') + 1);
        return (
          <li key={f.id}>
            <button
              type="button"
              className="edit-hud-file"
              aria-current={f.fileId === current ? 'true' : undefined}
              data-changes={changes}
              title={`${f.path}: ${countText(changes).toLowerCase()}${f.phase !== 'loading' && f.changedOnDisk ? ' (changed on disk)' : ''}`}
              onClick={() => review.jumpToFile(f.fileId)}
            >
              {name} · {changes}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
