/** Checks the body of POST /api/feedback: the verdict, the summary, every annotation, and the optional reviewer, thread acts, viewed files, fix sets and the ask to publish. */
import { checkReviewerIdentity, REVIEWER_ACT_KINDS, VERDICTS, type FeedbackSubmission, type ThreadActInput } from '@redline/core';
import { invalid, readAnnotations, readFixSets, readObject, readOneOf, readString, type JsonObject } from '../validation/fields.js';

export function validateFeedbackSubmission(value: unknown): FeedbackSubmission {
  const body = readObject(value, 'body');
  const submission: FeedbackSubmission = {
    verdict: readOneOf(body, 'verdict', 'body', VERDICTS),
    summary: readString(body, 'summary', 'body'),
    annotations: readAnnotations(body, 'annotations', 'body'),
  };
  if (body.reviewer !== undefined) submission.reviewer = readReviewer(body);
  if (body.threadActs !== undefined) submission.threadActs = readThreadActs(body.threadActs);
  if (body.viewed !== undefined) submission.viewed = readViewed(body.viewed);
  if (body.fixSets !== undefined) submission.fixSets = readFixSets(body, 'fixSets', 'body', submission.annotations);
  if (body.publish !== undefined) {
    if (body.publish !== true) throw invalid('body.publish', 'true (or absent)', body.publish);
    submission.publish = true;
  }
  return submission;
}

/** The paths of the files marked viewed (repository paths, as the review lists them). */
function readViewed(value: unknown): string[] {
  if (!Array.isArray(value)) throw invalid('body.viewed', 'an array of paths', value);
  return value.map((item: unknown, i) => {
    if (typeof item !== 'string') throw invalid(`body.viewed[${i}]`, 'a path', item);
    return item;
  });
}

/** Typed by the reviewer, never inferred: one line without control or invisible characters (the core's rule). */
function readReviewer(body: JsonObject): string {
  const text = readString(body, 'reviewer', 'body');
  const checked = checkReviewerIdentity(text);
  if (!checked.ok) throw invalid('body.reviewer', `a reviewer name (this one ${checked.problem})`, text);
  return checked.reviewer;
}

function readThreadActs(value: unknown): ThreadActInput[] {
  if (!Array.isArray(value)) throw invalid('body.threadActs', 'an array', value);
  return value.map((item: unknown, i) => {
    const path = `body.threadActs[${i}]`;
    const act = readObject(item, path);
    return { thread: readString(act, 'thread', path), act: readOneOf(act, 'act', path, REVIEWER_ACT_KINDS), text: readString(act, 'text', path) };
  });
}
