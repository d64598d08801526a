/**
 * The core modules `redline apply` uses, in one place, so the edge names the
 * core's surface once (through the package, never by relative path).
 */
export { planApply, type ApplyPlan, type ApplyStatus, type PlanReasonCode, type LineSpan } from '@redline/core';
export { formatUnifiedDiff } from '@redline/core';
export { parseFeedback } from '@redline/core';
export type { Annotation, FeedbackReview, Suggestion } from '@redline/core';
