/**
 * Places where a later feature plugs UI into the review page without the page
 * importing it (the edit-to-suggest feature lives behind its own wall in
 * packages/review-editor/edit/ and must not be loaded while its flag is off).
 *
 * - `fileHeaderEnd`: rendered at the far right of every file header (the
 *   Edit button's place).
 * - `editorSettings`: the body of Settings > Editor.
 * - `fileBanner`: a strip under a file's header, for items whose slots ask
 *   for it (the edit session's HUD).
 * - `reviewPage`: rendered once on the review page (the edit feature's
 *   dialogs and floating comment entry).
 * - `diffEdit`: the diff view's edit hooks (items in edit mode, CodeView's
 *   edit callbacks), per review controller.
 */
import type { FileDiffMetadata } from '@pierre/diffs';
import type { CodeViewProps, useWorkerPool } from '@pierre/diffs/react';
import type { ComponentType } from 'react';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';
import type { ReviewController } from '../app/reviewController.js';
import type { SlotMeta } from './slotMeta.js';

/** How editing shows one file: its hydrated diff, in an edit session or not. */
export interface ItemEditView {
  fileDiff: FileDiffMetadata;
  editing: boolean;
  /** The file shows the `fileBanner` strip first (from the Edit click to the session's end). */
  banner: boolean;
}

/** What the diff view asks of the edit feature. */
export interface DiffEditHooks {
  /** For useSyncExternalStore: `snapshot()` changes whenever `itemView` may answer differently. */
  subscribe(listener: () => void): () => void;
  snapshot(): string;
  itemView(file: ReviewFile): ItemEditView | null;
  /** The page's highlighting worker pool (undefined without workers), when the diff view mounts. */
  setWorkerPool(pool: ReturnType<typeof useWorkerPool>): void;
  codeViewProps: Required<Pick<CodeViewProps<SlotMeta, undefined>, 'onItemEditChange' | 'onItemEditComplete' | 'getEditStateKey'>>;
}

export interface ExtensionSlots {
  fileHeaderEnd: ComponentType<{ file: ReviewFile }> | null;
  editorSettings: ComponentType | null;
  fileBanner: ComponentType<{ fileId: string }> | null;
  reviewPage: ComponentType | null;
  diffEdit: ((controller: ReviewController) => DiffEditHooks) | null;
}

export const extensionSlots: ExtensionSlots = { fileHeaderEnd: null, editorSettings: null, fileBanner: null, reviewPage: null, diffEdit: null };

export function installExtension<K extends keyof ExtensionSlots>(slot: K, component: ExtensionSlots[K]): void {
  extensionSlots[slot] = component;
}
