/**
 * A path as git prints it in patch headers (quote.c, quote_c_style): quoted
 * in double quotes, C-style, when it holds a control character, DEL, '"' or
 * '\' (`\t`, `\"`, `\\`, `\001`) and, with `core.quotepath` on (git's
 * default), any non-ASCII character too, written as the octal escapes of its
 * UTF-8 bytes. With quotepath off, non-ASCII characters stay as they are
 * (how redline reads patches: `git -c core.quotepath=false`).
 */
import { utf8Bytes } from '../safety/sha256.js';

export interface GitPathQuoting {
  /** git's `core.quotepath`: true escapes non-ASCII characters, false keeps them. */
  quotepath: boolean;
}

const C_ESCAPES: Record<string, string> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\v': '\\v',
  '\f': '\\f',
  '\r': '\\r',
  '"': '\\"',
  '\\': '\\\\',
};

const NEEDS_QUOTES_ASCII = /[\x00-\x1f"\\\x7f]/;
const NEEDS_QUOTES_ANY = /[\x00-\x1f"\\\x7f-\uffff]/;

export function quoteGitPath(name: string, { quotepath }: GitPathQuoting): string {
  if (!(quotepath ? NEEDS_QUOTES_ANY : NEEDS_QUOTES_ASCII).test(name)) return name;
  let out = '"';
  for (const char of name) {
    const escape = C_ESCAPES[char];
    const code = char.codePointAt(0)!;
    if (escape !== undefined) out += escape;
    else if (code < 0x20 || code === 0x7f) out += octal(code);
    else if (code < 0x80 || !quotepath) out += char;
    else for (const byte of utf8Bytes(char)) out += octal(byte);
  }
  return out + '"';
}

function octal(byte: number): string {
  return '\\' + byte.toString(8).padStart(3, '0');
}
