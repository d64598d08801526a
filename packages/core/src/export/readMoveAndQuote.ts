/**
 * The validator's reading of the two fields added within version 2: a renamed or
 * copied file's `similarity`, and a line comment's `quoted` lines (their
 * count must match the comment's range, and the file must exist on at least
 * one side). Kept beside validateFeedbackReview.ts, whose Reader it uses.
 */
import { codeToLines } from '../diff/lines.js';
import type { LineRange, QuotedLines } from '../model/types.js';
import type { Reader } from './validateFeedbackReview.js';

type Fields = Record<string, unknown>;

/** `files[i].similarity`: absent or null (unknown), or a percentage 0–100. */
export function readSimilarity(reader: Reader, obj: Fields, field: string): number | null | undefined {
  if (obj.similarity === undefined || obj.similarity === null) return null;
  const value = reader.integer(obj, 'similarity', field, 0);
  if (value !== undefined && value > 100) return reader.fail(field, `expected a percentage from 0 to 100, got ${value}`);
  return value;
}

/** `annotations[i].quoted`: absent, or the quoted lines of a line comment's range. */
export function readQuoted(reader: Reader, obj: Fields, at: string, lines: LineRange | undefined): QuotedLines | undefined {
  if (obj.quoted === undefined) return undefined;
  const quoted = reader.object(obj.quoted, `${at}.quoted`);
  if (!quoted) return undefined;
  const code = reader.string(quoted, 'code', `${at}.quoted.code`);
  const oldPath = readPathOrNull(reader, quoted, 'oldPath', `${at}.quoted.oldPath`);
  const newPath = readPathOrNull(reader, quoted, 'newPath', `${at}.quoted.newPath`);
  if (code === undefined || oldPath === undefined || newPath === undefined) return undefined;
  if (oldPath === null && newPath === null) return reader.fail(`${at}.quoted`, 'expected the path on at least one side, got null for both');
  const count = codeToLines(code, true).length;
  if (lines && count !== lines.endLine - lines.startLine + 1) {
    return reader.fail(`${at}.quoted.code`, `expected ${lines.endLine - lines.startLine + 1} lines (lines ${lines.startLine}-${lines.endLine}), got ${count}`);
  }
  return { code, oldPath, newPath };
}

function readPathOrNull(reader: Reader, obj: Fields, key: string, field: string): string | null | undefined {
  return obj[key] === null ? null : reader.string(obj, key, field, { nonEmpty: true });
}
