/**
 * The editor factory behind the permanently mounted EditProvider.
 *
 * CodeView remounts when the provider appears or disappears, so the provider
 * is always there; the factory it is given delegates to whatever the
 * edit-to-suggest feature (packages/review-editor/edit/) installs once its
 * adapter has loaded. Until then no item ever has `edit: true`, so the
 * factory is never called; if it were, it fails loudly.
 */
import type { EditorFactory } from '@pierre/diffs/react';
import type { SlotMeta } from './slotMeta.js';

let installed: EditorFactory<SlotMeta, undefined> | null = null;

export function installEditorFactory(factory: EditorFactory<SlotMeta, undefined> | null): void {
  installed = factory;
}

export const delegatingEditorFactory: EditorFactory<SlotMeta, undefined> = (type, options, editStateKey) => {
  if (!installed) throw new Error('redline: an item entered edit mode before the edit adapter was loaded');
  return installed(type, options, editStateKey);
};
