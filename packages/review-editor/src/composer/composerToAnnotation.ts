/**
 * The composer's rules: what a comment or suggestion form must hold before
 * it becomes an annotation, and the annotation it becomes. Pure: the slice
 * (composerSlice.ts) stores the outcome.
 */
import type { Annotation, CommentLabel } from '@redline/core';
import { buildComment, buildSuggestion } from '../annotations/annotationOps.js';
import type { Composer } from './composerSlice.js';

/** How to read an empty suggestion, once the reviewer has answered the question. */
export interface SubmitOptions {
  emptySuggestion?: 'delete' | 'empty-line';
}

/** The annotation, or what the form shows instead (a problem, or the empty-suggestion question). */
export type ComposerOutcome = { annotation: Annotation } | { error: string; askEmptySuggestion?: true };

export interface ComposerContext {
  /** The repository path of a file id. */
  pathOf(fileId: string): string;
  /** The annotation the form edits, if it edits one. */
  editing: Annotation | undefined;
}

export function composerToAnnotation(c: Composer, context: ComposerContext, options: SubmitOptions = {}): ComposerOutcome {
  const outcome = c.kind === 'comment' ? commentOutcome(c, context) : suggestionOutcome(c, context, options);
  return 'annotation' in outcome ? { annotation: withLabel(outcome.annotation, c.label) } : outcome;
}

/** The form's label on the annotation; none removes an edited annotation's. */
function withLabel(annotation: Annotation, label: CommentLabel | null): Annotation {
  const { label: _before, ...rest } = annotation;
  return label === null ? rest : { ...rest, label: { ...label } };
}

function commentOutcome(c: Composer, { pathOf, editing }: ComposerContext): ComposerOutcome {
  if (c.text.trim() === '') return { error: 'Write a comment first.' };
  if (editing) return { annotation: { ...editing, text: c.text } };
  const t = c.target;
  if (t.scope === 'general') return { annotation: buildComment({ scope: 'general', text: c.text }) };
  if (t.scope === 'file') return { annotation: buildComment({ scope: 'file', path: pathOf(t.fileId), text: c.text }) };
  const annotation = buildComment({
    scope: 'line',
    path: pathOf(t.fileId),
    side: t.side,
    startLine: t.startLine,
    endLine: t.endLine,
    text: c.text,
    ...(c.highlightedText !== undefined ? { highlightedText: c.highlightedText } : {}),
    ...(c.approximate ? { approximate: true } : {}),
  });
  return { annotation };
}

function suggestionOutcome(c: Composer, { pathOf, editing }: ComposerContext, options: SubmitOptions): ComposerOutcome {
  if (c.target.scope !== 'line') return { error: 'A suggestion needs lines.' };
  let deletion = c.deletion;
  if (!deletion && c.suggestedCode === '') {
    if (options.emptySuggestion === 'delete') deletion = true;
    else if (options.emptySuggestion !== 'empty-line')
      return { error: 'The suggestion is empty: delete these lines, or replace them with one empty line?', askEmptySuggestion: true };
  }
  if (!deletion && c.suggestedCode === c.originalCode && c.text.trim() === '') return { error: 'The suggested code is the same as the original.' };
  const annotation = buildSuggestion({
    path: pathOf(c.target.fileId),
    startLine: c.target.startLine,
    endLine: c.target.endLine,
    originalCode: c.originalCode,
    suggestedCode: c.suggestedCode,
    deletion,
    text: c.text,
    ...(c.revision ? { revision: c.revision } : {}),
  });
  return { annotation: editing ? { ...annotation, createdAt: editing.createdAt } : annotation };
}
