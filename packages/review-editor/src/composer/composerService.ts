/**
 * Opening and submitting forms where the network or the edit feature is
 * involved: a suggestion reads its original lines from the file, a comment
 * picked on edited lines is mapped back, a submitted line annotation's file
 * is fetched for later re-anchoring.
 */
import type { Annotation } from '@redline/core';
import type { ReviewStore } from '../app/reviewStore.js';
import type { FileContentsService } from '../reviewLoading/fileContents.js';
import { suggestionOriginal } from '../reviewLoading/suggestionOriginal.js';
import { selectionToTarget, type ComposerTarget, type LineTarget } from './composerSlice.js';
import type { SubmitOptions } from './composerToAnnotation.js';

/** Maps a comment target picked on shown lines to the lines it anchors to; null leaves it as it is. */
export type CommentTargetMapper = (target: ComposerTarget) => {
  target: ComposerTarget;
  highlightedText?: string;
  approximate?: boolean;
} | null;

export interface ComposerService {
  /**
   * Lines picked in the diff (gutter, selection) are in the text the diff
   * shows; while a file is being edited that is the EDITED text, and the
   * edit feature maps them back to the lines annotations anchor to.
   */
  setCommentTargetMapper(next: CommentTargetMapper | null): void;
  openComment(target: ComposerTarget): boolean;
  /**
   * Opens the suggestion editor on new-side lines, prefilled with them. The
   * original code comes from the file as the server serves it (whose sha256
   * becomes the suggestion's revision), checked against what the diff shows;
   * failing that, from the diff itself, without a revision.
   */
  openSuggestion(target: LineTarget, text?: string): Promise<boolean>;
  /**
   * Turns the open form into an annotation. The file's contents are fetched
   * now (cached) so a later refresh can re-anchor the annotation by content.
   */
  submitComposer(options?: SubmitOptions): Annotation | null;
  /** `c`: a comment on the selected lines. */
  commentOnSelection(): boolean;
}

export function createComposerService(store: ReviewStore, contents: FileContentsService): ComposerService {
  let commentTargetMapper: CommentTargetMapper | null = null;
  const state = () => store.getState();
  const openComment = (target: ComposerTarget) => openMappedComment(store, commentTargetMapper?.(target) ?? null, target);
  return {
    setCommentTargetMapper(next) {
      commentTargetMapper = next;
    },
    openComment,
    openSuggestion: (target, text = '') => openSuggestion(store, contents, target, text),
    submitComposer(options) {
      const annotation = state().submitComposer(options);
      if (annotation && annotation.scope === 'line') contents.fetchContents(annotation.path).catch(() => undefined);
      return annotation;
    },
    commentOnSelection() {
      const selection = state().selection;
      if (!selection) {
        state().showToast('Select lines first: click or drag line numbers in the gutter.');
        return false;
      }
      return openComment(selectionToTarget(selection));
    },
  };
}

function openMappedComment(store: ReviewStore, mapped: ReturnType<CommentTargetMapper>, target: ComposerTarget): boolean {
  if (!mapped) return store.getState().openComposer({ kind: 'comment', target });
  return store.getState().openComposer({
    kind: 'comment',
    target: mapped.target,
    ...(mapped.highlightedText !== undefined ? { highlightedText: mapped.highlightedText } : {}),
    ...(mapped.approximate ? { approximate: true } : {}),
  });
}

async function openSuggestion(store: ReviewStore, contents: FileContentsService, target: LineTarget, text: string): Promise<boolean> {
  const file = store.getState().fileById.get(target.fileId);
  if (!file || target.side !== 'new') return false;
  const original = await suggestionOriginal(contents, file, target);
  if (original === null) {
    store.getState().showToast('Cannot suggest a change here: those lines are not available.');
    return false;
  }
  return store.getState().openComposer({ kind: 'suggestion', target, text, originalCode: original.code, ...(original.revision ? { revision: original.revision } : {}) });
}
