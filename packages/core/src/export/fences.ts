/**
 * Backtick fences and inline code spans that no content can break: the
 * delimiter is always longer than the longest run of backticks inside, so
 * code that itself contains fences (markdown, docs, tests of this module)
 * can never close the block early.
 */

/** The length of the longest run of consecutive backticks in `text` (0 when there is none). */
export function longestBacktickRun(text: string): number {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 0x60) {
      run++;
      if (run > longest) longest = run;
    } else {
      run = 0;
    }
  }
  return longest;
}

/** The fence for a block holding `content`: backticks, max(3, longest run + 1) of them. */
export function fenceFor(content: string): string {
  return '`'.repeat(Math.max(3, longestBacktickRun(content) + 1));
}

/**
 * A fenced block: the opening fence with its info string, the content's lines
 * exactly as they are, and the closing fence. `content` is LF-joined lines
 * without a trailing newline, so `''` is one empty line.
 */
export function fencedBlock(content: string, info = ''): string {
  if (/[`\s]/.test(info)) throw new Error(`fence info string ${JSON.stringify(info)} contains a backtick or whitespace`);
  const fence = fenceFor(content);
  return `${fence}${info}\n${content}\n${fence}`;
}

/** The delimiter for an inline code span holding `content`: longest run + 1 backticks (at least one). */
export function codeSpanDelimiter(content: string): string {
  return '`'.repeat(longestBacktickRun(content) + 1);
}

/**
 * An inline code span showing `content` literally (CommonMark): padded with one
 * space on each side when the content starts or ends with a backtick, or
 * starts and ends with a space (a reader strips exactly one space from each
 * side in that case). `content` must not be empty or contain a line break.
 */
export function codeSpan(content: string): string {
  if (content === '' || /[\r\n]/.test(content)) {
    throw new Error(`a code span cannot hold ${JSON.stringify(content)}: it must be non-empty and on one line`);
  }
  const delimiter = codeSpanDelimiter(content);
  const pad = needsCodeSpanPadding(content) ? ' ' : '';
  return delimiter + pad + content + pad + delimiter;
}

function needsCodeSpanPadding(content: string): boolean {
  if (content.startsWith('`') || content.endsWith('`')) return true;
  return content.startsWith(' ') && content.endsWith(' ') && content.trim() !== '';
}

export interface CodeSpanMatch {
  content: string;
  /** Offset just after the closing delimiter. */
  end: number;
}

/**
 * Reads the code span that starts at `offset` of `text` (which must be a
 * backtick). Returns null when there is no closing delimiter of the same
 * length. The inverse of `codeSpan`.
 */
export function readCodeSpan(text: string, offset: number): CodeSpanMatch | null {
  let open = offset;
  while (text.charCodeAt(open) === 0x60) open++;
  const length = open - offset;
  if (length === 0) return null;
  for (let i = open; i < text.length; ) {
    if (text.charCodeAt(i) !== 0x60) {
      i++;
      continue;
    }
    let close = i;
    while (text.charCodeAt(close) === 0x60) close++;
    if (close - i === length) {
      let content = text.slice(open, i);
      if (content.length >= 2 && content.startsWith(' ') && content.endsWith(' ') && content.trim() !== '') {
        content = content.slice(1, -1);
      }
      return { content, end: close };
    }
    i = close;
  }
  return null;
}
