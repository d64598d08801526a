/**
 * The reviewer's preferences as the server put them into the page (a JSON
 * element right after `<head>`, PREFERENCES_ELEMENT_ID: read from the
 * user's preferences file for each page answer). Read with the core's one
 * reader; no element, or one that is not JSON, is the defaults.
 */
import { DEFAULT_PREFERENCES, PREFERENCES_ELEMENT_ID, readPreferences, type Preferences } from '@redline/core';

export function readInjectedPreferences(doc: Pick<Document, 'getElementById'> = document): Preferences {
  const text = doc.getElementById(PREFERENCES_ELEMENT_ID)?.textContent;
  if (!text) return DEFAULT_PREFERENCES;
  try {
    return readPreferences(JSON.parse(text)).preferences;
  } catch {
    return DEFAULT_PREFERENCES;
  }
}
