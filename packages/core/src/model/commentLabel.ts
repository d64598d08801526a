/**
 * Comment labels (the Conventional Comments convention): what kind of remark
 * an annotation is, and whether the agent must act on it before the change
 * can go in. One value on the annotation (`label`, model/types.ts), written
 * by both exports (docs/feedback-format.md, "Labels") and read back by the
 * validator.
 */

/** The kinds, in the order the composer offers them. */
export const LABEL_KINDS = ['question', 'suggestion', 'issue', 'nitpick', 'praise'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

/** A label: its kind, and whether it blocks (the reviewer may flip the kind's default). */
export interface CommentLabel {
  kind: LabelKind;
  blocking: boolean;
}

/** An `issue` blocks unless the reviewer says otherwise; every other kind does not. */
export function defaultBlocking(kind: LabelKind): boolean {
  return kind === 'issue';
}

/** A label with its kind's default blocking. */
export function labelOfKind(kind: LabelKind): CommentLabel {
  return { kind, blocking: defaultBlocking(kind) };
}

export function isLabelKind(value: unknown): value is LabelKind {
  return typeof value === 'string' && (LABEL_KINDS as readonly string[]).includes(value);
}

/** "blocking" or "non-blocking": the one spelling of the flag, in the chip and the markdown export. */
export function blockingWord(blocking: boolean): 'blocking' | 'non-blocking' {
  return blocking ? 'blocking' : 'non-blocking';
}

/** The card's chip: "nitpick · non-blocking". */
export function labelChipWords(label: CommentLabel): string {
  return `${label.kind} · ${blockingWord(label.blocking)}`;
}
