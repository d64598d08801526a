// The public surface of @redline/core. Each module owns one concern; see docs/architecture.md.
// Test-only helpers (applySuggestionHunks, testing/) are deliberately not exported.
export * from './types.js';
export * from './api.js';
export * from './lines.js';
export * from './sha256.js';
export * from './textSafety.js';
export * from './fences.js';
export * from './suggestionId.js';
export * from './languageForPath.js';
export * from './renderFeedbackMarkdown.js';
export * from './parseFeedbackMarkdown.js';
export * from './feedbackJson.js';
export * from './parseFeedback.js';
export * from './feedbackParseResult.js';
export * from './normalizeFeedbackReview.js';
export * from './validateFeedbackReview.js';
export * from './diffLineRegions.js';
export * from './deriveSuggestionHunks.js';
export * from './mapSelectionAnchor.js';
export * from './reanchorAnnotations.js';
export * from './planApply.js';
export * from './formatUnifiedDiff.js';
export * from './splitPatchSections.js';
export * from './fileClassification.js';
export * from './fileTree.js';
export { compareFilePaths, sortByFileOrder } from './fileOrder.js';
export * from './countChangedLines.js';
export {
  buildFirstScreen,
  FIRST_SCREEN_LIMITS,
  type FirstScreen,
  type FirstScreenFile,
  type FirstScreenHunk,
  type FirstScreenLimits,
  type FirstScreenTreeRow,
} from './firstScreen/buildFirstScreen.js';
export { changedFilesLabel, largeDiffNote, SIDEBAR_WORDS, signedCount, unmodifiedLinesLabel } from './firstScreen/diffWording.js';
export { fileNotices, isModeOnly, isRenameOnly } from './firstScreen/fileNotices.js';
export type { DiffRow, RowKind, RowPair } from './firstScreen/parseHunks.js';
