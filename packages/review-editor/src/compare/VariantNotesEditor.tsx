/**
 * A variant's own notes, kept apart from every other variant's: its verdict
 * (Keep, Discard, not decided), the comment being written on one of its
 * lines, and its comments with Remove. Each change puts the variant's notes
 * whole (PUT /api/compare/notes).
 */
import { useState } from 'react';
import type { CompareVariantData, DiffRow, VariantComment, VariantVerdict } from '@redline/core';
import { useCompareService } from './compareContext.js';

const VERDICTS = [
  ['undecided', 'Not decided'],
  ['keep', 'Keep'],
  ['discard', 'Discard'],
] as const satisfies readonly (readonly [VariantVerdict, string])[];

export function VerdictChoice({ variant }: { variant: CompareVariantData }) {
  const service = useCompareService();
  return (
    <select aria-label={`Verdict on ${variant.id}`} value={variant.notes.verdict} onChange={(event) => void service.setNotes(variant.id, { ...variant.notes, verdict: event.target.value as VariantVerdict })}>
      {VERDICTS.map(([value, words]) => (
        <option key={value} value={value}>
          {words}
        </option>
      ))}
    </select>
  );
}

/** The line a comment is being written on: the variant's file, its side and line, and the line's text. */
export function commentTarget(path: string, row: DiffRow): Omit<VariantComment, 'text'> {
  return row.newLine === null ? { path, side: 'old', line: row.oldLine!, code: row.text } : { path, side: 'new', line: row.newLine, code: row.text };
}

export function CommentForm({ variant, target, onDone }: { variant: CompareVariantData; target: Omit<VariantComment, 'text'>; onDone: () => void }) {
  const service = useCompareService();
  const [text, setText] = useState('');
  const add = () => {
    if (text.trim() === '') return;
    void service.setNotes(variant.id, { ...variant.notes, comments: [...variant.notes.comments, { ...target, text }] });
    onDone();
  };
  return (
    <div className="compare-comment-form">
      <label>
        {`Comment on ${variant.id}'s ${target.side === 'new' ? 'line' : 'old line'} ${target.line} of ${target.path}`}
        <textarea
          value={text}
          rows={3}
          autoFocus
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) add();
            if (event.key === 'Escape') {
              event.preventDefault();
              onDone();
            }
          }}
        />
      </label>
      <div className="compare-comment-actions">
        <button type="button" className="btn btn-small" onClick={onDone}>
          Cancel
        </button>
        <button type="button" className="btn btn-small btn-primary" disabled={text.trim() === ''} onClick={add}>
          Add comment
        </button>
      </div>
    </div>
  );
}

export function VariantComments({ variant, path }: { variant: CompareVariantData; path: string }) {
  const service = useCompareService();
  const comments = variant.notes.comments.filter((c) => c.path === path);
  if (comments.length === 0) return null;
  const remove = (gone: VariantComment) => void service.setNotes(variant.id, { ...variant.notes, comments: variant.notes.comments.filter((c) => c !== gone) });
  return (
    <ul className="compare-comments" aria-label={`${variant.id}'s comments on ${path}`}>
      {comments.map((comment, i) => (
        <li key={i}>
          <span className="compare-comment-where">{comment.side === 'new' ? 'Line' : 'Old line'} {comment.line}</span>
          <span className="compare-comment-text">{comment.text}</span>
          <button type="button" className="btn btn-small" onClick={() => remove(comment)}>
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}
