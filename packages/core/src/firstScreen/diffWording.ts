/**
 * The review's words about counts and collapsed diffs, shared by the page
 * (ReviewOverview, FileTree, Sidebar) and the server's first screen.
 */

/** "1 file changed", "12 files changed". */
export function changedFilesLabel(count: number): string {
  return `${countOf(count, 'file')} changed`;
}

/** "1 suggestion", "0 suggestions", "2 replies": the one plural rule of every count Redline prints. */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}

/**
 * "+12" / "−3" (U+2212, as GitHub prints it). `grouped`: "+1,234", for the
 * review's totals; a file's own counts are printed plain.
 */
export function signedCount(sign: '+' | '−', count: number, options: { grouped?: boolean } = {}): string {
  return `${sign}${options.grouped ? groupDigits(count) : String(count)}`;
}

/**
 * "1,234,567": what `toLocaleString('en')` prints for a whole number, without
 * it. The page's first call of `toLocaleString` loads the locale's number
 * data, about 30 ms of the app's first render on S (CPU profile of a cold
 * load); the review's counts are whole numbers and need none of it.
 */
export function groupDigits(count: number): string {
  if (!Number.isSafeInteger(count)) return count.toLocaleString('en');
  const digits = String(Math.abs(count));
  let out = count < 0 ? '-' : '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return out;
}

/** The separator where unchanged lines are left out. */
export function unmodifiedLinesLabel(count: number): string {
  return `${count} unmodified line${count === 1 ? '' : 's'}`;
}

/** A large file's diff waits behind the page's "Load diff" button (fileClassification's isLargeDiff). */
export function largeDiffNote(changedLines: number): string {
  return `Large diff (${groupDigits(changedLines)} changed lines) not shown until loaded.`;
}

/** The sidebar's tabs and filter. */
export const SIDEBAR_WORDS = { files: 'Files', comments: 'Comments', filter: 'Filter files' } as const;

/** The overview's button (the first screen holds its room, unseen, so the line wraps as the app's does). */
export const OVERVIEW_WORDS = { generalComment: 'Add general comment' } as const;
