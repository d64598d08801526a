/**
 * Settings > Editor (the `editorSettings` slot): "Edit Code to Suggest",
 * first and off by default. In the page's entry, before the rest of the
 * feature is loaded: no edit session can exist then, so it is not editing.
 * Once loaded, the Settings dialog opened next shows `EditSettingsLive`
 * (EditSettingsLive.tsx), which knows when a session is open.
 */
import { useId } from 'react';
import { useController, useReview } from '../src/editHost.js';
import { isEditFlagOn } from './editFlag.js';

/** The setting's fields; `editing`: a session is open, so the setting cannot be turned off. */
export function EditSettingsFields({ editing }: { editing: boolean }) {
  const controller = useController();
  const on = useReview((s) => isEditFlagOn(s.settings));
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

export function EditSettingsBeforeLoad() {
  return <EditSettingsFields editing={false} />;
}
