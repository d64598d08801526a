/** Checks a draft's unsent comment or suggestion (draft version 2's `composer`). */
import { LABEL_KINDS, type CommentLabel, type UnsentComposer, type UnsentTarget } from '@redline/core';
import { invalid, readObject, readOneOf, readString, type JsonObject } from '../validation/fields.js';

type LineTarget = Extract<UnsentTarget, { scope: 'line' }>;

export function readUnsentComposer(value: unknown, path: string): UnsentComposer {
  const body = readObject(value, path);
  const kind = readOneOf(body, 'kind', path, ['comment', 'suggestion'] as const);
  const text = readString(body, 'text', path);
  const editingId = readNullableString(body, 'editingId', path);
  const label = readLabel(body.label, `${path}.label`);
  if (kind === 'comment') return { kind, target: readTarget(body.target, `${path}.target`), text, editingId, ...label };
  const target = readTarget(body.target, `${path}.target`);
  if (target.scope !== 'line') throw invalid(`${path}.target.scope`, "'line' for a suggestion", target.scope);
  if (typeof body.deletion !== 'boolean') throw invalid(`${path}.deletion`, 'a boolean', body.deletion);
  return {
    kind,
    target,
    text,
    originalCode: readString(body, 'originalCode', path),
    suggestedCode: readString(body, 'suggestedCode', path),
    deletion: body.deletion,
    revision: readNullableString(body, 'revision', path),
    editingId,
    ...label,
  };
}

/** The form's label (docs/feedback-format.md, "Labels"): absent or null for none, else a kind of the core's `LABEL_KINDS` and a boolean. */
function readLabel(value: unknown, path: string): { label?: CommentLabel } {
  if (value === undefined || value === null) return {};
  const body = readObject(value, path);
  const kind = readOneOf(body, 'kind', path, LABEL_KINDS);
  if (typeof body.blocking !== 'boolean') throw invalid(`${path}.blocking`, 'a boolean', body.blocking);
  return { label: { kind, blocking: body.blocking } };
}

function readTarget(value: unknown, path: string): UnsentTarget {
  const body = readObject(value, path);
  const scope = readOneOf(body, 'scope', path, ['general', 'file', 'line'] as const);
  if (scope === 'general') return { scope };
  const file = readString(body, 'path', path);
  if (scope === 'file') return { scope, path: file };
  return readLines(body, path, file);
}

function readLines(body: JsonObject, path: string, file: string): LineTarget {
  const side = readOneOf(body, 'side', path, ['old', 'new'] as const);
  const startLine = readLineNumber(body, 'startLine', path);
  const endLine = readLineNumber(body, 'endLine', path);
  if (endLine < startLine) throw invalid(`${path}.endLine`, `a line at or after startLine ${startLine}`, endLine);
  return { scope: 'line', path: file, side, startLine, endLine };
}

function readLineNumber(body: JsonObject, key: string, path: string): number {
  const value = body[key];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) throw invalid(`${path}.${key}`, 'a line number (1 or more)', value);
  return value;
}

function readNullableString(body: JsonObject, key: string, path: string): string | null {
  return body[key] === null ? null : readString(body, key, path);
}
