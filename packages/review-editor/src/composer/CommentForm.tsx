/** The comment form: markdown text (Write / Preview), Mod+Enter adds it, Esc cancels. */
import { useId } from 'react';
import { isModEnter } from '../navigation/shortcuts.js';
import { MarkdownTextField } from './MarkdownTextField.js';
import { LabelPicker, onLabelKey } from './LabelPicker.js';
import type { CommentLabel } from '@redline/core';

export interface CommentFormProps {
  /** "Line 12 (new)", "File comment", "General comment" */
  anchorLabel: string;
  text: string;
  error: string | null;
  editing: boolean;
  /** The Conventional Comments label picked, or null. */
  label: CommentLabel | null;
  onLabelChange(label: CommentLabel | null): void;
  /** Offer "Suggest change" (new-side lines only). */
  canSuggest: boolean;
  onChange(text: string): void;
  onSubmit(): void;
  onCancel(): void;
  onSuggest?(): void;
}

export function CommentForm(props: CommentFormProps) {
  const textId = useId();
  return (
    <form
      className="composer"
      aria-label={`Comment on ${props.anchorLabel}`}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
      onKeyDown={(event) => onLabelKey(event, props.label, props.onLabelChange)}
    >
      <label htmlFor={textId} className="composer-title">
        {props.editing ? 'Edit comment' : 'Comment'} <span className="muted">· {props.anchorLabel}</span>
      </label>
      <MarkdownTextField
        id={textId}
        rows={3}
        autoFocus
        placeholder="Leave a comment (markdown)"
        value={props.text}
        onChange={props.onChange}
        onKeyDown={(event) => {
          if (isModEnter(event)) {
            event.preventDefault();
            event.stopPropagation();
            props.onSubmit();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            props.onCancel();
          }
        }}
      />
      <LabelPicker label={props.label} onChange={props.onLabelChange} />
      {props.error ? (
        <p className="composer-error" role="alert">
          {props.error}
        </p>
      ) : null}
      <div className="composer-actions">
        {props.canSuggest && props.onSuggest ? (
          <button type="button" className="btn btn-small" onClick={props.onSuggest}>
            Suggest change
          </button>
        ) : null}
        <span className="spacer" />
        <button type="button" className="btn btn-small" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-small btn-primary">
          {props.editing ? 'Update comment' : 'Add comment'}
        </button>
      </div>
    </form>
  );
}
