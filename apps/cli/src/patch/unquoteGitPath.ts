/**
 * Git C-quotes a path in patch headers when it contains a double quote, a
 * backslash, a control character (or non-ASCII bytes, unless
 * core.quotepath=false): `"a/tab\there"`, `"a/caf\303\251"`. This reverses
 * that; unquoted input is returned unchanged.
 */
const SIMPLE_ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/** Reads one quoted string starting at `start` (which must be `"`); returns it and the index after the closing quote. */
export function readQuotedPath(text: string, start: number): { value: string; end: number } | null {
  if (text[start] !== '"') return null;
  const bytes: number[] = [];
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"') return { value: Buffer.from(bytes).toString('utf8'), end: i + 1 };
    if (ch === '\\') {
      const next = text[i + 1] ?? '';
      if (/[0-7]/.test(next)) {
        bytes.push(parseInt(text.slice(i + 1, i + 4), 8));
        i += 4;
        continue;
      }
      const code = SIMPLE_ESCAPES[next];
      if (code === undefined) return null;
      bytes.push(code);
      i += 2;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(i)!);
    bytes.push(...Buffer.from(char, 'utf8'));
    i += char.length;
  }
  return null;
}

export function unquoteGitPath(text: string): string {
  if (!text.startsWith('"')) return text;
  const quoted = readQuotedPath(text, 0);
  return quoted && quoted.end === text.length ? quoted.value : text;
}
