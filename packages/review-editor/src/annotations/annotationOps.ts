/**
 * Building, ordering and checking annotations. Pure functions over the core
 * `Annotation` type.
 */
import { compareFilePaths, suggestionId, type Annotation, type Side } from '@redline/core';

let counter = 0;

/** A unique id for a comment (suggestions derive theirs from their content). */
export function newCommentId(now = Date.now()): string {
  counter = (counter + 1) % 1_000_000;
  const random = Math.floor(Math.random() * 0x100000000).toString(16).padStart(8, '0');
  return `c-${now.toString(36)}-${counter.toString(36)}-${random}`;
}

export interface CommentInput {
  scope: 'line' | 'file' | 'general';
  path: string;
  side?: Side;
  startLine?: number;
  endLine?: number;
  text: string;
  /** Line comments made on an editor selection: the selected text. */
  highlightedText?: string;
  /** Line comments whose anchor was mapped approximately (the selection touched the reviewer's edits). */
  approximate?: boolean;
}

export function buildComment(input: CommentInput, now = new Date()): Annotation {
  const annotation: Annotation = {
    id: newCommentId(now.getTime()),
    kind: 'comment',
    scope: input.scope,
    path: input.scope === 'general' ? '' : input.path,
    text: input.text,
    createdAt: now.toISOString(),
  };
  if (input.scope === 'line') {
    annotation.side = input.side ?? 'new';
    annotation.startLine = input.startLine;
    annotation.endLine = input.endLine ?? input.startLine;
    if (input.highlightedText !== undefined) annotation.highlightedText = input.highlightedText;
    if (input.approximate) annotation.approximate = true;
  }
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
export function buildSuggestion(input: SuggestionInput, now = new Date()): Annotation {
  const suggestedCode = input.deletion ? '' : input.suggestedCode;
  const annotation: Annotation = {
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
    createdAt: now.toISOString(),
  };
  if (input.deletion) annotation.deletion = true;
  if (input.revision) annotation.revision = input.revision;
  return annotation;
}

/**
 * Suggestions whose line ranges overlap another suggestion on the same file:
 * applying both would conflict, so they are flagged in the UI and must be
 * resolved or explicitly confirmed before sending. Maps each involved id to
 * the ids it overlaps.
 */
export function findSuggestionOverlaps(annotations: readonly Annotation[]): Map<string, string[]> {
  const byPath = new Map<string, Annotation[]>();
  for (const a of annotations) {
    if (a.kind !== 'suggestion' || a.scope !== 'line' || a.startLine === undefined) continue;
    const list = byPath.get(a.path) ?? [];
    list.push(a);
    byPath.set(a.path, list);
  }
  const overlaps = new Map<string, string[]>();
  const link = (a: string, b: string) => overlaps.set(a, [...(overlaps.get(a) ?? []), b]);
  for (const list of byPath.values()) {
    list.sort((a, b) => a.startLine! - b.startLine!);
    for (let i = 0; i < list.length; i++) {
      const a = list[i]!;
      const aEnd = a.endLine ?? a.startLine!;
      for (let j = i + 1; j < list.length && list[j]!.startLine! <= aEnd; j++) {
        link(a.id, list[j]!.id);
        link(list[j]!.id, a.id);
      }
    }
  }
  return overlaps;
}

/** "Line 12 (new)", "Lines 3–5 (old)", "File comment", "General". */
export function describeAnchor(annotation: Annotation): string {
  if (annotation.scope === 'general') return 'General';
  if (annotation.scope === 'file') return 'File comment';
  const start = annotation.startLine ?? 0;
  const end = annotation.endLine ?? start;
  const side = annotation.side ?? 'new';
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
    (a.startLine ?? 0) - (b.startLine ?? 0) ||
    (a.side === b.side ? 0 : a.side === 'old' ? -1 : 1) ||
    a.createdAt.localeCompare(b.createdAt)
  );
}
