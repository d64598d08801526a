/**
 * The markdown export's header items, read back: `- **Verdict:** …`,
 * `- **Target:** `kind` — description`, `- **Base commit:** `…``,
 * `- **Head commit:** `…``, each once.
 */
import { ITEM, TARGET_SEPARATOR, VERDICT_WORDS } from './feedbackMarkdownSyntax.js';
import { readCodeSpan } from './fences.js';
import { preview, wholeCodeSpan, type MarkdownCursor } from './markdownCursor.js';
import type { ReviewInProgress } from './reviewInProgress.js';
import type { Verdict } from '../model/types.js';
import { unescapeUnsafeChars } from '../safety/textSafety.js';

const VERDICT_BY_WORDS = new Map<string, Verdict>(
  Object.entries(VERDICT_WORDS).map(([verdict, words]) => [words, verdict as Verdict]),
);
const TARGET_RE = /^`[a-z-]+`/;

export function readHeaderItem(cursor: MarkdownCursor, review: ReviewInProgress, line: string, index: number): void {
  const item = (Object.keys(ITEM) as (keyof typeof ITEM)[]).find((key) => line.startsWith(ITEM[key]));
  if (item !== undefined && review.headerLines[item] !== undefined) {
    cursor.fail(index, `a second "${ITEM[item].trim()}" line (the first is line ${review.headerLines[item] + 1})`);
    return;
  }
  if (line.startsWith(ITEM.verdict)) {
    const words = line.slice(ITEM.verdict.length);
    review.verdict = VERDICT_BY_WORDS.get(words);
    review.headerLines.verdict = index;
    if (!review.verdict) {
      cursor.fail(index, `unknown verdict ${preview(words)}: expected ${[...VERDICT_BY_WORDS.keys()].join(', ')}`);
    }
  } else if (line.startsWith(ITEM.target)) {
    const rest = line.slice(ITEM.target.length);
    const span = TARGET_RE.test(rest) ? readCodeSpan(rest, 0) : null;
    const after = span ? rest.slice(span.end) : '';
    if (!span || (after !== '' && !after.startsWith(TARGET_SEPARATOR))) {
      cursor.fail(index, `expected "${ITEM.target}\`<kind>\`${TARGET_SEPARATOR}<description>", got ${preview(line)}`);
      return;
    }
    review.target.kind = span.content;
    review.target.description = unescapeUnsafeChars(after.slice(TARGET_SEPARATOR.length));
    review.headerLines.target = index;
  } else if (line.startsWith(ITEM.baseCommit) || line.startsWith(ITEM.headCommit)) {
    const which = line.startsWith(ITEM.baseCommit) ? 'baseCommit' : 'headCommit';
    const value = wholeCodeSpan(line.slice(ITEM[which].length));
    if (value === null) {
      cursor.fail(index, `expected the commit in backticks, got ${preview(line)}`);
      return;
    }
    review.target[which] = value;
    review.headerLines[which] = index;
  } else {
    cursor.fail(index, `unexpected line: ${preview(line)}`);
  }
}
