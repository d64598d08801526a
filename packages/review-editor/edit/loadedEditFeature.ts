/**
 * The edit feature's parts that render or act only while its setting is on:
 * a chunk of its own, fetched the first time the setting is on
 * (installEditFeature.ts), so the script the page parses before its first
 * diff does not carry it. Pierre's editor and the adapter are
 * still further away: they come in on the first Edit click.
 */
import { installExtension, type ReviewController } from '../src/editHost.js';
import { EditButton } from './EditButton.js';
import { EditHud } from './EditHud.js';
import { EditOverlay } from './EditOverlay.js';
import { EditSettingsLive } from './EditSettingsLive.js';
import { editControllerFor } from './editSessionController.js';

export function installLoadedEditFeature(): void {
  installExtension('editorSettings', EditSettingsLive);
  installExtension('fileHeaderEnd', EditButton);
  installExtension('fileBanner', EditHud);
  installExtension('reviewPage', EditOverlay);
  installExtension('diffEdit', (review: ReviewController) => editControllerFor(review).diffHooks);
}
