/**
 * Page pieces edit/'s tests render or parse with, beyond src/editHost.ts:
 * the context provider, the file header whose slot shows the Edit button, and the page's own
 * parse of a review (fixtures as the page sees them).
 */
export { ReviewContext } from '../app/reviewContext.js';
export { FileHeaderActions } from '../diff/FileHeaderActions.js';
export { parseReviewFiles } from '../reviewLoading/parseReviewFiles.js';
