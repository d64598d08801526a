/**
 * Places where a later feature plugs UI into the review page without the page
 * importing it (the edit-to-suggest feature lives behind its own wall in
 * packages/review-editor/edit/ and must not be loaded while its flag is off).
 *
 * - `fileHeaderEnd`: rendered at the far right of every file header (the
 *   Edit button's place).
 * - `editorSettings`: the body of Settings > Editor.
 */
import type { ComponentType } from 'react';
import type { ReviewFile } from '../model/reviewFile.js';

export interface ExtensionSlots {
  fileHeaderEnd: ComponentType<{ file: ReviewFile }> | null;
  editorSettings: ComponentType | null;
}

export const extensionSlots: ExtensionSlots = { fileHeaderEnd: null, editorSettings: null };

export function installExtension<K extends keyof ExtensionSlots>(slot: K, component: ExtensionSlots[K]): void {
  extensionSlots[slot] = component;
}
