/**
 * Git's C-style quoting of a path in patch headers, as git prints it with
 * `core.quotepath=false` (quote.c, quote_c_style): a name is quoted when it
 * holds a control character, DEL, `"` or `\`; inside the quotes those are
 * escaped (`\t`, `\"`, `\\`, `\001`), and all other bytes, non-ASCII ones
 * included, stay as they are. The inverse of unquoteGitPath.
 */
const LETTER_ESCAPES: Record<number, string> = { 7: 'a', 8: 'b', 9: 't', 10: 'n', 11: 'v', 12: 'f', 13: 'r', 34: '"', 92: '\\' };

function needsQuoting(code: number): boolean {
  return code < 0x20 || code === 0x22 || code === 0x5c || code === 0x7f;
}

export function quoteGitPath(name: string): string {
  let quote = false;
  for (let i = 0; i < name.length; i++) {
    if (needsQuoting(name.charCodeAt(i))) {
      quote = true;
      break;
    }
  }
  if (!quote) return name;
  let out = '"';
  for (const ch of name) {
    const code = ch.charCodeAt(0);
    if (!needsQuoting(code)) {
      out += ch;
      continue;
    }
    const letter = LETTER_ESCAPES[code];
    out += letter !== undefined ? `\\${letter}` : `\\${code.toString(8).padStart(3, '0')}`;
  }
  return out + '"';
}

/** The `diff --git` line git writes for a file pair (paths exactly as in `--raw -z`). */
export function gitDiffHeader(oldPath: string, newPath: string): string {
  return `diff --git ${quoteGitPath(`a/${oldPath}`)} ${quoteGitPath(`b/${newPath}`)}`;
}
