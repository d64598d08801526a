/**
 * The Edit button at the far right of a file header (the `fileHeaderEnd`
 * slot). Renders nothing while "Edit Code to Suggest" is off. Disabled, with
 * the reason as its tooltip, for files that cannot be edited.
 */
import { type ReviewFile, useReview } from '../src/editHost.js';
import { EditIcon } from './editIcons.js';
import { isEditFlagOn } from './editFlag.js';
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
  const phase = useEditState((s) => (s.session?.fileId === file.id ? s.session.phase : null));
  const reason = edit.refusalFor(file);
  const opening = phase === 'loading' || phase === 'preparing';
  const title = reason ?? (opening ? 'Opening the editor…' : phase ? `Editing ${file.path}` : 'Edit this file in place: your changes become suggestions (experimental)');
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
