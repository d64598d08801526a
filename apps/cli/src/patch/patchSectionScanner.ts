/**
 * Splits a git patch into its per-file sections while it streams in, and
 * counts what `git diff --numstat` would report for each: added and deleted
 * lines, and whether git called the file binary. So one `git diff` run gives
 * both the patch and the counts (a second `--numstat` run would diff every
 * file again).
 *
 * Only git's own output is fed here: every content line of a hunk starts
 * with ' ', '+', '-' or '\' (an empty line is an empty context line under
 * diff.suppressBlankEmpty), so a line starting `diff --git ` always opens a
 * new section, and `---`/`+++` lines are only headers before the first `@@`.
 */

export interface PatchSection {
  /** The section's `diff --git a/… b/…` line, without its newline. */
  header: string;
  additions: number;
  deletions: number;
  /** git printed `Binary files … differ` (or a binary patch) instead of hunks. */
  binary: boolean;
  /** The new side's blob id from the `index <old>..<new>` line; null without one (or for the null id). */
  newBlob: string | null;
  /** From a `new file mode` or `new mode` line. */
  newMode: string | null;
}

const PLUS = 0x2b;
const MINUS = 0x2d;
const INDEX_LINE = /^index ([0-9a-f]+)\.\.([0-9a-f]+)(?: \d{6})?$/;
const NEW_MODE_LINE = /^new (?:file )?mode (\d{6})$/;

export class PatchSectionScanner {
  readonly sections: PatchSection[] = [];
  /** Lines before the first `diff --git`: git writes none, so any means the text is not what we think. */
  strayLines = 0;
  private current: PatchSection | null = null;
  private inHunks = false;
  /** The start of a line whose end has not arrived yet. */
  private carry = '';

  /** Feeds the next piece of patch text (any split, even mid-line). */
  push(text: string): void {
    let start = 0;
    if (this.carry !== '') {
      // Finish the carried line on its own, so `text` is never copied into a joined string.
      const firstEnd = text.indexOf('\n') + 1;
      if (firstEnd === 0) {
        this.carry += text;
        return;
      }
      const line = this.carry + text.slice(0, firstEnd);
      this.carry = '';
      this.scan(line, 0, line.length);
      start = firstEnd;
    }
    const end = text.lastIndexOf('\n') + 1;
    if (end > start) this.scan(text, start, end);
    this.carry = text.slice(Math.max(start, end));
  }

  /** The sections, once the whole patch has been pushed. */
  end(): PatchSection[] {
    if (this.carry !== '') this.scan(this.carry + '\n', 0, this.carry.length + 1);
    this.carry = '';
    return this.sections;
  }

  /**
   * Scans whole lines, `data[start, end)` (`start` at a line start, `end`
   * just after a newline). Header lines are looked at one by one; a run of
   * hunk lines (up to the next `diff --git`) is counted with native
   * substring searches for "\n+" and "\n-", several times faster than
   * visiting its lines in JS.
   */
  private scan(data: string, start: number, end: number): void {
    const next = new NextOccurrence(data);
    let pos = start;
    while (pos < end) {
      const section = this.current;
      if (this.inHunks && section && !data.startsWith('diff --git ', pos)) {
        const header = next.after('\ndiff --git ', pos);
        const stop = header === -1 || header >= end ? end : header + 1;
        section.additions += (data.charCodeAt(pos) === PLUS ? 1 : 0) + next.countBetween('\n+', pos, stop - 1);
        section.deletions += (data.charCodeAt(pos) === MINUS ? 1 : 0) + next.countBetween('\n-', pos, stop - 1);
        pos = stop;
        continue;
      }
      const lineEnd = data.indexOf('\n', pos);
      this.headerLine(data.slice(pos, lineEnd));
      pos = lineEnd + 1;
    }
  }

  private headerLine(line: string): void {
    this.inHunks = false;
    if (line.startsWith('diff --git ')) {
      this.current = { header: line, additions: 0, deletions: 0, binary: false, newBlob: null, newMode: null };
      this.sections.push(this.current);
      return;
    }
    const section = this.current;
    if (!section) {
      this.strayLines++;
      return;
    }
    if (line.startsWith('@@ ')) {
      this.inHunks = true;
    } else if (line.startsWith('index ')) {
      const blob = INDEX_LINE.exec(line)?.[2];
      section.newBlob = blob && !/^0+$/.test(blob) ? blob : null;
    } else if (line.startsWith('new ')) {
      section.newMode = NEW_MODE_LINE.exec(line)?.[1] ?? section.newMode;
    } else if (line.startsWith('Binary files ') || line === 'GIT binary patch') {
      section.binary = true;
    }
  }
}

/** Next occurrences of a few needles in one string, searched forward once each (so a scan stays linear). */
class NextOccurrence {
  private readonly found = new Map<string, number>();

  constructor(private readonly data: string) {}

  /** The first index >= from where `needle` occurs, or -1. */
  after(needle: string, from: number): number {
    const known = this.found.get(needle);
    if (known !== undefined && (known === -1 || known >= from)) return known;
    const at = this.data.indexOf(needle, from);
    this.found.set(needle, at);
    return at;
  }

  /** How many times `needle` occurs starting in [from, to). */
  countBetween(needle: string, from: number, to: number): number {
    let count = 0;
    let at = this.after(needle, from);
    while (at !== -1 && at < to) {
      count++;
      at = this.after(needle, at + 1);
    }
    return count;
  }
}

/** Scans a whole patch at once. */
export function scanPatchSections(patch: string): { sections: PatchSection[]; strayLines: number } {
  const scanner = new PatchSectionScanner();
  scanner.push(patch);
  return { sections: scanner.end(), strayLines: scanner.strayLines };
}
