/**
 * The Edit button at the far right of a file header (the `fileHeaderEnd`
 * slot). Renders nothing while "Edit Code to Suggest" is off. Disabled, with
 * the reason as its tooltip, for files that cannot be edited. While a
 * session is open, Edit on another file adds that file to it.
 */
import { type ReviewFile, useReview } from '../src/editHost.js';
import { EditIcon } from './editIcons.js';
import { isEditFlagOn } from './editFlag.js';
import { sessionFor } from './editQueries.js';
import { useEditController, useEditState } from './useEditFeature.js';

export function EditButton({ file }: { file: ReviewFile }) {
  const on = useReview((s) => isEditFlagOn(s.settings));
  if (!on) return null;
  return <EditButtonOn file={file} />;
}

function EditButtonOn({ file }: { file: ReviewFile }) {
  const edit = useEditController();
  // Re-render when the review (patch-only, hide whitespace) or what was learned changes.
  useReview((s) => s.review);
  useEditState((s) => s.refusals.get(file.id));
  const phase = useEditState((s) => sessionFor(s, file.id)?.phase ?? null);
  const inSession = useEditState((s) => s.files.length > 0);
  const reason = edit.refusalFor(file);
  const opening = phase === 'loading' || phase === 'preparing';
  const idle = inSession ? 'Add this file to the edit session: Suggest turns all its files into one fix set' : 'Edit this file in place: your changes become suggestions (experimental)';
  const title = reason ?? (opening ? 'Opening the editor…' : phase ? `Editing ${file.path}` : idle);
  return (
    <span className="edit-button-wrap" title={title}>
      <button
        type="button"
        className={`btn btn-small edit-button ${phase === 'editing' ? 'is-editing' : ''}`}
        disabled={reason !== null || opening || phase === 'ending'}
        aria-pressed={phase === 'editing'}
        aria-busy={opening || undefined}
        title={title}
        data-edit-file={file.path}
        onClick={() => edit.requestEdit(file.id)}
      >
        <EditIcon name="pencil" />
        <span className="edit-label">Edit</span>
      </button>
    </span>
  );
}
