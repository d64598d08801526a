/** The "Edit Code to Suggest" setting (`settings.editSuggestions` in the preferences, off by default). */
import type { Settings } from '../src/editHost.js';

export function isEditFlagOn(settings: Settings): boolean {
  return settings.editSuggestions === true;
}
