/** What the feedback parsers return: the review, or every problem found. */
import type { FeedbackReview } from '../model/types.js';

export interface FeedbackParseError {
  /** 1-based line of the text given to the parser, when the problem has one. */
  line?: number;
  message: string;
}

export type ParseResult =
  | { ok: true; format: 'markdown' | 'json'; review: FeedbackReview }
  | { ok: false; errors: FeedbackParseError[] };
