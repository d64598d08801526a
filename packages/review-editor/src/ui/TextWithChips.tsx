/**
 * Text with its invisible and bidirectional characters made visible: each
 * one renders as a chip (`U+202E`) in place of the character, which is
 * never silently dropped (the chip's title names its kind).
 */
import { formatCodePoint, unsafeCharKind, type UnsafeCharKind } from '@redline/core';
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

export function TextWithChips({ text }: { text: string }) {
  const out: ReactNode[] = [];
  let run = '';
  let key = 0;
  for (const ch of text) {
    const codePoint = ch.codePointAt(0)!;
    const kind = ch === '\n' || ch === '\t' || ch === '\r' ? null : unsafeCharKind(codePoint);
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
