/** Checks a draft (the body of PUT /api/draft, or a file read back from disk). */
import { isFingerprint, VERDICTS, type DraftData } from '@redline/core';
import { invalid, readAnnotations, readFixSets, readObject, readOneOf, readString, type JsonObject } from '../validation/fields.js';
import { readUnsentComposer } from './readUnsentComposer.js';

/** The current format, version 2 (`fixSets`, the fix sets over its annotations, added within it: absent is none). */
export function validateDraft(value: unknown): DraftData {
  const body = readVersion(value, 2);
  const composer = body.composer === null ? null : readUnsentComposer(body.composer, 'body.composer');
  return { ...readDraftFields(body), composer };
}

/** Version 1 (redline 0.1 and 0.2): the same fields without the unsent composer, which it did not keep. */
export function validateDraftVersion1(value: unknown): DraftData {
  return { ...readDraftFields(readVersion(value, 1)), composer: null };
}

function readVersion(value: unknown, version: number): JsonObject {
  const body = readObject(value, 'body');
  if (body.version !== version) throw invalid('body.version', String(version), body.version);
  return body;
}

function readDraftFields(body: JsonObject): Omit<DraftData, 'composer'> {
  const fingerprint = readString(body, 'fingerprint', 'body');
  if (!isFingerprint(fingerprint)) throw invalid('body.fingerprint', '64 lowercase hex digits', fingerprint);
  const draft: Omit<DraftData, 'composer'> = {
    version: 2,
    fingerprint,
    annotations: readAnnotations(body, 'annotations', 'body'),
    viewed: readViewed(body.viewed),
    updatedAt: readString(body, 'updatedAt', 'body'),
  };
  if (body.verdict !== undefined) draft.verdict = readOneOf(body, 'verdict', 'body', VERDICTS);
  if (body.summary !== undefined) draft.summary = readString(body, 'summary', 'body');
  if (body.fixSets !== undefined) draft.fixSets = readFixSets(body, 'fixSets', 'body', draft.annotations);
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
