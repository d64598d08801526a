/**
 * Loading the review and reading it again: the first load (with the saved
 * draft), Refresh (annotations carried over by content) and the
 * whitespace toggle (line numbers do not move).
 */
import { reanchorAnnotations, errorMessage, isPagedReview, type Annotation, type ReanchoredAnnotation, type ServedReviewData, type Settings } from '@redline/core';
import type { ReviewApi } from '../api/apiClient.js';
import type { ReviewStore } from '../app/reviewStore.js';
import { collectReanchorTexts } from './collectReanchorTexts.js';
import type { FileContentsService } from './fileContents.js';
import { reviewFilesOf } from './pagedReviewFiles.js';
import { createReviewPager, withAllSections } from './reviewPaging.js';
import type { ReviewFile } from './reviewFile.js';

export interface ReviewLoader {
  /**
   * Shows the review as soon as it has arrived and `showWhen` has resolved
   * (the page waits for its highlighter: mountReviewApp); the data is read
   * and parsed meanwhile. The saved draft (a second round trip, which needs
   * the review's fingerprint) is applied when it comes.
   */
  load(showWhen?: Promise<void>): Promise<void>;
  /** Reads the diff again and installs it (installReread), with a toast saying what moved. */
  refresh(): Promise<void>;
  /**
   * Installs a re-read review, carrying the annotations over by content
   * (core reanchorAnnotations); lines that are gone become outdated.
   */
  installReread(next: ServedReviewData): Promise<{ moved: number; outdated: number }>;
  /** Re-reads the diff with or without whitespace changes; line numbers do not move. */
  setHideWhitespace(hide: boolean): Promise<void>;
  /**
   * Pairs moved untracked files as renames, or not: the setting
   * (the server's first screen reads it from the preferences on a reload), then a
   * Refresh asking for it (`renames=on|off`), which carries the annotations
   * to the new paths.
   */
  setPairRenames(on: boolean): Promise<void>;
}

/** What loading needs: the store it fills, the server, and the contents cache re-anchoring reads. */
interface LoaderDeps {
  store: ReviewStore;
  api: ReviewApi;
  contents: FileContentsService;
  /** A paged review's remaining sections, fetched in idle time after it is shown (reviewPaging.ts). */
  pager: { follow(): void };
}

export function createReviewLoader(store: ReviewStore, api: ReviewApi, contents: FileContentsService): ReviewLoader {
  const deps: LoaderDeps = { store, api, contents, pager: createReviewPager(store, api) };
  return {
    load: (showWhen) => load(deps, showWhen),
    refresh: () => refresh(deps),
    installReread: (next) => installReread(deps, next),
    setHideWhitespace: (hide) => setHideWhitespace(deps, hide),
    setPairRenames: (on) => {
      store.getState().setSettings({ pairRenames: on });
      return refresh(deps);
    },
  };
}

async function load({ store, api, contents, pager }: LoaderDeps, showWhen: Promise<void> = Promise.resolve()): Promise<void> {
  const state = () => store.getState();
  let review: ServedReviewData;
  try {
    review = await api.getReview(readMode(state().settings));
    await showWhen;
    state().loadReview(review, null);
    performance.mark?.('redline:review-loaded');
  } catch (error) {
    state().failLoading(errorMessage(error));
    return;
  }
  pager.follow();
  await restoreSavedDraft(store, api, review.fingerprint);
  // Restored line annotations: fetch their files now, while the disk still
  // matches this diff, so a later refresh re-anchors them by full content.
  const annotated = new Set(state().annotations.filter((a) => a.scope === 'line').map((a) => a.path));
  for (const path of [...annotated].slice(0, 50)) if (state().fileById.has(path)) contents.fetchContents(path).catch(() => undefined);
}

async function restoreSavedDraft(store: ReviewStore, api: ReviewApi, fingerprint: string): Promise<void> {
  try {
    const draft = await api.getDraft(fingerprint);
    if (draft && !store.getState().restoreDraft(draft)) store.getState().showToast('A saved draft was not restored: you had already started.');
  } catch (error) {
    store.getState().showToast(`Could not restore the saved draft: ${errorMessage(error)}`);
  }
}

async function refresh(deps: LoaderDeps): Promise<void> {
  const state = () => deps.store.getState();
  if (state().reloading) return;
  state().setReloading(true);
  try {
    const counts = await installReread(deps, await deps.api.getReview(readMode(state().settings)));
    const parts = [`Diff refreshed`];
    if (counts.moved) parts.push(`${counts.moved} moved with their code`);
    if (counts.outdated) parts.push(`${counts.outdated} outdated`);
    state().showToast(parts.join(' · '));
  } catch (error) {
    state().showToast(`Refresh failed: ${errorMessage(error)}`);
  } finally {
    state().setReloading(false);
  }
}

async function installReread({ store, api, contents }: LoaderDeps, served: ServedReviewData): Promise<{ moved: number; outdated: number }> {
  // Re-anchoring reads every file's section: a paged review's are all fetched first.
  const next = isPagedReview(served) ? await withAllSections(api, served) : served;
  const parsed = reviewFilesOf(next);
  const s = store.getState();
  const generations = followRenames(s.files, parsed, s.annotations);
  const oldFingerprint = s.review?.fingerprint ?? '';
  const texts = await collectReanchorTexts(generations.annotations, {
    before: { files: generations.oldByNewPath, read: (path) => contents.fetchContents(generations.renamedFrom.get(path) ?? path, oldFingerprint) },
    after: { files: generations.nextFiles, read: (path) => contents.fetchContents(path, next.fingerprint) },
  });
  const results = reanchorAnnotations(generations.annotations, texts);
  store.getState().replaceReview(next, keepChangesMeanwhile(s.annotations, results, store.getState().annotations), parsed);
  return {
    moved: results.filter((r) => r.status === 'moved').length,
    outdated: results.filter((r) => r.status === 'outdated').length,
  };
}

async function setHideWhitespace({ store, api, pager }: LoaderDeps, hide: boolean): Promise<void> {
  const state = () => store.getState();
  state().setSettings({ hideWhitespace: hide });
  state().setReloading(true);
  try {
    const next = await api.getReview({ ...readMode(state().settings), ignoreWhitespace: hide });
    state().replaceReview(next, state().annotations);
    pager.follow();
  } catch (error) {
    state().showToast(`Could not reload the diff: ${errorMessage(error)}`);
  } finally {
    state().setReloading(false);
  }
}

/** How the server is to read the diff: the whitespace and pairing settings. */
function readMode(settings: Settings): { ignoreWhitespace: boolean; pairRenames: boolean } {
  return { ignoreWhitespace: settings.hideWhitespace, pairRenames: settings.pairRenames };
}

/**
 * The old and new diffs' files keyed by the new path: an annotation on a
 * file renamed since (its old path gone, the new one not there before)
 * moves to the new path and is compared with the old file's texts.
 */
function followRenames(oldList: readonly ReviewFile[], nextList: readonly ReviewFile[], annotations: readonly Annotation[]) {
  const nextFiles = new Map(nextList.map((f) => [f.path, f] as const));
  const oldFiles = new Map(oldList.map((f) => [f.path, f]));
  const renamedTo = new Map<string, string>();
  for (const f of nextFiles.values()) if (f.oldPath && !nextFiles.has(f.oldPath) && oldFiles.has(f.oldPath)) renamedTo.set(f.oldPath, f.path);
  const moved = annotations.map((a) => (a.scope !== 'general' && !nextFiles.has(a.path) && renamedTo.has(a.path) ? { ...a, path: renamedTo.get(a.path)! } : a));
  const oldByNewPath = new Map(oldFiles);
  const renamedFrom = new Map<string, string>();
  for (const [from, to] of renamedTo) {
    oldByNewPath.set(to, oldFiles.get(from)!);
    renamedFrom.set(to, from);
  }
  return { annotations: moved, nextFiles, oldByNewPath, renamedFrom };
}

/**
 * The reviewer may have added or deleted annotations while the texts were
 * fetched: keep those changes (an added one carries over as made).
 */
function keepChangesMeanwhile(before: readonly Annotation[], results: readonly ReanchoredAnnotation[], now: readonly Annotation[]): Annotation[] {
  const beforeIds = new Set(before.map((a) => a.id));
  const stillThere = new Set(now.map((a) => a.id));
  const carried = results.map((r) => r.annotation).filter((_, i) => stillThere.has(before[i]!.id));
  return [...carried, ...now.filter((a) => !beforeIds.has(a.id))];
}
