/**
 * Reads a feedback export in either form: JSON when its first non-whitespace
 * character is `{`, markdown otherwise. This is what `redline apply` calls.
 */
import { parseFeedbackJson } from './parseFeedbackJson.js';
import type { ParseResult } from './feedbackParseResult.js';
import { parseFeedbackMarkdown } from './parseFeedbackMarkdown.js';

export type { FeedbackParseError, ParseResult } from './feedbackParseResult.js';

export function detectFeedbackFormat(text: string): 'markdown' | 'json' {
  // A leading byte order mark is not content (\s includes U+FEFF).
  return /^\s*\{/.test(text) ? 'json' : 'markdown';
}

export function parseFeedback(text: string): ParseResult {
  return detectFeedbackFormat(text) === 'json' ? parseFeedbackJson(text) : parseFeedbackMarkdown(text);
}
