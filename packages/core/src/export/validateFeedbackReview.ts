/**
 * Checking an untrusted value (a parsed JSON export, an HTTP body, the
 * structure read back from a markdown export) field by field, and building a
 * clean `FeedbackReview` from it. Every problem is reported, each naming the
 * path of the bad field (`annotations[3].startLine: expected a positive
 * integer, got 0`). Unknown fields are ignored and dropped. The value is
 * read as `Unchecked<FeedbackJson>`, the shape the JSON writer returns
 * (feedbackJson.ts), so the two cannot drift apart.
 *
 * Beyond types, the rules that make a review unambiguous for an applier:
 * - `line` annotations have a side and a range; `file`/`general` ones have
 *   neither; general annotations have path '' and the others a path;
 * - a suggestion is a `line` annotation on the `new` side with `originalCode`
 *   and `suggestedCode`; `originalCode` holds exactly endLine - startLine + 1
 *   lines ('' is one empty line), except the insertion into an empty file
 *   (startLine 1, endLine 0, originalCode ''), the only empty range;
 * - `deletion: true` requires suggestedCode ''; an empty-file insertion is
 *   never a deletion;
 * - comments carry no suggestion fields; ids are unique.
 * Output is the resolved `Annotation` union (model/types.ts), canonical:
 * every suggestion has a boolean `deletion` and a `revision` (null when the
 * input had none, or null); `approximate` and `outdated` are present only
 * when true.
 */
import { codeToLines } from '../diff/lines.js';
import { isFingerprint } from '../model/isFingerprint.js';
import { fileMove } from '../model/fileMove.js';
import { FieldReader, describeValue, type FieldProblem, type Unchecked } from './fieldReader.js';
import type { AnnotationJson, CarriedJson, FeedbackJson, FileJson, QuotedLinesJson, SuggestionJson, TargetJson } from './feedbackJson.js';
import type {
  Annotation,
  AnnotationKind,
  AnnotationScope,
  CarriedSuggestion,
  FeedbackFile,
  FeedbackReview,
  FileStatus,
  QuotedLines,
  ReviewTarget,
  Side,
  Suggestion,
  TargetKind,
  Verdict,
} from '../model/types.js';
import type { LineSpan } from '../model/lineSpan.js';
import { fixSetProblems } from '../fixSets/fixSetProblems.js';
import { readExportFixSets } from './readFixSets.js';
import { compareAnnotations } from './normalizeFeedbackReview.js';
import { readLabel } from './readLabel.js';

export type ValidationResult =
  | { ok: true; review: FeedbackReview }
  | { ok: false; problems: FieldProblem[] };

export const VERDICTS: readonly Verdict[] = ['approve', 'request-changes', 'comment'];
export const TARGET_KINDS: readonly TargetKind[] = ['working-tree', 'staged', 'base', 'commit', 'range', 'patch'];
export const FILE_STATUSES: readonly FileStatus[] = ['added', 'modified', 'deleted', 'renamed', 'copied', 'type-changed'];
const KINDS: readonly AnnotationKind[] = ['comment', 'suggestion'];
const SCOPES: readonly AnnotationScope[] = ['line', 'file', 'general'];
const SIDES: readonly Side[] = ['old', 'new'];

const SUGGESTION_ONLY_FIELDS = ['originalCode', 'suggestedCode', 'deletion', 'revision'] as const satisfies readonly (keyof SuggestionJson)[];

export function validateFeedbackReview(value: unknown): ValidationResult {
  const reader = new FieldReader();
  const root = reader.object<FeedbackJson>(value, '');
  if (!root) return { ok: false, problems: reader.problems };

  const target = readTarget(reader, root.target);
  const verdict = reader.oneOf(root, 'verdict', 'verdict', VERDICTS);
  const summary = reader.string(root, 'summary', 'summary');
  const files = root.files === undefined ? undefined : readFiles(reader, root.files);
  const annotations = readAnnotations(reader, root.annotations, 'annotations');
  const carried = root.carried === undefined ? undefined : readCarried(reader, root.carried);
  const sets = root.fixSets === undefined ? undefined : readExportFixSets(reader, root.fixSets, (member, at) => readAnnotation(reader, member, at));

  if (reader.problems.length > 0 || !target || !verdict || summary === undefined || !annotations) {
    return { ok: false, problems: reader.problems };
  }
  // A set's members join the annotations (or the carried suggestions) in the one order, as if they had been listed there.
  const review: FeedbackReview = { target, verdict, summary, annotations: sets ? [...annotations, ...sets.members].sort(compareAnnotations) : annotations };
  if (files) review.files = files;
  const allCarried = sets ? [...(carried ?? []), ...sets.carried].sort((a, b) => a.round - b.round || compareAnnotations(a.suggestion, b.suggestion)) : (carried ?? []);
  if (allCarried.length > 0) review.carried = allCarried;
  if (sets && sets.fixSets.length > 0) review.fixSets = sets.fixSets;
  if (sets && sets.carriedSets.length > 0) review.carriedSets = sets.carriedSets;
  const problems = setProblems(review);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, review };
}

/** A set's member id shared with another annotation, and what `fixSetProblems` refuses, for this round's and the carried sets. */
function setProblems(review: FeedbackReview): FieldProblem[] {
  if (!review.fixSets && !review.carriedSets) return [];
  const problems: string[] = [];
  const carried = (review.carried ?? []).map((c) => c.suggestion);
  for (const list of [review.annotations, carried]) {
    const seen = new Set<string>();
    for (const a of list) {
      if (seen.has(a.id)) problems.push(`${describeValue(a.id)} is the id of a fix set member and of another annotation; ids must be unique`);
      seen.add(a.id);
    }
  }
  problems.push(...fixSetProblems(review.annotations, review.fixSets ?? []));
  problems.push(...fixSetProblems(carried, (review.carriedSets ?? []).map((c) => c.set)));
  return problems.map((problem) => ({ field: 'fixSets', problem }));
}

/** The suggestions of earlier rounds (docs/feedback-format.md, section 8): each a round and a suggestion with a known revision. */
function readCarried(reader: FieldReader, value: unknown): CarriedSuggestion[] | undefined {
  return reader.objects(value, 'carried', (obj: Unchecked<CarriedJson>, at): CarriedSuggestion | undefined => {
    const round = reader.integer(obj, 'round', `${at}.round`, 1);
    const a = readAnnotation(reader, obj.annotation, `${at}.annotation`);
    if (a?.kind === 'comment') return reader.fail(`${at}.annotation.kind`, 'a carried annotation is a suggestion, got "comment"');
    if (a?.revision === null) return reader.fail(`${at}.annotation.revision`, "a carried suggestion has the revision of its round's file");
    return a && round !== undefined ? { round, suggestion: a } : undefined;
  });
}

/** Validates an annotation list alone (for example the `annotations` of an HTTP submission). */
export function validateAnnotations(
  value: unknown,
  field = 'annotations',
): { ok: true; annotations: Annotation[] } | { ok: false; problems: FieldProblem[] } {
  const reader = new FieldReader();
  const annotations = readAnnotations(reader, value, field);
  if (reader.problems.length > 0 || !annotations) return { ok: false, problems: reader.problems };
  return { ok: true, annotations };
}

function readTarget(reader: FieldReader, value: unknown): ReviewTarget | undefined {
  const obj = reader.object<TargetJson>(value, 'target');
  if (!obj) return undefined;
  const kind = reader.oneOf(obj, 'kind', 'target.kind', TARGET_KINDS);
  const description = reader.string(obj, 'description', 'target.description');
  const baseCommit = reader.commit(obj, 'baseCommit', 'target.baseCommit');
  const headCommit = reader.commit(obj, 'headCommit', 'target.headCommit');
  if (!kind || description === undefined || baseCommit === undefined || headCommit === undefined) return undefined;
  return { kind, description, baseCommit, headCommit };
}

type FileEntry = FeedbackFile;

function readFiles(reader: FieldReader, value: unknown): FileEntry[] | undefined {
  return reader.objects(value, 'files', (obj: Unchecked<FileJson>, field): FileEntry | undefined => {
    const path = reader.string(obj, 'path', `${field}.path`, { nonEmpty: true });
    let oldPath: string | null | undefined = null;
    if (obj.oldPath !== null && obj.oldPath !== undefined) {
      oldPath = reader.string(obj, 'oldPath', `${field}.oldPath`, { nonEmpty: true });
    }
    const status = reader.oneOf(obj, 'status', `${field}.status`, FILE_STATUSES);
    const similarity = readSimilarity(reader, obj, `${field}.similarity`);
    const paired = obj.pairedByReviewer === undefined || obj.pairedByReviewer === true ? obj.pairedByReviewer === true : reader.fail(`${field}.pairedByReviewer`, 'expected true or nothing');
    if (path === undefined || oldPath === undefined || !status || similarity === undefined || paired === undefined) return undefined;
    const move = fileMove(status, oldPath, similarity);
    return move.oldPath !== null && paired ? { path, ...move, pairedByReviewer: true } : { path, ...move };
  });
}

function readAnnotations(reader: FieldReader, value: unknown, field: string): Annotation[] | undefined {
  const firstById = new Map<string, string>();
  return reader.objects(value, field, (obj: Unchecked<AnnotationJson>, at): Annotation | undefined => {
    const annotation = readAnnotation(reader, obj, at);
    if (!annotation) return undefined;
    const earlier = firstById.get(annotation.id);
    if (earlier !== undefined) return reader.fail(`${at}.id`, `${describeValue(annotation.id)} is also the id of ${earlier}; ids must be unique`);
    firstById.set(annotation.id, at);
    return annotation;
  });
}

function readAnnotation(reader: FieldReader, value: unknown, at: string): Annotation | undefined {
  const before = reader.problems.length;
  const obj = reader.object<AnnotationJson>(value, at);
  if (!obj) return undefined;

  const id = reader.string(obj, 'id', `${at}.id`, { nonEmpty: true });
  const kind = reader.oneOf(obj, 'kind', `${at}.kind`, KINDS);
  const scope = reader.oneOf(obj, 'scope', `${at}.scope`, SCOPES);
  const path = reader.string(obj, 'path', `${at}.path`);
  const text = reader.string(obj, 'text', `${at}.text`);
  const createdAt = reader.string(obj, 'createdAt', `${at}.createdAt`);
  const author = reader.string(obj, 'author', `${at}.author`, { optional: true });
  const proposal = reader.string(obj, 'proposal', `${at}.proposal`, { optional: true, nonEmpty: true });
  const highlightedText = reader.string(obj, 'highlightedText', `${at}.highlightedText`, { optional: true });
  const anchorSnippet = reader.string(obj, 'anchorSnippet', `${at}.anchorSnippet`, { optional: true });
  const approximate = reader.boolean(obj, 'approximate', `${at}.approximate`);
  const outdated = reader.boolean(obj, 'outdated', `${at}.outdated`);
  const label = readLabel(reader, obj, at);
  if (id === undefined || !kind || !scope || path === undefined || text === undefined || createdAt === undefined) {
    return undefined;
  }

  if (scope === 'general' && path !== '') reader.fail(`${at}.path`, `a general annotation has path "", got ${describeValue(path)}`);
  if (scope !== 'general' && path === '') reader.fail(`${at}.path`, `a ${scope} annotation needs the path of its file`);

  const { range, code } = readAnchorAndCode(reader, obj, at, kind, scope);
  const quoted = readQuoted(reader, obj, at, range?.lines);
  if (quoted && (scope !== 'line' || kind !== 'comment')) reader.fail(`${at}.quoted`, 'only line comments quote their lines');
  if (reader.problems.length !== before) return undefined;

  const annotation = resolveAnnotation({ id, path, text, createdAt }, scope, range, code);
  if (!annotation) return undefined;
  if (highlightedText !== undefined) annotation.highlightedText = highlightedText;
  if (approximate === true) annotation.approximate = true;
  if (outdated === true) annotation.outdated = true;
  if (anchorSnippet !== undefined) annotation.anchorSnippet = anchorSnippet;
  if (author !== undefined) annotation.author = author;
  if (proposal !== undefined) annotation.proposal = proposal;
  if (label) annotation.label = label;
  if (quoted && annotation.kind === 'comment' && annotation.scope === 'line') annotation.quoted = quoted;
  return annotation;
}

/** The line range (line annotations only) and the code (suggestions only); refusing those fields anywhere else. */
function readAnchorAndCode(
  reader: FieldReader,
  obj: Unchecked<AnnotationJson>,
  at: string,
  kind: AnnotationKind,
  scope: AnnotationScope,
): { range: ReadRange | undefined; code: SuggestionCode | undefined } {
  let range: ReadRange | undefined;
  if (scope === 'line') {
    range = readRange(reader, obj, at, kind);
  } else {
    for (const key of ['side', 'startLine', 'endLine'] as const) {
      if (obj[key] !== undefined) reader.fail(`${at}.${key}`, `only line annotations have a ${key}; this one is ${scope}-scoped`);
    }
  }
  if (kind === 'suggestion') return { range, code: readSuggestion(reader, obj, at, scope, range) };
  for (const key of SUGGESTION_ONLY_FIELDS) {
    if (obj[key] !== undefined) reader.fail(`${at}.${key}`, 'only suggestions have this field; this annotation is a comment');
  }
  return { range, code: undefined };
}

interface ReadRange {
  side: Side | undefined;
  lines: LineSpan | undefined;
}

type SuggestionCode = Pick<Suggestion, 'originalCode' | 'suggestedCode' | 'deletion' | 'revision'>;

/** The resolved annotation, once every field has passed (undefined only if a check above missed a problem). */
function resolveAnnotation(
  common: { id: string; path: string; text: string; createdAt: string },
  scope: AnnotationScope,
  range: ReadRange | undefined,
  code: SuggestionCode | undefined,
): Annotation | undefined {
  const { id, path, text, createdAt } = common;
  if (scope === 'general') return code ? undefined : { id, kind: 'comment', scope, path: '', text, createdAt };
  if (scope === 'file') return code ? undefined : { id, kind: 'comment', scope, path, text, createdAt };
  if (!range?.side || !range.lines) return undefined;
  const { startLine, endLine } = range.lines;
  if (!code) return { id, kind: 'comment', scope, path, side: range.side, startLine, endLine, text, createdAt };
  if (range.side !== 'new') return undefined;
  return { id, kind: 'suggestion', scope, path, side: 'new', startLine, endLine, text, ...code, createdAt };
}

function readRange(reader: FieldReader, obj: Unchecked<AnnotationJson>, at: string, kind: AnnotationKind): ReadRange {
  const side = reader.oneOf(obj, 'side', `${at}.side`, SIDES);
  const startLine = reader.integer(obj, 'startLine', `${at}.startLine`, 1);
  const endLine = reader.integer(obj, 'endLine', `${at}.endLine`, 0);
  if (startLine === undefined || endLine === undefined) return { side, lines: undefined };
  const emptyFileInsertion = kind === 'suggestion' && startLine === 1 && endLine === 0;
  if (endLine < startLine && !emptyFileInsertion) {
    reader.fail(
      `${at}.endLine`,
      `expected an integer >= startLine (${startLine}), got ${endLine}` +
        (kind === 'comment' ? '' : ' (only an insertion into an empty file has startLine 1 and endLine 0)'),
    );
    return { side, lines: undefined };
  }
  return { side, lines: { startLine, endLine } };
}

function readSuggestion(
  reader: FieldReader,
  obj: Unchecked<AnnotationJson>,
  at: string,
  scope: AnnotationScope,
  range: ReadRange | undefined,
): SuggestionCode | undefined {
  if (scope !== 'line') {
    reader.fail(`${at}.scope`, `a suggestion is anchored to lines: expected "line", got ${describeValue(scope)}`);
  }
  if (range?.side === 'old') reader.fail(`${at}.side`, 'a suggestion is on the "new" side, got "old"');
  const originalCode = reader.string(obj, 'originalCode', `${at}.originalCode`);
  const suggestedCode = reader.string(obj, 'suggestedCode', `${at}.suggestedCode`);
  const deletion = reader.boolean(obj, 'deletion', `${at}.deletion`) ?? false;
  // Absent (the exports' "revision unknown") and null (the page's and the drafts' spelling of it) are the same.
  const revision = obj.revision === null ? undefined : reader.string(obj, 'revision', `${at}.revision`, { optional: true });
  if (revision !== undefined && !isFingerprint(revision)) {
    reader.fail(`${at}.revision`, `expected a sha256 (64 lowercase hex digits), got ${describeValue(revision)}`);
  }
  if (originalCode === undefined || suggestedCode === undefined) return undefined;
  if (deletion && suggestedCode !== '') {
    reader.fail(`${at}.suggestedCode`, `a deletion has suggestedCode "", got ${describeValue(suggestedCode)}`);
  }
  const code: SuggestionCode = { originalCode, suggestedCode, deletion, revision: revision ?? null };
  if (!range?.lines) return code;
  checkOriginalLines(reader, at, range.lines, code);
  return code;
}

/** `originalCode` holds exactly the range's lines; the empty-file insertion holds none and deletes nothing. */
function checkOriginalLines(reader: FieldReader, at: string, { startLine, endLine }: LineSpan, code: SuggestionCode): void {
  if (endLine === 0) {
    if (code.originalCode !== '') {
      reader.fail(`${at}.originalCode`, `an insertion into an empty file (lines 1-0) has originalCode "", got ${describeValue(code.originalCode)}`);
    }
    if (code.deletion) reader.fail(`${at}.deletion`, 'an insertion into an empty file cannot be a deletion');
    return;
  }
  const expected = endLine - startLine + 1;
  const actual = codeToLines(code.originalCode, true).length;
  if (actual !== expected) {
    reader.fail(
      `${at}.originalCode`,
      `expected ${expected} line${expected === 1 ? '' : 's'} (lines ${startLine}-${endLine}), got ${actual}`,
    );
  }
}

/** `files[i].similarity` (a renamed or copied file's): absent or null (unknown), or a percentage 0–100. */
function readSimilarity(reader: FieldReader, obj: Unchecked<FileJson>, field: string): number | null | undefined {
  if (obj.similarity === undefined || obj.similarity === null) return null;
  const value = reader.integer(obj, 'similarity', field, 0);
  if (value !== undefined && value > 100) return reader.fail(field, `expected a percentage from 0 to 100, got ${value}`);
  return value;
}

/** `annotations[i].quoted`: absent, or the quoted lines of a line comment's range (as many lines, a path on at least one side). */
function readQuoted(reader: FieldReader, obj: Unchecked<AnnotationJson>, at: string, lines: LineSpan | undefined): QuotedLines | undefined {
  if (obj.quoted === undefined) return undefined;
  const quoted = reader.object<QuotedLinesJson>(obj.quoted, `${at}.quoted`);
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

function readPathOrNull(reader: FieldReader, obj: Unchecked<QuotedLinesJson>, key: 'oldPath' | 'newPath', field: string): string | null | undefined {
  return obj[key] === null ? null : reader.string(obj, key, field, { nonEmpty: true });
}
