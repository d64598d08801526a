/**
 * The suggestion editor: the selected new-side lines, prefilled, to rewrite.
 * Emptying them is ambiguous (delete the lines, or leave one empty line?),
 * so deleting is its own deliberate choice: "Delete these lines".
 */
import { useId } from 'react';
import { isModEnter } from '../navigation/shortcuts.js';
import { SuggestionDiff } from '../annotations/SuggestionDiff.js';
import { MarkdownTextField } from './MarkdownTextField.js';
import { LabelPicker, onLabelKey } from './LabelPicker.js';
import type { CommentLabel } from '@redline/core';

export interface SuggestionEditorProps {
  /** "Lines 3–5" */
  anchorLabel: string;
  originalCode: string;
  suggestedCode: string;
  deletion: boolean;
  text: string;
  error: string | null;
  askEmptySuggestion: boolean;
  /** Other suggestions on overlapping lines (their anchors). */
  overlapsWith: string[];
  editing: boolean;
  /** The Conventional Comments label picked, or null. */
  label: CommentLabel | null;
  onLabelChange(label: CommentLabel | null): void;
  onChange(patch: { suggestedCode?: string; deletion?: boolean; text?: string }): void;
  onSubmit(choice?: 'delete' | 'empty-line'): void;
  onCancel(): void;
}

export function SuggestionEditor(props: SuggestionEditorProps) {
  const codeId = useId();
  const textId = useId();
  const lineCount = props.originalCode.split('\n').length;
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (isModEnter(event)) {
      event.preventDefault();
      event.stopPropagation();
      props.onSubmit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      props.onCancel();
    }
  };
  return (
    <form
      className="composer composer-suggestion"
      aria-label={`Suggest change on ${props.anchorLabel}`}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
      onKeyDown={(event) => onLabelKey(event, props.label, props.onLabelChange)}
    >
      <div className="composer-title">
        Suggest change <span className="muted">· {props.anchorLabel}</span>
      </div>
      {props.deletion ? (
        <div className="suggestion-deleting">
          <SuggestionDiff originalCode={props.originalCode} suggestedCode="" deletion />
          <button type="button" className="btn btn-small" onClick={() => props.onChange({ deletion: false })}>
            Keep these lines
          </button>
        </div>
      ) : (
        <>
          <label htmlFor={codeId} className="field-label">
            Suggested code
          </label>
          <textarea
            id={codeId}
            className="code-input"
            spellCheck={false}
            autoFocus
            rows={Math.min(16, Math.max(3, lineCount + 1))}
            value={props.suggestedCode}
            onChange={(event) => props.onChange({ suggestedCode: event.target.value })}
            onKeyDown={onKeyDown}
          />
        </>
      )}
      <label htmlFor={textId} className="field-label">
        Comment <span className="muted">(optional, markdown)</span>
      </label>
      <MarkdownTextField id={textId} rows={2} value={props.text} onChange={(text) => props.onChange({ text })} onKeyDown={onKeyDown} />
      <LabelPicker label={props.label} onChange={props.onLabelChange} />
      {props.overlapsWith.length > 0 ? (
        <p className="composer-warning" role="note">
          Overlaps another suggestion on {props.overlapsWith.join(', ')}: the agent cannot apply both.
        </p>
      ) : null}
      {props.askEmptySuggestion ? (
        <div className="composer-question" role="alert">
          <p>The suggestion is empty. Delete these lines, or replace them with one empty line?</p>
          <button type="button" className="btn btn-danger btn-small" onClick={() => props.onSubmit('delete')}>
            Delete these lines
          </button>
          <button type="button" className="btn btn-small" onClick={() => props.onSubmit('empty-line')}>
            Replace with one empty line
          </button>
        </div>
      ) : props.error ? (
        <p className="composer-error" role="alert">
          {props.error}
        </p>
      ) : null}
      <div className="composer-actions">
        {!props.deletion && !props.askEmptySuggestion ? (
          <button type="button" className="btn btn-small btn-quiet" onClick={() => props.onChange({ deletion: true })}>
            Delete these lines
          </button>
        ) : null}
        <span className="spacer" />
        <button type="button" className="btn btn-small" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-small btn-primary">
          {props.editing ? 'Update suggestion' : 'Add suggestion'}
        </button>
      </div>
    </form>
  );
}
