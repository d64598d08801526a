/**
 * A proposal's id, as the proposals seed (003) has it: the first ten hex
 * digits of sha256 over its fields joined by U+001F. The same finding posted
 * twice on the same text has the same id, so the second post is a no-op;
 * the same words on text that has changed since are a new proposal.
 */
import { sha256Hex } from '../safety/sha256.js';
import type { Finding } from './proposalTypes.js';

/** U+001F (unit separator): no path, line number or kind holds it, so fields never run together. */
const SEPARATOR = '\u001f';

export function proposalId(finding: Finding, seen: string): string {
  const { kind, path, side, lines, text, suggestion } = finding;
  const fields = [kind, path, side, String(lines.start), String(lines.end), text, seen];
  // A finding with a replacement must not share an id with the same words without one.
  if (suggestion !== null) fields.push('replace', suggestion.replacement);
  return sha256Hex(fields.join(SEPARATOR)).slice(0, 10);
}
