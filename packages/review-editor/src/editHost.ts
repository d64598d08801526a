/**
 * What the review page offers the edit-to-suggest feature (edit/): the ONE
 * module of src/ that edit/ may import (its tests may also use src/testing/;
 * src/editHostWall.test.ts fails on anything else). Adding a name here is
 * widening the page's surface for edit/: keep it to what edit/ uses.
 */
export { buildSuggestion } from './annotations/annotationOps.js';
export { ApiRequestError } from './api/apiClient.js';
export { useController, useReview } from './app/reviewContext.js';
export type { ReviewController } from './app/reviewController.js';
export { ComposerForm } from './composer/ComposerForm.js';
export type { Composer, ComposerTarget } from './composer/composerSlice.js';
export { installEditorFactory } from './diff/editorFactory.js';
export { installExtension, installLazyExtension, type DiffEditHooks, type ItemEditView, type LazyExtension } from './diff/extensionSlots.js';
export type { SlotMeta } from './diff/slotMeta.js';
export { findContentsMismatch } from './reviewLoading/contentsMatchPatch.js';
export type { ReviewFile } from './reviewLoading/reviewFile.js';
export type { Settings } from '@redline/core';
export { Modal } from './ui/Modal.js';
