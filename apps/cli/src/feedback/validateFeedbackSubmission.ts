/** Checks the body of POST /api/feedback: the verdict, the summary and every annotation. */
import { VERDICTS, type FeedbackSubmission } from '@redline/core';
import { readAnnotations, readObject, readOneOf, readString } from '../validation/fields.js';

export function validateFeedbackSubmission(value: unknown): FeedbackSubmission {
  const body = readObject(value, 'body');
  return {
    verdict: readOneOf(body, 'verdict', 'body', VERDICTS),
    summary: readString(body, 'summary', 'body'),
    annotations: readAnnotations(body, 'annotations', 'body'),
  };
}
