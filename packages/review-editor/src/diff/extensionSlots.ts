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
 *
 * A slot may be filled late: a feature installed with `installLazyExtension`
 * is fetched the first time the reviewer's settings want it, and the page's
 * components read the slots through `useExtension`, so they render what it
 * installs when it arrives (the edit feature, off by default, is not
 * in the script the page parses before its first diff).
 */
import type { FileDiffMetadata } from '@pierre/diffs';
import type { CodeViewProps, useWorkerPool } from '@pierre/diffs/react';
import { useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { useController } from '../app/reviewContext.js';
import type { Settings } from '@redline/core';
import { loadOnce } from '../ui/loadOnce.js';
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

const extensionSlots: ExtensionSlots = { fileHeaderEnd: null, editorSettings: null, fileBanner: null, reviewPage: null, diffEdit: null };
const listeners = new Set<() => void>();

export function installExtension<K extends keyof ExtensionSlots>(slot: K, component: ExtensionSlots[K]): void {
  if (extensionSlots[slot] === component) return;
  extensionSlots[slot] = component;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What fills `slot` now, without following it (a component that must not change under the reviewer: the Settings dialog). */
export function extensionIn<K extends keyof ExtensionSlots>(slot: K): ExtensionSlots[K] {
  return extensionSlots[slot];
}

/** What fills `slot` now; the component renders again when a feature installs into it. */
export function useExtension<K extends keyof ExtensionSlots>(slot: K): ExtensionSlots[K] {
  return useSyncExternalStore(subscribe, () => extensionSlots[slot]);
}

/** A feature fetched on demand: `load` installs its slots (by `installExtension`). */
export interface LazyExtension {
  /** A name for the message when its chunk cannot be fetched. */
  name: string;
  /** Whether the reviewer's settings want the feature now (checked at mount and on every settings change). */
  wanted(settings: Settings): boolean;
  load(): Promise<void>;
}

const lazyExtensions = new Map<LazyExtension, () => Promise<void>>();

/** Registers a feature to fetch when the settings come to want it (once; a failed fetch is tried again the next time they do). */
export function installLazyExtension(extension: LazyExtension): void {
  if (!lazyExtensions.has(extension)) lazyExtensions.set(extension, loadOnce(extension.load));
}

/** The review page's side of `installLazyExtension`: fetches each feature when the settings come to want it, and says so when its chunk cannot come. */
export function useLazyExtensions(): void {
  const { store } = useController();
  useEffect(() => {
    let live = true;
    const check = (settings: Settings, before: Settings | null) => {
      for (const [extension, load] of lazyExtensions) {
        // On the change that turns it on (or at mount): a loaded feature answers at once, a failed one is fetched again.
        if (!extension.wanted(settings) || (before !== null && extension.wanted(before))) continue;
        load().catch((error: unknown) => {
          console.error(`[redline] ${extension.name} could not be loaded:`, error);
          if (live) store.getState().showToast(`${extension.name} could not be loaded (is redline still running?). Change the setting again to retry.`);
        });
      }
    };
    check(store.getState().settings, null);
    const unsubscribe = store.subscribe((s, prev) => void (s.settings !== prev.settings && check(s.settings, prev.settings)));
    return () => {
      live = false;
      unsubscribe();
    };
  }, [store]);
}
