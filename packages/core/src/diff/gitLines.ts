/**
 * Git's line semantics, the ones behind every line number in a patch: only
 * LF ends a line, so a lone CR is content inside a line, and a CR before the
 * LF belongs to the line's terminator. A last line without LF is a line.
 *
 * Not to be confused with the file-text view in lines.ts (`splitText`,
 * `toLines`), where a lone CR also ends a line: that is how the applier and
 * the editor read a file's own line endings. Line numbers that came from git
 * (a hunk header, a patch row, a diff selection) index `gitLines`, never
 * `toLines`; the two differ exactly on files holding a lone CR.
 */

/**
 * Calls `visit` with each line, without its LF, and whether an LF ended it;
 * stops early when `visit` returns false (a patch section can be megabytes
 * long and a reader may want its first rows only).
 */
export function forEachGitLine(text: string, visit: (line: string, terminated: boolean) => boolean | void): void {
  let start = 0;
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl;
    if (visit(text.slice(start, end), nl !== -1) === false) return;
    start = end + 1;
  }
}

/** Each line with its '\n' kept (only the last may lack one): the lines a unified diff prints. */
export function splitGitLines(text: string): string[] {
  const lines: string[] = [];
  forEachGitLine(text, (line, terminated) => {
    lines.push(terminated ? line + '\n' : line);
  });
  return lines;
}

/** The lines as git numbers them, each without its LF and a CR before it: `gitLines(text)[n - 1]` is line n. */
export function gitLines(text: string): string[] {
  const lines: string[] = [];
  forEachGitLine(text, (line) => {
    lines.push(stripCr(line));
  });
  return lines;
}

/** A line without the CR of its CRLF. */
export function stripCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/**
 * Line `lineNumber` as an annotation quotes it: git shows a file's byte
 * order mark as the start of line 1, but the BOM is the file's, not the
 * line's (`splitText` keeps it apart and `redline apply` puts it back).
 * With it, a suggestion on line 1 of a BOM file disagreed with the file and
 * went out without a revision, which apply refuses.
 */
export function lineWithoutBom(line: string, lineNumber: number): string {
  return lineNumber === 1 && line.charCodeAt(0) === 0xfeff ? line.slice(1) : line;
}
