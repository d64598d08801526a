/**
 * Building, ordering and checking annotations. Pure functions over the core
 * `Annotation` type.
 */
import { compareFilePaths, suggestionId, type Annotation, type Comment, type LineComment, type Side, type Suggestion } from '@redline/core';

let counter = 0;

/** A unique id for a comment (suggestions derive theirs from their content). */
export function newCommentId(now = Date.now()): string {
  counter = (counter + 1) % 1_000_000;
  const random = Math.floor(Math.random() * 0x100000000).toString(16).padStart(8, '0');
  return `c-${now.toString(36)}-${counter.toString(36)}-${random}`;
}

/** A new comment: on the whole review, on a file, or on lines of one side. */
export type CommentInput =
  | { scope: 'general'; text: string }
  | { scope: 'file'; path: string; text: string }
  | {
      scope: 'line';
      path: string;
      side: Side;
      startLine: number;
      endLine: number;
      text: string;
      /** Made on an editor selection: the selected text. */
      highlightedText?: string;
      /** The anchor was mapped approximately (the selection touched the reviewer's edits). */
      approximate?: boolean;
    };

export function buildComment(input: CommentInput, now = new Date()): Comment {
  const common = { id: newCommentId(now.getTime()), kind: 'comment', text: input.text, createdAt: now.toISOString() } as const;
  if (input.scope === 'general') return { ...common, scope: 'general', path: '' };
  if (input.scope === 'file') return { ...common, scope: 'file', path: input.path };
  const annotation: LineComment = {
    ...common,
    scope: 'line',
    path: input.path,
    side: input.side,
    startLine: input.startLine,
    endLine: input.endLine,
  };
  if (input.highlightedText !== undefined) annotation.highlightedText = input.highlightedText;
  if (input.approximate) annotation.approximate = true;
  return annotation;
}

export interface SuggestionInput {
  path: string;
  startLine: number;
  endLine: number;
  originalCode: string;
  suggestedCode: string;
  deletion: boolean;
  text: string;
  revision?: string;
}

/** Suggestions are always on the new side; their id is `suggestionId` of their content. */
export function buildSuggestion(input: SuggestionInput, now = new Date()): Suggestion {
  const suggestedCode = input.deletion ? '' : input.suggestedCode;
  return {
    id: suggestionId({
      path: input.path,
      side: 'new',
      startLine: input.startLine,
      endLine: input.endLine,
      originalCode: input.originalCode,
      suggestedCode,
      deletion: input.deletion,
    }),
    kind: 'suggestion',
    scope: 'line',
    path: input.path,
    side: 'new',
    startLine: input.startLine,
    endLine: input.endLine,
    text: input.text,
    originalCode: input.originalCode,
    suggestedCode,
    deletion: input.deletion,
    revision: input.revision || null,
    createdAt: now.toISOString(),
  };
}

/** "Line 12 (new)", "Lines 3–5 (old)", "File comment", "General". */
export function describeAnchor(annotation: Annotation): string {
  if (annotation.scope === 'general') return 'General';
  if (annotation.scope === 'file') return 'File comment';
  const { startLine: start, endLine: end, side } = annotation;
  return start === end ? `Line ${start} (${side})` : `Lines ${start}–${end} (${side})`;
}

export interface AnnotationGroup {
  /** '' for general annotations. */
  path: string;
  annotations: Annotation[];
}

/**
 * General annotations first, then one group per file in diff order (files
 * not in the diff last), file comments before line annotations, lines in order.
 */
export function groupAnnotationsByFile(annotations: readonly Annotation[], fileOrder: readonly string[]): AnnotationGroup[] {
  const rank = new Map(fileOrder.map((path, i) => [path, i]));
  const groups = new Map<string, Annotation[]>();
  for (const a of annotations) {
    const key = a.scope === 'general' ? '' : a.path;
    const list = groups.get(key) ?? [];
    list.push(a);
    groups.set(key, list);
  }
  const fileRank = (path: string) => (path === '' ? -1 : (rank.get(path) ?? Number.MAX_SAFE_INTEGER));
  return [...groups.entries()]
    .sort(([a], [b]) => fileRank(a) - fileRank(b) || compareFilePaths(a, b))
    .map(([path, list]) => ({ path, annotations: [...list].sort(compareWithinFile) }));
}

function compareWithinFile(a: Annotation, b: Annotation): number {
  const scopeRank = (x: Annotation) => (x.scope === 'line' ? 1 : 0);
  return (
    scopeRank(a) - scopeRank(b) ||
    lineStart(a) - lineStart(b) ||
    (sideOf(a) === sideOf(b) ? 0 : sideOf(a) === 'old' ? -1 : 1) ||
    a.createdAt.localeCompare(b.createdAt)
  );
}

const lineStart = (a: Annotation) => (a.scope === 'line' ? a.startLine : 0);
const sideOf = (a: Annotation) => (a.scope === 'line' ? a.side : undefined);
