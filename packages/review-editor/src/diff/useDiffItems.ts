/**
 * CodeView's items (buildItems.ts) from the store, in hooks whose
 * dependency lists are complete: each input is a value selected from the
 * store, and each function the items builder calls comes with the state
 * it reads, so the items are built again exactly when one of them changed.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useReview } from '../app/reviewContext.js';
import type { ReviewStoreState } from '../app/reviewStore.js';
import { diffShown, fileViewIn } from '../diffViews/diffShown.js';
import { filesListed } from '../diffViews/filesInView.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';
import { createItemsBuilder, type ItemsInput, type ReviewItem } from './buildItems.js';
import type { DiffEditHooks } from './extensionSlots.js';

const noSubscription = () => () => undefined;
const noSnapshot = () => '';

/** The items CodeView shows; the same array while nothing they show changed. */
export function useDiffItems(edit: DiffEditHooks | null): readonly ReviewItem[] {
  const build = useMemo(createItemsBuilder, []);
  const inputs = useItemsInputs();
  const editView = useEditView(edit);
  return useMemo(() => build(editView ? { ...inputs, editView: editView.itemView } : inputs), [build, inputs, editView]);
}

/** The form's position matters to the items, not what is typed in it (typing keeps its target object). */
function composerSlot(s: ReviewStoreState): ItemsInput['composer'] {
  return s.composer ? { key: s.composer.key, editingId: s.composer.editingId, target: s.composer.target } : null;
}

/** What the items are built from, less editing. */
function useItemsInputs(): ItemsInput {
  // The filter, "hide viewed files" and "Since round N" narrow the diff (diffViews/filesInView.ts).
  const files = useReview(filesListed);
  const annotations = useReview((s) => s.annotations);
  const threads = useReview((s) => s.review?.rounds?.threads);
  const proposals = useReview((s) => s.proposals);
  const forgeThreads = useReview((s) => s.review?.pullRequest?.threads);
  const composer = useReview(useShallow(composerSlot));
  // isCollapsed answers from the explicit choices and the viewed marks: it comes with them.
  const collapse = useReview(useShallow((s) => ({ isCollapsed: s.isCollapsed, collapsed: s.collapsed, viewed: s.viewed })));
  const renderedFiles = useReview((s) => s.renderedFiles);
  // A round view or a commit span shows its diff in each file's place (diffViews/).
  const shown = useReview(diffShown);
  return useMemo(
    () => ({
      files,
      annotations,
      threads,
      proposals,
      forgeThreads,
      composer,
      isCollapsed: collapse.isCollapsed,
      isRendered: (id: string) => renderedFiles.has(id),
      fileView: (file: ReviewFile) => fileViewIn(shown, file),
    }),
    [files, annotations, threads, proposals, forgeThreads, composer, collapse, renderedFiles, shown],
  );
}

/** The edit feature's itemView, with the snapshot it answers for: a new value whenever it may answer differently. */
function useEditView(edit: DiffEditHooks | null): { itemView: DiffEditHooks['itemView']; snapshot: string } | null {
  const snapshot = useSyncExternalStore(edit?.subscribe ?? noSubscription, edit?.snapshot ?? noSnapshot);
  return useMemo(() => (edit ? { itemView: edit.itemView, snapshot } : null), [edit, snapshot]);
}
