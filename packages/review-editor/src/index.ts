/** @redline/review-editor: the review page. apps/review mounts it. */
export { mountReviewApp } from './mountReviewApp.js';
export { ReviewApp } from './app/ReviewApp.js';
export { createApiClient, ApiRequestError, type ReviewApi } from './api/apiClient.js';
export { createReviewStore, type ReviewStore, type ReviewStoreState } from './app/reviewStore.js';
export { createReviewController, type ReviewController } from './app/reviewController.js';
export { installEditorFactory } from './diff/editorFactory.js';
export { installExtension, type ExtensionSlots } from './diff/extensionSlots.js';
export { installEditFeature } from '../edit/installEditFeature.js';
export type { ReviewFile } from './reviewLoading/reviewFile.js';
export type { SlotMeta } from './diff/slotMeta.js';
