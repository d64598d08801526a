/**
 * A comment's one-line excerpt as plain words, for the sidebar's lists: the
 * first line with words, without its block marker (a heading's `#`, a
 * quote's `>`, a list item's bullet or number) and without the inline
 * markers a reader would not see in the card (code backticks, `**`/`*`/`__`
 * emphasis, a link's brackets and address). One pass over the line, no
 * regular expression: the text is the reviewer's or the agent's.
 */
export function markdownExcerpt(text: string): string {
  const line = firstLineWithWords(text);
  return inlineWords(withoutBlockMarker(line)).trim();
}

function firstLineWithWords(text: string): string {
  for (const line of text.split('\n')) {
    const bare = withoutBlockMarker(line).trim();
    if (bare !== '' && !isFence(bare)) return line;
  }
  return '';
}

function isFence(line: string): boolean {
  return line.startsWith('```') || line.startsWith('~~~');
}

/** Leading spaces, then any of: `#`s and a space, `>`s, a bullet (`-`, `*`, `+`) and a space, `1.`/`1)` and a space. */
function withoutBlockMarker(line: string): string {
  let rest = line.trimStart();
  for (;;) {
    const before = rest;
    if (rest.startsWith('>')) rest = rest.slice(1).trimStart();
    else if (rest.startsWith('#')) rest = afterRunAndSpace(rest, '#');
    else if ((rest.startsWith('- ') || rest.startsWith('* ') || rest.startsWith('+ '))) rest = rest.slice(2).trimStart();
    else rest = afterNumberMarker(rest);
    if (rest === before) return rest;
  }
}

function afterRunAndSpace(line: string, mark: string): string {
  let i = 0;
  while (line[i] === mark) i++;
  return line[i] === ' ' || i === line.length ? line.slice(i).trimStart() : line;
}

function afterNumberMarker(line: string): string {
  let i = 0;
  while (i < line.length && line[i]! >= '0' && line[i]! <= '9') i++;
  if (i === 0 || i > 9) return line;
  return (line[i] === '.' || line[i] === ')') && line[i + 1] === ' ' ? line.slice(i + 2).trimStart() : line;
}

/** Drops backticks, emphasis runs that touch a word (so `a * b` and `snake_case` stay), and turns `[text](address)` into `text`. */
function inlineWords(line: string): string {
  // Found once, so each bracket is looked at once: a search from `](` ends past what it scanned.
  const lastLinkStart = line.lastIndexOf('](');
  const lastClose = line.lastIndexOf(')');
  let out = '';
  let i = 0;
  while (i < line.length) {
    const ch = line[i]!;
    if (ch === '`') {
      i++;
      continue;
    }
    if (ch === '*' || ch === '_') {
      let end = i;
      while (line[end] === ch) end++;
      const before = line[i - 1];
      const after = line[end];
      const touchesWord = !isSpace(before) || !isSpace(after);
      const insideWord = ch === '_' && isWordChar(before) && isWordChar(after);
      if (touchesWord && !insideWord) {
        i = end;
        continue;
      }
      out += line.slice(i, end);
      i = end;
      continue;
    }
    if (ch === ']' && line[i + 1] === '(' && lastClose > i) {
      i = line.indexOf(')', i + 2) + 1;
      continue;
    }
    if (ch === '[' && i < lastLinkStart) {
      i++;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}

function isSpace(ch: string | undefined): boolean {
  return ch === undefined || ch === ' ' || ch === '\t';
}

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && /[\p{L}\p{N}]/u.test(ch);
}
