/**
 * The fixed words of the markdown export, shared by the renderer and the
 * parser so the two cannot drift apart. docs/feedback-format.md is the
 * specification; change both together.
 */
import type { FileStatus, Side, Verdict } from '../model/types.js';
import type { LineSpan } from '../model/lineSpan.js';
import { blockingWord, type CommentLabel } from '../model/commentLabel.js';

export const TITLE = '# Code review feedback';

export const VERDICT_WORDS = {
  approve: 'Approve',
  'request-changes': 'Request changes',
  comment: 'Comment',
} as const satisfies Record<Verdict, string>;

export const ITEM = {
  verdict: '- **Verdict:** ',
  target: '- **Target:** ',
  baseCommit: '- **Base commit:** ',
  headCommit: '- **Head commit:** ',
} as const;

/** Separates the target kind from its description on the Target line. */
export const TARGET_SEPARATOR = ' — ';

/** Printed under the header when the review has suggestions: how to apply them. */
export const APPLY_GUIDANCE =
  '_Each suggestion replaces exactly the lines named in its heading. Apply it only where those lines still read as its **Replaces:** block shows._';

export const SUMMARY_HEADING = '## Summary';
export const GENERAL_HEADING = '## General';
export const GENERAL_COMMENT_HEADING = '### Comment';
export const FILE_COMMENT_HEADING = '### File comment';
/**
 * The suggestions of earlier rounds still open, with their code: after the
 * threads, before the proposals (a reader that stops at the threads' heading
 * reads the export as before they existed). Each heading is
 * `### Round N · `path` · Line 9 (new)`, the lines of that round's file.
 */
export const CARRIED_HEADING = '## Suggestions still open from earlier rounds';
export const CARRIED_NOTE =
  "_Sent in an earlier round and not applied yet: apply each like the suggestions above (`redline apply` applies them with this round's). Its lines and revision are its round's; where its lines are now is in the thread of the same id above._";
export const CARRIED_HEADING_PREFIX = '### Round ';
export const CARRIED_SEPARATOR = ' · ';
/**
 * A fix set: one section after the files' (`## Fix set `id``, with
 * ` · round N` for one carried from an earlier round), a note, its
 * description quoted, then each member as a suggestion under
 * `### Member k · `path` · Line 9 (new)`.
 */
export const FIX_SET_HEADING_PREFIX = '## Fix set ';
export const FIX_SET_ROUND_SEPARATOR = ' · round ';
export const FIX_SET_NOTE =
  '_A fix set: apply all of its suggestions or none. If any one no longer applies as its **Replaces:** block shows, apply none of them and say so (`redline apply` does this)._';
export const MEMBER_HEADING_PREFIX = '### Member ';
/** The agent's proposals and their outcomes: the last section; the parser reads nothing after it. */
export const PROPOSALS_HEADING = '## Agent proposals';
/** The reviewer's questions to the agent and its answers: after the proposals; the parser reads nothing after it either. */
export const QUESTIONS_HEADING = '## Questions to the agent';
/** The check before sending (renderChecked.ts): the very last section; the parser reads nothing after it. */
export const CHECKED_HEADING = '## Checked before sending';
/** The threads of earlier rounds (docs/rounds.md): for the agent to read; the parser reads nothing in it, only the carried suggestions after it. */
export const THREADS_HEADING = '## Threads from earlier rounds';

export const STATUS_NOTES: Partial<Record<FileStatus, string>> = {
  added: 'added',
  deleted: 'deleted',
  'type-changed': 'type changed',
};
export const RENAME_NOTES: Record<'renamed' | 'copied', string> = {
  renamed: 'renamed from ',
  copied: 'copied from ',
};

/** After a rename's old path: `, 87% similar` (git's similarity index), or `, paired by the reviewer` (no similarity: the reviewer's pair). */
export function similarityNote(similarity: number | null | undefined, pairedByReviewer?: true): string {
  if (pairedByReviewer) return PAIRED_NOTE;
  return typeof similarity === 'number' ? `, ${similarity}% similar` : '';
}
export const PAIRED_NOTE = ', paired by the reviewer';
export const SIMILARITY_NOTE_RE = /^, (\d{1,3})% similar$/;

export const ESCAPED_PATH_NOTE =
  '_The path above contains escapes: each `\\u{…}` stands for the one character with that code point (see the format documentation)._';

export function lineHeading(side: Side, { startLine, endLine }: LineSpan): string {
  if (startLine === 1 && endLine === 0) return `### Empty file (${side})`;
  if (startLine === endLine) return `### Line ${startLine} (${side})`;
  return `### Lines ${startLine}-${endLine} (${side})`;
}

export const LINE_HEADING_RE = /^### (?:Empty file|Line (\d+)|Lines (\d+)-(\d+)) \((old|new)\)$/;

export const SUGGESTION_LINE_PREFIX = 'Suggestion ';
export const REVISION_SEPARATOR = ' · revision ';
export const REVISION_UNKNOWN = 'unknown';

/** An annotation the reviewer accepted from the agent's proposals: `_Proposed by the agent (proposal `id`), accepted by the reviewer._`. */
export const PROPOSED_NOTE_PREFIX = '_Proposed by the agent (proposal ';
export const PROPOSED_NOTE_SUFFIX = '), accepted by the reviewer._';

/**
 * A labelled annotation's note: `Label: issue (blocking)`,
 * `Label: nitpick (non-blocking)` (model/commentLabel.ts).
 */
export const LABEL_NOTE_PREFIX = 'Label: ';
export function labelNote(label: CommentLabel): string {
  return `${LABEL_NOTE_PREFIX}${label.kind} (${blockingWord(label.blocking)})`;
}
/** The kind is read as any word, so the validator names an unknown one. */
export const LABEL_NOTE_RE = /^Label: ([a-z-]{1,40}) \((blocking|non-blocking)\)$/;

/** Under the header when any annotation is labelled blocking: `_2 blocking: fix these first._` (the parser passes over it). */
export function blockingCountNote(count: number): string {
  return `_${count} blocking: fix these first._`;
}
export const BLOCKING_COUNT_NOTE_RE = /^_\d{1,9} blocking: fix these first\._$/;

export const APPROXIMATE_NOTE =
  "_Approximate anchor: the reviewer's selection overlapped their own edits, so these are the nearest lines._";
export const OUTDATED_NOTE =
  '_Outdated: the code changed after this was written and its lines are gone from the diff._';

export const LABELS = {
  quotedLines: '**Quoted lines:**',
  highlightedText: '**Highlighted text:**',
  anchorSnippet: '**Originally anchored to:**',
  originalCode: '**Replaces:**',
  suggestedCode: '**Suggested code:**',
} as const;
export type BlockName = keyof typeof LABELS;

export const NOTHING_REPLACED = 'nothing: the file is empty, so the suggested code becomes its whole content';
export const NOTHING_SUGGESTED = 'nothing: delete the replaced lines';

/** `(3 lines)`, `(1 line)`, `(1 empty line)`: how many lines the fenced block below holds. */
export function lineCountNote(code: string): string {
  if (code === '') return '(1 empty line)';
  const count = code.split('\n').length;
  return count === 1 ? '(1 line)' : `(${count} lines)`;
}

export const LINE_COUNT_NOTE_RE = /^\((?:(1) empty line|(\d+) lines?)\)$/;

export const WARNING_PREFIX = '⚠ ';
export const WARNING_TEXT = 'Contains invisible, bidirectional or control characters, kept as they are: ';
/** The warning names at most this many (code point, line) pairs, then says how many more there are. */
export const WARNING_MAX_ITEMS = 16;
