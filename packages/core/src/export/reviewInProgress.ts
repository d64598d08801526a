/**
 * What the markdown reader (parseFeedbackMarkdown.ts) has read so far: the
 * header's values and where each was read, the summary, the files whose
 * section heading says what happened to them, the section and the annotation
 * being read, and every annotation as read (a `Draft`), before validation.
 */
import type { BlockName } from './feedbackMarkdownSyntax.js';
import type { QuotedPlace } from './quotedLines.js';
import type { HeadingLines } from './lineHeadings.js';
import type { AnnotationScope, FeedbackFile, Verdict } from '../model/types.js';
import { unescapeUnsafeChars } from '../safety/textSafety.js';

export type Section = { kind: 'summary' } | { kind: 'general' } | { kind: 'file'; path: string } | { kind: 'carried' } | { kind: 'set'; set: SetInProgress };

/** A fix set as read: its heading's id and round, its description, its members (also in `drafts`, marked with the set). */
export interface SetInProgress {
  id: string;
  /** The round of a carried set; null for this round's. */
  round: number | null;
  /** The heading's line (0-based). */
  line: number;
  readonly description: Prose;
  readonly members: Draft[];
}

export interface ReviewInProgress {
  verdict: Verdict | undefined;
  target: { kind?: string; description?: string; baseCommit: string | null; headCommit: string | null };
  /** Where each header item was read (0-based), for error messages. */
  readonly headerLines: Record<string, number>;
  readonly summary: Prose;
  readonly drafts: Draft[];
  readonly files: FeedbackFile[];
  readonly sets: SetInProgress[];
  section: Section | null;
  draft: Draft | null;
}

export function reviewInProgress(): ReviewInProgress {
  return { verdict: undefined, target: { baseCommit: null, headCommit: null }, headerLines: {}, summary: new Prose(), drafts: [], files: [], sets: [], section: null, draft: null };
}

/** One annotation as read, before validation. */
export interface Draft {
  scope: AnnotationScope;
  path: string;
  /** A line annotation's side and lines, from its heading; null for a file or general one. */
  anchor: HeadingLines | null;
  /** Where each part was read, for error messages (`heading` always). */
  lines: Record<string, number>;
  id?: string;
  revision?: string;
  /** For a suggestion carried from an earlier round: that round. */
  round?: number;
  /** For a fix set's member: the set. */
  set?: SetInProgress;
  /** The agent's proposal it was accepted from. */
  proposal?: string;
  /** The `Label:` note's kind (as written, checked by the validator) and flag. */
  label?: { kind: string; blocking: boolean };
  /** The side and paths named by a **Quoted lines:** label. */
  quotedPlace?: QuotedPlace;
  approximate: boolean;
  outdated: boolean;
  prose: Prose;
  blocks: Partial<Record<BlockName, string | null>>; // null: the label said "nothing"
}

/** Quoted lines, split into runs where something else came between them. */
export class Prose {
  private runs: string[][] = [];
  private lastLine = -2;

  add(content: string, index: number): void {
    if (index !== this.lastLine + 1 || this.runs.length === 0) this.runs.push([]);
    this.runs[this.runs.length - 1]!.push(content);
    this.lastLine = index;
  }

  text(): string {
    return unescapeUnsafeChars(this.runs.map((run) => run.join('\n')).join('\n\n'));
  }
}
