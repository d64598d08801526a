/** Settings > Editor (the `editorSettings` slot): "Edit Code to Suggest", first and off by default. */
import { useId } from 'react';
import { useController, useReview } from '../src/editHost.js';
import { isEditFlagOn } from './editFlag.js';
import { useEditState } from './useEditFeature.js';

export function EditSettings() {
  const controller = useController();
  const on = useReview((s) => isEditFlagOn(s.settings));
  const editing = useEditState((s) => s.session !== null);
  const hintId = useId();
  return (
    <fieldset className="setting">
      <legend>Editing</legend>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={on}
          disabled={editing}
          aria-describedby={hintId}
          onChange={(event) => controller.store.getState().setSettings({ editSuggestions: event.target.checked })}
        />
        Edit Code to Suggest <span className="chip chip-experimental">Experimental</span>
      </label>
      <p id={hintId} className="muted setting-hint">
        {editing
          ? 'Finish or discard the file you are editing before turning this off.'
          : 'Adds an Edit button to each file: fix the code in place, and your changes become suggestions the agent applies. Off by default; the editor is only loaded when you first click Edit.'}
      </p>
    </fieldset>
  );
}
