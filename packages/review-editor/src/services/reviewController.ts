/**
 * The review's side effects: loading, refreshing, fetching file contents,
 * opening forms that need contents, moving around the diff, sending and
 * closing. Components call these; the store stays pure.
 */
import type { FileContents, FileDiffLoadedFiles, FileDiffMetadata } from '@pierre/diffs';
import {
  buildFeedbackReview,
  gitLines,
  reanchorAnnotations,
  linesToCode,
  type Annotation,
  type FeedbackReview,
  type FeedbackSubmission,
  type FileContentsData,
  type ReviewData,
  type Side,
} from '@redline/core';
import { ApiRequestError, type ReviewApi } from '../api/apiClient.js';
import { findContentsMismatch } from '../model/contentsMatchPatch.js';
import { parseReviewFiles } from '../model/parseReviewFiles.js';
import { diffLinesInRange } from '../model/diffLines.js';
import { collectReanchorTexts } from './collectReanchorTexts.js';
import type { ReviewStore } from '../store/reviewStore.js';
import { selectionToTarget } from '../store/reviewStore.js';
import type { ComposerTarget } from '../store/reviewState.js';

/** What the diff view lets the rest of the page do to it. */
export interface DiffViewport {
  scrollToTop(): void;
  scrollToFile(fileId: string): void;
  scrollToLine(fileId: string, side: Side, lineNumber: number): void;
}

export type ReviewController = ReturnType<typeof createReviewController>;

/** Maps a comment target picked on shown lines to the lines it anchors to; null leaves it as it is. */
export type CommentTargetMapper = (target: ComposerTarget) => {
  target: ComposerTarget;
  highlightedText?: string;
  approximate?: boolean;
} | null;

export function createReviewController(store: ReviewStore, api: ReviewApi) {
  let viewport: DiffViewport | null = null;
  /** Contents per review fingerprint and path; a refresh starts a new generation. */
  const contents = new Map<string, Promise<FileContentsData>>();

  const state = () => store.getState();
  const fingerprint = () => state().review?.fingerprint ?? '';
  const fileOf = (fileId: string) => state().fileById.get(fileId);
  const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

  function fetchContents(path: string, forFingerprint = fingerprint()): Promise<FileContentsData> {
    const key = `${forFingerprint}\u0000${path}`;
    let pending = contents.get(key);
    if (!pending) {
      pending = api.getFile(path, forFingerprint);
      contents.set(key, pending);
      // A failure is not cached: the next attempt asks again.
      pending.catch(() => contents.delete(key));
    }
    return pending;
  }

  /** Runs after the items carrying a just-expanded file reach CodeView. */
  function afterRender(run: () => void) {
    requestAnimationFrame(() => requestAnimationFrame(run));
  }

  function reveal(fileId: string, then: () => void) {
    if (state().isCollapsed(fileId)) {
      state().setCollapsed(fileId, false);
      afterRender(then);
    } else then();
  }

  /**
   * Shows the review as soon as it has arrived and `showWhen` has resolved
   * (the page waits for its highlighter: mountReviewApp); the data is read
   * and parsed meanwhile. The saved draft (a second round trip, which needs
   * the review's fingerprint) is applied when it comes.
   */
  async function load(showWhen: Promise<void> = Promise.resolve()): Promise<void> {
    let review: ReviewData;
    try {
      review = await api.getReview({ ignoreWhitespace: state().settings.hideWhitespace });
      await showWhen;
      state().loadReview(review, null);
      performance.mark?.('redline:review-loaded');
    } catch (error) {
      state().failLoading(message(error));
      return;
    }
    try {
      const draft = await api.getDraft(review.fingerprint);
      if (draft && !state().restoreDraft(draft)) state().showToast('A saved draft was not restored: you had already started.');
    } catch (error) {
      state().showToast(`Could not restore the saved draft: ${message(error)}`);
    }
    // Restored line annotations: fetch their files now, while the disk still
    // matches this diff, so a later refresh re-anchors them by full content.
    const annotated = new Set(state().annotations.filter((a) => a.scope === 'line').map((a) => a.path));
    for (const path of [...annotated].slice(0, 50)) if (state().fileById.has(path)) fetchContents(path).catch(() => undefined);
  }

  async function refresh(): Promise<void> {
    if (state().reloading) return;
    state().setReloading(true);
    try {
      const next = await api.getReview({ ignoreWhitespace: state().settings.hideWhitespace });
      const counts = await installReread(next);
      const parts = [`Diff refreshed`];
      if (counts.moved) parts.push(`${counts.moved} moved with their code`);
      if (counts.outdated) parts.push(`${counts.outdated} outdated`);
      state().showToast(parts.join(' · '));
    } catch (error) {
      state().showToast(`Refresh failed: ${message(error)}`);
    } finally {
      state().setReloading(false);
    }
  }

  /**
   * Installs a re-read review, carrying the annotations over by content
   * (core reanchorAnnotations); lines that are gone become outdated.
   */
  async function installReread(next: ReviewData): Promise<{ moved: number; outdated: number }> {
    const parsed = parseReviewFiles(next);
    const nextFiles = new Map(parsed.map((f) => [f.path, f] as const));
    const s = state();
    const oldFingerprint = s.review?.fingerprint ?? '';
    const oldFiles = new Map(s.files.map((f) => [f.path, f]));
    const renamedTo = new Map<string, string>();
    for (const f of nextFiles.values()) if (f.oldPath && !nextFiles.has(f.oldPath) && oldFiles.has(f.oldPath)) renamedTo.set(f.oldPath, f.path);
    const annotations = s.annotations.map((a) =>
      a.scope !== 'general' && !nextFiles.has(a.path) && renamedTo.has(a.path) ? { ...a, path: renamedTo.get(a.path)! } : a,
    );
    const oldByNewPath = new Map(oldFiles);
    const renamedFrom = new Map<string, string>();
    for (const [from, to] of renamedTo) {
      oldByNewPath.set(to, oldFiles.get(from)!);
      renamedFrom.set(to, from);
    }
    const texts = await collectReanchorTexts(annotations, {
      before: { files: oldByNewPath, read: (path) => fetchContents(renamedFrom.get(path) ?? path, oldFingerprint) },
      after: { files: nextFiles, read: (path) => fetchContents(path, next.fingerprint) },
    });
    const results = reanchorAnnotations(annotations, texts);
    // The reviewer may have added or deleted annotations while the texts were
    // fetched: keep those changes (an added one carries over as made).
    const before = new Set(s.annotations.map((a) => a.id));
    const now = state().annotations;
    const stillThere = new Set(now.map((a) => a.id));
    const carried = results.map((r) => r.annotation).filter((_, i) => stillThere.has(s.annotations[i]!.id));
    const addedMeanwhile = now.filter((a) => !before.has(a.id));
    state().replaceReview(next, [...carried, ...addedMeanwhile], parsed);
    return {
      moved: results.filter((r) => r.status === 'moved').length,
      outdated: results.filter((r) => r.status === 'outdated').length,
    };
  }

  /** Re-reads the diff with or without whitespace changes; line numbers do not move. */
  async function setHideWhitespace(hide: boolean): Promise<void> {
    state().setSettings({ hideWhitespace: hide });
    state().setReloading(true);
    try {
      const next = await api.getReview({ ignoreWhitespace: hide });
      state().replaceReview(next, state().annotations);
    } catch (error) {
      state().showToast(`Could not reload the diff: ${message(error)}`);
    } finally {
      state().setReloading(false);
    }
  }

  /** CodeView's `loadDiffFiles`: full contents for expanding context, checked against the patch first. */
  async function loadDiffFiles(fileDiff: FileDiffMetadata): Promise<FileDiffLoadedFiles> {
    const file = state().files.find((f) => f.fileDiff === fileDiff) ?? state().files.find((f) => f.path === fileDiff.name);
    if (!file) throw new Error(`loadDiffFiles: ${fileDiff.name} is not in this review`);
    try {
      const data = await fetchContents(file.path);
      const mismatch = findContentsMismatch(fileDiff, data.old?.contents ?? null, data.new?.contents ?? null);
      if (mismatch) {
        throw new Error(`${file.path} changed on disk since the diff was read (line ${mismatch.lineNumber}, ${mismatch.side} side); refresh the diff to expand it`);
      }
      const newFile: FileContents = { name: file.path, contents: data.new?.contents ?? '', cacheKey: `new:${data.new?.sha256 ?? 'none'}` };
      if (fileDiff.type === 'rename-pure') return { oldFile: null, newFile };
      const oldFile: FileContents = { name: file.oldPath ?? file.path, contents: data.old?.contents ?? '', cacheKey: `old:${data.old?.sha256 ?? 'none'}` };
      return { oldFile, newFile };
    } catch (error) {
      state().showToast(`Cannot show more context: ${message(error)}`);
      throw error;
    }
  }

  /**
   * Lines picked in the diff (gutter, selection) are in the text the diff
   * shows; while a file is being edited that is the EDITED text, and the
   * edit feature maps them back to the lines annotations anchor to.
   */
  let commentTargetMapper: CommentTargetMapper | null = null;

  function openComment(target: ComposerTarget): boolean {
    const mapped = commentTargetMapper?.(target) ?? null;
    if (!mapped) return state().openComposer({ kind: 'comment', target });
    return state().openComposer({
      kind: 'comment',
      target: mapped.target,
      ...(mapped.highlightedText !== undefined ? { highlightedText: mapped.highlightedText } : {}),
      ...(mapped.approximate ? { approximate: true } : {}),
    });
  }

  /**
   * Opens the suggestion editor on new-side lines, prefilled with them. The
   * original code comes from the file as the server serves it (whose sha256
   * becomes the suggestion's revision), checked against what the diff shows;
   * failing that, from the diff itself, without a revision.
   */
  async function openSuggestion(target: Extract<ComposerTarget, { scope: 'line' }>, text = ''): Promise<boolean> {
    const file = fileOf(target.fileId);
    if (!file || target.side !== 'new') return false;
    const fromDiff = diffLinesInRange(file.fileDiff, 'new', target.startLine, target.endLine);
    let originalCode: string | null = null;
    let revision: string | undefined;
    try {
      const data = await fetchContents(file.path);
      if (data.new) {
        // The target's line numbers came from git's diff: slice git's lines, not the file-text view.
        const lines = gitLines(data.new.contents).slice(target.startLine - 1, target.endLine);
        const consistent = fromDiff === null || fromDiff.every((line, i) => line === lines[i]);
        if (lines.length === target.endLine - target.startLine + 1 && consistent) {
          originalCode = linesToCode(lines);
          revision = data.new.sha256;
        }
      }
    } catch (error) {
      if (!(error instanceof ApiRequestError)) throw error;
    }
    if (originalCode === null && fromDiff) originalCode = linesToCode(fromDiff);
    if (originalCode === null) {
      state().showToast('Cannot suggest a change here: those lines are not available.');
      return false;
    }
    return state().openComposer({ kind: 'suggestion', target, text, originalCode, ...(revision ? { revision } : {}) });
  }

  /**
   * Turns the open form into an annotation. The file's contents are fetched
   * now (cached) so a later refresh can re-anchor the annotation by content.
   */
  function submitComposer(options?: { emptySuggestion?: 'delete' | 'empty-line' }): Annotation | null {
    const annotation = state().submitComposer(options);
    if (annotation && annotation.scope === 'line') fetchContents(annotation.path).catch(() => undefined);
    return annotation;
  }

  /** `c`: a comment on the selected lines. */
  function commentOnSelection(): boolean {
    const selection = state().selection;
    if (!selection) {
      state().showToast('Select lines first: click or drag line numbers in the gutter.');
      return false;
    }
    const opened = openComment(selectionToTarget(selection));
    return opened;
  }

  /**
   * After a jump, the file jumped to stays current while the scroll settles
   * (the last files of a diff can never reach the top edge).
   */
  let pinnedUntil = 0;
  const pin = (fileId: string) => {
    pinnedUntil = performance.now() + 800;
    state().setCurrentFile(fileId);
  };

  function jumpToFile(fileId: string) {
    pin(fileId);
    viewport?.scrollToFile(fileId);
  }

  function jumpToLine(fileId: string, side: Side, lineNumber: number) {
    pin(fileId);
    reveal(fileId, () => viewport?.scrollToLine(fileId, side, lineNumber));
  }

  function jumpToAnnotation(id: string) {
    const a = state().annotations.find((x) => x.id === id);
    if (!a) return;
    if (a.scope === 'general') return viewport?.scrollToTop();
    if (!state().fileById.has(a.path)) return;
    if (a.scope === 'file' || a.outdated) return reveal(a.path, () => jumpToFile(a.path));
    jumpToLine(a.path, a.side ?? 'new', a.startLine ?? 1);
  }

  function jumpToSearchHit() {
    const { hits, index } = state().search;
    const hit = hits[index];
    if (!hit) return;
    if (hit.kind === 'name' || hit.lineNumber === undefined) return jumpToFile(hit.fileId);
    const side = hit.side ?? 'new';
    state().setSelection({ fileId: hit.fileId, range: { start: hit.lineNumber, end: hit.lineNumber, side: side === 'old' ? 'deletions' : 'additions' } });
    jumpToLine(hit.fileId, side, hit.lineNumber);
  }

  /** `j`/`k`: the next or previous file. */
  function stepFile(direction: 1 | -1) {
    const { files, currentFileId } = state();
    if (files.length === 0) return;
    const at = files.findIndex((f) => f.id === currentFileId);
    const next = files[Math.min(files.length - 1, Math.max(0, at < 0 ? 0 : at + direction))];
    if (next) jumpToFile(next.id);
  }

  function toggleViewedCurrent() {
    const id = state().currentFileId;
    if (id) state().toggleViewed(id);
  }

  /** Exactly what the server renders the export from (it adds its own target). */
  function feedbackReview(): FeedbackReview {
    return buildFeedbackReview(state().review!, submission());
  }

  function submission(): FeedbackSubmission {
    const s = state();
    return { verdict: s.verdict, summary: s.summary, annotations: s.annotations };
  }

  async function sendFeedback(): Promise<boolean> {
    try {
      state().setError(null);
      const result = await api.sendFeedback(submission());
      state().markSent(result.output);
      return true;
    } catch (error) {
      state().setError(`Sending failed: ${message(error)}`);
      return false;
    }
  }

  async function closeReview(): Promise<boolean> {
    try {
      await api.closeReview();
      state().markClosed();
      return true;
    } catch (error) {
      state().setError(`Closing failed: ${message(error)}`);
      return false;
    }
  }

  return {
    store,
    api,
    setViewport(next: DiffViewport | null) {
      viewport = next;
    },
    setCommentTargetMapper(next: CommentTargetMapper | null) {
      commentTargetMapper = next;
    },
    /** How many ms the picked file stays current whatever the scroll does (0: scrolling may change it). */
    currentFilePinnedFor: () => Math.max(0, pinnedUntil - performance.now()),
    load,
    refresh,
    setHideWhitespace,
    fetchContents,
    loadDiffFiles,
    openComment,
    openSuggestion,
    submitComposer,
    commentOnSelection,
    jumpToFile,
    jumpToLine,
    jumpToAnnotation,
    jumpToSearchHit,
    stepFile,
    toggleViewedCurrent,
    feedbackReview,
    submission,
    sendFeedback,
    closeReview,
    installReread,
  };
}
