/** Checks a draft (the body of PUT /api/draft, or a file read back from disk). */
import { isFingerprint, VERDICTS, type DraftData } from '@redline/core';
import { invalid, readAnnotations, readObject, readOneOf, readString } from '../validation/fields.js';

export function validateDraft(value: unknown): DraftData {
  const body = readObject(value, 'body');
  if (body.version !== 1) throw invalid('body.version', '1', body.version);
  const fingerprint = readString(body, 'fingerprint', 'body');
  if (!isFingerprint(fingerprint)) throw invalid('body.fingerprint', '64 lowercase hex digits', fingerprint);
  const draft: DraftData = {
    version: 1,
    fingerprint,
    annotations: readAnnotations(body, 'annotations', 'body'),
    viewed: readViewed(body.viewed),
    updatedAt: readString(body, 'updatedAt', 'body'),
  };
  if (body.verdict !== undefined) draft.verdict = readOneOf(body, 'verdict', 'body', VERDICTS);
  if (body.summary !== undefined) draft.summary = readString(body, 'summary', 'body');
  return draft;
}

function readViewed(value: unknown): Record<string, string> {
  const entries = Object.entries(readObject(value, 'body.viewed'));
  for (const [path, fingerprint] of entries) {
    if (typeof fingerprint !== 'string') throw invalid(`body.viewed[${JSON.stringify(path)}]`, 'a string', fingerprint);
  }
  // fromEntries defines own properties, so a "__proto__" key stays a plain key.
  return Object.fromEntries(entries) as Record<string, string>;
}
