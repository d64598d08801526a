/**
 * Small readers for untrusted JSON bodies: each takes the value and the
 * field's path and either returns a typed value or throws a 'bad-request'
 * RedlineError naming that path. Annotations are checked by the core's
 * `validateAnnotations`, so the page, the export and `redline apply` share
 * one set of rules.
 */
import { formatFieldProblems, validateAnnotations, validateFixSets, type Annotation, type FixSet } from '@redline/core';
import { RedlineError } from '../errors.js';

export type JsonObject = Record<string, unknown>;

export function invalid(path: string, expectation: string, value: unknown): RedlineError {
  return new RedlineError('bad-request', `${path}: expected ${expectation}, got ${describe(value)}`);
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'object') return 'an object';
  return String(value);
}

export function readObject(value: unknown, path: string): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(path, 'an object', value);
  return value as JsonObject;
}

export function readString(object: JsonObject, key: string, path: string): string {
  const value = object[key];
  if (typeof value !== 'string') throw invalid(`${path}.${key}`, 'a string', value);
  return value;
}

export function readOneOf<T extends string>(object: JsonObject, key: string, path: string, options: readonly T[]): T {
  const value = object[key];
  if (typeof value !== 'string' || !(options as readonly string[]).includes(value)) {
    throw invalid(`${path}.${key}`, `one of ${options.map((option) => `'${option}'`).join(', ')}`, value);
  }
  return value as T;
}

/** The fix sets of a body over its annotations, checked by the core (unknown members, a set of one, a member in two sets): a 400 naming them. */
export function readFixSets(object: JsonObject, key: string, path: string, annotations: readonly Annotation[]): FixSet[] {
  const result = validateFixSets(object[key], annotations, `${path}.${key}`);
  if (result.ok) return result.fixSets;
  throw new RedlineError('bad-request', formatFieldProblems(result.problems) || `${path}.${key}: invalid`);
}

/** The annotations of a body, checked by the core; the error names the first bad fields and counts the rest. */
export function readAnnotations(object: JsonObject, key: string, path: string): Annotation[] {
  const result = validateAnnotations(object[key], `${path}.${key}`);
  if (result.ok) return result.annotations;
  throw new RedlineError('bad-request', formatFieldProblems(result.problems) || `${path}.${key}: invalid`);
}
