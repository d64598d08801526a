/**
 * The findings `redline annotate` posts, read from `unknown` once, at the
 * edge's request: `{ "findings": [ … ] }` (or the bare list). Every problem
 * names its field (`findings[2].lines.start: expected a positive integer,
 * got 0`), and any problem refuses the whole post: nothing is half posted.
 */
import { FieldReader, type FieldProblem, type Unchecked } from '../export/fieldReader.js';
import { repoPathProblem } from '../safety/repoPathProblem.js';
import type { Side } from '../model/types.js';
import { FINDING_KINDS, MAX_FINDINGS, type Finding, type FindingLines, type ProposedReplacement } from './proposalTypes.js';

export type FindingsResult = { ok: true; findings: Finding[] } | { ok: false; problems: FieldProblem[] };

const SIDES: readonly Side[] = ['old', 'new'];
const FIELDS = new Set<string>(['kind', 'path', 'side', 'lines', 'text', 'suggestion'] satisfies (keyof Unchecked<Finding>)[]);

export function validateFindings(value: unknown): FindingsResult {
  const reader = new FieldReader();
  const list = findingsList(reader, value);
  if (!list) return { ok: false, problems: reader.problems };
  if (list.length > MAX_FINDINGS) return { ok: false, problems: [{ field: 'findings', problem: `${list.length} findings; at most ${MAX_FINDINGS} in one post` }] };
  const findings = list.map((item, index) => readFinding(reader, item, `findings[${index}]`));
  if (reader.problems.length > 0) return { ok: false, problems: reader.problems };
  return { ok: true, findings: findings.filter((finding): finding is Finding => finding !== undefined) };
}

function findingsList(reader: FieldReader, value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  const top = reader.object(value, '');
  if (!top) return undefined;
  if (Array.isArray(top.findings)) return top.findings;
  return reader.fail('findings', 'expected a list of findings');
}

function readFinding(reader: FieldReader, value: unknown, field: string): Finding | undefined {
  const obj = reader.object<Finding>(value, field);
  if (!obj) return undefined;
  const unknownKey = Object.keys(obj).find((key) => !FIELDS.has(key));
  if (unknownKey !== undefined) return reader.fail(`${field}.${unknownKey}`, `unknown field (expected ${[...FIELDS].join(', ')})`);
  const kind = reader.oneOf(obj, 'kind', `${field}.kind`, FINDING_KINDS);
  const path = readPath(reader, obj.path, `${field}.path`);
  const side = reader.oneOf(obj, 'side', `${field}.side`, SIDES);
  const lines = readLines(reader, obj.lines, `${field}.lines`);
  const text = reader.string(obj, 'text', `${field}.text`);
  const suggestion = obj.suggestion === undefined || obj.suggestion === null ? null : readReplacement(reader, obj.suggestion, `${field}.suggestion`);
  if (kind === undefined || path === undefined || side === undefined || lines === undefined || text === undefined || suggestion === undefined) return undefined;
  if (suggestion === null) {
    if (text.trim() === '') return reader.fail(`${field}.text`, 'expected words (only a finding with a suggestion may have none)');
    return { kind, path, side, lines, text, suggestion: null };
  }
  if (side !== 'new') return reader.fail(`${field}.side`, 'a suggestion replaces new-side lines: expected "new"');
  return { kind, path, side, lines, text, suggestion };
}

/** A repository path, as a finding or a tour step names it. */
export function readPath(reader: FieldReader, value: unknown, field: string): string | undefined {
  if (typeof value !== 'string') return reader.fail(field, 'expected a repository path');
  const problem = repoPathProblem(value);
  return problem === null ? value : reader.fail(field, `not a plain repository path (${problem.why})`);
}

/** `{ start, end }`, 1-based and inclusive, as a finding or a tour step names lines. */
export function readLines(reader: FieldReader, value: unknown, field: string): FindingLines | undefined {
  const obj = reader.object<FindingLines>(value, field);
  if (!obj) return undefined;
  const start = reader.integer(obj, 'start', `${field}.start`, 1);
  const end = reader.integer(obj, 'end', `${field}.end`, 1);
  if (start === undefined || end === undefined) return undefined;
  if (end < start) return reader.fail(`${field}.end`, `expected at least start (${start}), got ${end}`);
  return { start, end };
}

function readReplacement(reader: FieldReader, value: unknown, field: string): ProposedReplacement | undefined {
  const obj = reader.object<ProposedReplacement>(value, field);
  if (!obj) return undefined;
  const original = reader.string(obj, 'original', `${field}.original`);
  const replacement = reader.string(obj, 'replacement', `${field}.replacement`);
  if (original === undefined || replacement === undefined) return undefined;
  return { original, replacement };
}
