/**
 * Text with its invisible and bidirectional characters made visible: each
 * one renders as a chip (`U+202E`) in place of the character, which is
 * never silently dropped (the chip's title names its kind).
 *
 * A text with more than MAX_CHIPS of them shows them as `\u{202E}` escapes
 * in plain text instead (the core's escapeUnsafeChars, as the first screen
 * and the export show them): a chip is an element, and 1 MiB of mixed bidi,
 * invisible and emoji text made 140,000 of them, 8.7 to 86 s before the
 * page showed it (bench/proposalsBench.mjs). Escaped, it is one text node.
 */
import { escapeUnsafeChars, formatCodePoint, unsafeCharKind, type UnsafeCharKind } from '@redline/core';
import type { ReactNode } from 'react';

const KIND_LABEL: Record<UnsafeCharKind, string> = {
  bidi: 'bidirectional control character',
  invisible: 'invisible character',
  variation: 'variation selector',
  tag: 'tag character',
  control: 'control character',
};

export function UnsafeChip({ codePoint, kind }: { codePoint: number; kind: UnsafeCharKind }) {
  const label = formatCodePoint(codePoint);
  return (
    <span className={`chip chip-unsafe chip-${kind}`} title={`${label}: ${KIND_LABEL[kind]}`}>
      {label}
    </span>
  );
}

/** The most chips one text is drawn with; past it, escapes. */
export const MAX_CHIPS = 1_000;

/** The characters TextWithChips draws as chips: the unsafe set, line ends and tabs kept as they are. */
function chipKind(ch: string, codePoint: number): UnsafeCharKind | null {
  return ch === '\n' || ch === '\t' || ch === '\r' ? null : unsafeCharKind(codePoint);
}

/** Whether `text` has more than MAX_CHIPS characters to show as chips (one pass, stopping there). */
export function hasTooManyChips(text: string): boolean {
  let count = 0;
  for (const ch of text) {
    if (chipKind(ch, ch.codePointAt(0)!) !== null && ++count > MAX_CHIPS) return true;
  }
  return false;
}

export function TextWithChips({ text }: { text: string }) {
  if (hasTooManyChips(text)) {
    return (
      <span className="escaped-unsafe" title="This text has too many invisible or bidirectional characters to show each as a chip: they are shown as \u{…} escapes">
        {escapeUnsafeChars(text)}
      </span>
    );
  }
  const out: ReactNode[] = [];
  let run = '';
  let key = 0;
  for (const ch of text) {
    const codePoint = ch.codePointAt(0)!;
    const kind = chipKind(ch, codePoint);
    if (kind === null) {
      run += ch;
      continue;
    }
    if (run) out.push(run);
    run = '';
    out.push(<UnsafeChip key={key++} codePoint={codePoint} kind={kind} />);
  }
  if (run) out.push(run);
  return <>{out}</>;
}

export function unsafeKindLabel(kind: UnsafeCharKind): string {
  return KIND_LABEL[kind];
}
