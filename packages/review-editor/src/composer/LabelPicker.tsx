/**
 * The comment form's label picker (Conventional Comments,
 * docs/feedback-format.md "Labels"): a row of toggle buttons, one per kind,
 * and a Blocking checkbox. Picking a kind sets its default (an issue blocks,
 * the others do not); picking the chosen kind again removes the label; the
 * checkbox flips blocking. In the form, Alt+1…Alt+5 pick the kinds in order
 * (`labelKeyKind`; no page shortcut uses Alt with a digit).
 */
import { LABEL_KINDS, labelOfKind, type CommentLabel, type LabelKind } from '@redline/core';
import { useId } from 'react';
import './labels.css';

export interface LabelPickerProps {
  label: CommentLabel | null;
  onChange(label: CommentLabel | null): void;
}

/** The label after picking `kind`: its default, or none when it was already the kind. */
export function pickLabelKind(current: CommentLabel | null, kind: LabelKind): CommentLabel | null {
  return current?.kind === kind ? null : labelOfKind(kind);
}

/** The kind Alt+1…Alt+5 pick in the form (by the physical key, since Alt+digit types a character on a Mac), or null. */
export function labelKeyKind(event: { altKey: boolean; ctrlKey: boolean; metaKey: boolean; code: string }): LabelKind | null {
  if (!event.altKey || event.ctrlKey || event.metaKey) return null;
  const digit = /^Digit([1-9])$/.exec(event.code);
  return digit ? (LABEL_KINDS[Number(digit[1]) - 1] ?? null) : null;
}

/** The form's key handler for Alt+1…Alt+5: picks the kind and returns true when the key was one. */
export function onLabelKey(event: React.KeyboardEvent, label: CommentLabel | null, onChange: (label: CommentLabel | null) => void): boolean {
  const kind = labelKeyKind(event);
  if (kind === null) return false;
  event.preventDefault();
  event.stopPropagation();
  onChange(pickLabelKind(label, kind));
  return true;
}

export function LabelPicker({ label, onChange }: LabelPickerProps) {
  const groupId = useId();
  return (
    <div className="label-picker">
      <span id={groupId} className="field-label">
        Label <span className="muted">(optional)</span>
      </span>
      <div role="group" aria-labelledby={groupId} className="label-picker-kinds">
        {LABEL_KINDS.map((kind, i) => (
          <button
            key={kind}
            type="button"
            className={`btn btn-small label-kind label-kind-${kind}`}
            aria-pressed={label?.kind === kind}
            aria-keyshortcuts={`Alt+${i + 1}`}
            title={`${kind} (Alt+${i + 1})`}
            onClick={() => onChange(pickLabelKind(label, kind))}
          >
            {kind}
          </button>
        ))}
      </div>
      <label className="label-picker-blocking">
        <input
          type="checkbox"
          checked={label?.blocking ?? false}
          disabled={label === null}
          onChange={(event) => label && onChange({ ...label, blocking: event.target.checked })}
        />
        Blocking
      </label>
    </div>
  );
}
