/**
 * A question's id, as a proposal's (proposals/proposalId.ts): the first ten
 * hex digits of sha256 over its fields joined by U+001F. When it was asked
 * is one of them, so the same words asked twice are two questions.
 */
import { sha256Hex } from '../safety/sha256.js';
import type { QuestionAnchor, QuestionAsk } from './questionTypes.js';

/** U+001F (unit separator): no path, line number or scope holds it, so fields never run together. */
const SEPARATOR = '\u001f';

export function questionId({ anchor, text }: QuestionAsk, askedAt: string): string {
  return sha256Hex([...anchorFields(anchor), text, askedAt].join(SEPARATOR)).slice(0, 10);
}

function anchorFields(anchor: QuestionAnchor): string[] {
  switch (anchor.scope) {
    case 'review':
      return [anchor.scope];
    case 'file':
      return [anchor.scope, anchor.path];
    case 'lines':
      return [anchor.scope, anchor.path, anchor.side, String(anchor.lines.start), String(anchor.lines.end)];
    case 'proposal':
      return [anchor.scope, anchor.proposalId];
  }
}
