// The public surface of @redline/core. Each module owns one concern; see docs/architecture.md.
// Test-only helpers (applySuggestionHunks, testing/) are deliberately not exported.
export * from './model/types.js';
export * from './model/api.js';
export * from './diff/lines.js';
export * from './safety/sha256.js';
export * from './safety/textSafety.js';
export * from './export/fences.js';
export * from './model/suggestionId.js';
export * from './diff/languageForPath.js';
export * from './export/renderFeedbackMarkdown.js';
export * from './export/parseFeedbackMarkdown.js';
export * from './export/feedbackJson.js';
export * from './export/parseFeedback.js';
export * from './export/feedbackParseResult.js';
export * from './export/normalizeFeedbackReview.js';
export * from './export/validateFeedbackReview.js';
export * from './suggestions/diffLineRegions.js';
export * from './suggestions/deriveSuggestionHunks.js';
export * from './suggestions/mapSelectionAnchor.js';
export * from './suggestions/reanchorAnnotations.js';
export * from './apply/planApply.js';
export * from './diff/formatUnifiedDiff.js';
export * from './diff/splitPatchSections.js';
export * from './diff/fileClassification.js';
export * from './diff/fileTree.js';
export * from './diff/countChangedLines.js';
