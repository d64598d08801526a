/**
 * An annotation's `label` as the JSON form spells it (docs/feedback-format.md,
 * "Labels"): absent or null for none, else `{ kind, blocking }` with a kind of
 * `LABEL_KINDS` and a boolean. The one reader of a label from untrusted input:
 * the exports, the page's submission and the drafts all come through
 * `validateFeedbackReview`'s annotation reader.
 */
import { LABEL_KINDS, type CommentLabel } from '../model/commentLabel.js';
import type { AnnotationJson, CommentLabelJson } from './feedbackJson.js';
import { describeValue, type FieldReader, type Unchecked } from './fieldReader.js';

/** The label, null for none, or undefined after reporting a problem. */
export function readLabel(reader: FieldReader, obj: Unchecked<AnnotationJson>, at: string): CommentLabel | null | undefined {
  if (obj.label === undefined || obj.label === null) return null;
  const label = reader.object<CommentLabelJson>(obj.label, `${at}.label`);
  if (!label) return undefined;
  const kind = reader.oneOf(label, 'kind', `${at}.label.kind`, LABEL_KINDS);
  const blocking = typeof label.blocking === 'boolean' ? label.blocking : reader.fail(`${at}.label.blocking`, `expected true or false, got ${describeValue(label.blocking)}`);
  return kind !== undefined && blocking !== undefined ? { kind, blocking } : undefined;
}
