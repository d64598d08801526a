/**
 * The first new-side lines (context and additions) of one file's patch section, by git's lines: what
 * `isGeneratedFile` reads for a "generated" marker. The page's file list and the server's first screen both take
 * them from here, so they agree on which files are generated wherever the first screen is cut.
 */
import { GENERATED_MARKER_LINES } from './fileClassification.js';
import { forEachGitLine, stripCr } from './gitLines.js';

export function firstNewLines(section: string, count = GENERATED_MARKER_LINES): string[] {
  const lines: string[] = [];
  let inHunk = false;
  if (count <= 0) return lines;
  forEachGitLine(section, (line) => {
    if (line.startsWith('@@')) inHunk = true;
    else if (inHunk && (line.startsWith(' ') || line.startsWith('+'))) lines.push(stripCr(line.slice(1)));
    return lines.length < count; // nothing after the last one is read (a section can be megabytes long)
  });
  return lines;
}
