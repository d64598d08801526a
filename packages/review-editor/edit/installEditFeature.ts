/**
 * Plugs "Edit Code to Suggest" into the review page's extension slots. Safe
 * to install whatever the setting. What it installs at once is the setting's
 * toggle (Settings > Editor) and the styles; the rest of the feature
 * (loadedEditFeature.ts: the Edit button, the HUD, the prompts, the
 * controller) is a chunk of its own, fetched the first time the setting is on,
 * and Pierre's editor and the adapter come later still, by dynamic import()
 * on the first Edit click. While the setting is off none of them is fetched.
 */
import { installExtension, installLazyExtension, type LazyExtension } from '../src/editHost.js';
import { EditSettingsBeforeLoad } from './EditSettings.js';
import { isEditFlagOn } from './editFlag.js';
import './edit.css';

const editFeature: LazyExtension = {
  name: 'Edit Code to Suggest',
  wanted: isEditFlagOn,
  load: async () => (await import('./loadedEditFeature.js')).installLoadedEditFeature(),
};

export function installEditFeature(): void {
  installExtension('editorSettings', EditSettingsBeforeLoad);
  installLazyExtension(editFeature);
}
