/** An annotation's Conventional Comments label as a chip: "nitpick · non-blocking" (the core's `labelChipWords`). */
import { labelChipWords, type CommentLabel } from '@redline/core';
import '../composer/labels.css';

export function LabelChip({ label }: { label: CommentLabel }) {
  return (
    <span className={`chip label-chip label-chip-${label.kind}${label.blocking ? ' label-chip-blocking' : ''}`} title="Label (Conventional Comments)">
      {labelChipWords(label)}
    </span>
  );
}
