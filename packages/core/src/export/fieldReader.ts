/**
 * Reading an untrusted value (a parsed JSON export, an HTTP body, the agent's
 * findings) field by field, once, at the edge: every problem is collected,
 * each naming the path of the bad field (`annotations[3].startLine: expected
 * a positive integer, got 0`). An object is read as `Unchecked<T>` of the
 * shape it should have, so the keys read are the shape's keys: a field renamed
 * in the shape breaks its reader at compile time.
 */

export interface FieldProblem {
  /** Path of the bad field: `annotations[3].startLine`, `target.kind`, or '' for the whole value. */
  field: string;
  /** What is wrong, without the field path. */
  problem: string;
}

/** `annotations[3].startLine: expected a positive integer, got 0`. */
export function formatFieldProblem({ field, problem }: FieldProblem): string {
  return field === '' ? problem : `${field}: ${problem}`;
}

/**
 * The first `most` problems of a refused input, `; `-separated, then how
 * many more there are: enough for the writer (often an agent) to fix several
 * at once, short enough for one line. `''` for no problems.
 */
export function formatFieldProblems(problems: readonly FieldProblem[], most = 3): string {
  const shown = problems.slice(0, most).map(formatFieldProblem).join('; ');
  const rest = problems.length - Math.min(problems.length, most);
  return rest > 0 ? `${shown} (and ${rest} more problem${rest === 1 ? '' : 's'})` : shown;
}

/** Every key of every member of a union (`keyof` of a union has only the shared ones). */
type KeysOf<T> = T extends unknown ? keyof T : never;

/** An object not checked yet, read as `T`: `T`'s keys (of all its members), every value unknown until read. */
export type Unchecked<T> = { [K in KeysOf<T>]?: unknown };

/** Collects problems while reading one value. */
export class FieldReader {
  readonly problems: FieldProblem[] = [];

  fail(field: string, problem: string): undefined {
    this.problems.push({ field, problem });
    return undefined;
  }

  object<T = Record<string, unknown>>(value: unknown, field: string): Unchecked<T> | undefined {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Unchecked<T>;
    return this.fail(field, `expected an object, got ${describeValue(value)}`);
  }

  string<O extends object>(obj: O, key: keyof O & string, field: string, options: { optional?: boolean; nonEmpty?: boolean } = {}): string | undefined {
    const value: unknown = obj[key];
    if (value === undefined && options.optional) return undefined;
    if (typeof value !== 'string') return this.fail(field, `expected a string, got ${describeValue(value)}`);
    if (options.nonEmpty && value === '') return this.fail(field, 'expected a non-empty string');
    return value;
  }

  boolean<O extends object>(obj: O, key: keyof O & string, field: string): boolean | undefined {
    const value: unknown = obj[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean') return this.fail(field, `expected true or false, got ${describeValue(value)}`);
    return value;
  }

  oneOf<T extends string, O extends object>(obj: O, key: keyof O & string, field: string, allowed: readonly T[]): T | undefined {
    const value: unknown = obj[key];
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
    return this.fail(field, `expected one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}, got ${describeValue(value)}`);
  }

  /** An array of objects, each read as `Unchecked<T>` by `read` at `field[i]`; an item that fails is dropped (its problems are recorded). */
  objects<T, R>(value: unknown, field: string, read: (obj: Unchecked<T>, at: string) => R | undefined): R[] | undefined {
    if (!Array.isArray(value)) return this.fail(field, `expected an array, got ${describeValue(value)}`);
    return value.flatMap((item, i) => {
      const obj = this.object<T>(item, `${field}[${i}]`);
      const result = obj && read(obj, `${field}[${i}]`);
      return result === undefined ? [] : [result];
    });
  }

  integer<O extends object>(obj: O, key: keyof O & string, field: string, min: number): number | undefined {
    const value: unknown = obj[key];
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= min) return value;
    const expected = min === 1 ? 'a positive integer' : `an integer >= ${min}`;
    return this.fail(field, `expected ${expected}, got ${describeValue(value)}`);
  }

  commit<O extends object>(obj: O, key: keyof O & string, field: string): string | null | undefined {
    const value: unknown = obj[key];
    if (value === null) return null;
    if (typeof value === 'string' && COMMIT_RE.test(value)) return value;
    return this.fail(field, `expected null or a commit id (7 to 64 lowercase hex digits), got ${describeValue(value)}`);
  }
}

const COMMIT_RE = /^[0-9a-f]{7,64}$/;

/** A short, safe rendering of a bad value for an error message. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return quoteForMessage(value, 40);
  return String(value);
}

/**
 * A string quoted for an error message: shortened, and ASCII-only so that no
 * invisible or bidirectional character reaches a terminal through an error.
 */
export function quoteForMessage(text: string, maxLength = 60): string {
  const shown = text.length > maxLength ? text.slice(0, maxLength) + '…' : text;
  // JSON.stringify escapes control characters; escape the rest of the non-ASCII too.
  return JSON.stringify(shown).replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}
