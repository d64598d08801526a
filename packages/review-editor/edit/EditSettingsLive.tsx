/** Settings > Editor once the feature is loaded: the setting stays on while a file is being edited. */
import { EditSettingsFields } from './EditSettings.js';
import { useEditState } from './useEditFeature.js';

export function EditSettingsLive() {
  const editing = useEditState((s) => s.files.length > 0);
  return <EditSettingsFields editing={editing} />;
}
