/**
 * Plugs "Edit Code to Suggest" into the review page's extension slots. Safe
 * to install whatever the setting: while it is off every part renders
 * nothing, and neither the adapter nor Pierre's editor is ever loaded (they
 * come in by dynamic import() on the first Edit click).
 */
import { installExtension, type ReviewController } from '../src/editHost.js';
import { EditButton } from './EditButton.js';
import { EditHud } from './EditHud.js';
import { EditOverlay } from './EditOverlay.js';
import { EditSettings } from './EditSettings.js';
import { editControllerFor } from './editSessionController.js';
import './edit.css';

export function installEditFeature(): void {
  installExtension('editorSettings', EditSettings);
  installExtension('fileHeaderEnd', EditButton);
  installExtension('fileBanner', EditHud);
  installExtension('reviewPage', EditOverlay);
  installExtension('diffEdit', (review: ReviewController) => editControllerFor(review).diffHooks);
}
