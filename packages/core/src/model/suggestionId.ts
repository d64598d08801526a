/**
 * A suggestion's id is derived from its content, so the same suggestion made
 * twice (or sent twice) has the same id and duplicates collapse, and a reader
 * of the export can recompute it to check that the code it received is the
 * code the reviewer wrote.
 */
import { sha256Hex } from '../safety/sha256.js';
import type { LineSpan } from './lineSpan.js';
import type { Side } from './types.js';

export interface SuggestionContent extends LineSpan {
  path: string;
  side: Side;
  originalCode: string;
  suggestedCode: string;
  /**
   * A deletion has suggestedCode '' like a replacement by one empty line; the
   * two must not share an id (collapsing them would turn one into the other),
   * so a deletion adds a seventh field, `delete`.
   */
  deletion?: boolean;
}

/** U+001F (unit separator): cannot be confused with anything a path or a line number holds. */
const SEPARATOR = '\u001f';

/**
 * The first 12 hex digits of sha256 over path, side, startLine, endLine
 * (decimal), originalCode and suggestedCode joined by U+001F, plus a final
 * `delete` field for a deletion.
 */
export function suggestionId(suggestion: SuggestionContent): string {
  const { path, side, startLine, endLine, originalCode, suggestedCode, deletion } = suggestion;
  const fields = [path, side, String(startLine), String(endLine), originalCode, suggestedCode];
  if (deletion === true) fields.push('delete');
  return sha256Hex(fields.join(SEPARATOR)).slice(0, 12);
}
