/**
 * Redline's glossary. Every package speaks these names; nothing else defines
 * a second shape for the same idea.
 *
 * Lines are 1-based and inclusive. Code strings (`originalCode`,
 * `suggestedCode`, `highlightedText`) are LF-joined lines with no trailing
 * newline: the line-ending style of the file is the applier's concern, not the
 * export's.
 */

import type { PullRequestData } from './pullRequest.js';
import type { ReviewRoundsData, SinceRoundData, ThreadActInput } from '../rounds/roundTypes.js';
import type { ProposalState } from '../proposals/proposalTypes.js';
import type { Question } from '../questions/questionTypes.js';
import type { CheckedResult } from '../export/renderChecked.js';
import type { ExportThreads } from '../export/exportThreads.js';
import type { FileMove } from './fileMove.js';
import type { LineSpan } from './lineSpan.js';
import type { CommentLabel } from './commentLabel.js';

/** Which side of a diff a line belongs to. `old` is the base, `new` the change. */
export type Side = 'old' | 'new';

/** A plain comment, or a proposed replacement of the lines it is anchored to. */
export type AnnotationKind = 'comment' | 'suggestion';

/** `line`: anchored to lines of a file; `file`: about a whole file; `general`: about the whole review. */
export type AnnotationScope = 'line' | 'file' | 'general';

export type Verdict = 'approve' | 'request-changes' | 'comment';

/** What every annotation carries, whatever it is anchored to. */
interface AnnotationCommon {
  /** For suggestions, `suggestionId(...)` of its content; for comments, any unique string. */
  id: string;
  /** Repository-relative path with `/` separators. */
  path: string;
  /** The reviewer's words (markdown). May be empty for a suggestion. */
  text: string;
  /** Text the reviewer had selected when commenting (for example in the editor). */
  highlightedText?: string;
  /** True when the line anchor was mapped approximately (the selection overlapped the reviewer's own edits). */
  approximate?: boolean;
  /** Set after a refresh when the annotation's lines are gone; still exported with its snippet. */
  outdated?: boolean;
  /** For outdated annotations: the lines they were anchored to, as they were. */
  anchorSnippet?: string;
  author?: string;
  /**
   * The id of the agent's proposal the reviewer accepted as this annotation
   * (seed 003): "Proposed by the agent" in its round and in every later one,
   * since it travels in the round's review.json; absent for the reviewer's own.
   */
  proposal?: string;
  /**
   * The Conventional Comments label (model/commentLabel.ts): question,
   * suggestion, issue, nitpick or praise, blocking or not; absent when the
   * reviewer chose none. The JSON forms spell "none" as absent or null.
   */
  label?: CommentLabel;
  /** ISO 8601. */
  createdAt: string;
}

/** A comment on lines of a file (either side). */
export interface LineComment extends AnnotationCommon, LineSpan {
  kind: 'comment';
  scope: 'line';
  side: Side;
  /** The lines it points at, as the export quotes them; set by `buildFeedbackReview`, never by the page. */
  quoted?: QuotedLines;
}

/**
 * The lines a line comment points at, quoted in the export so the agent need
 * not look them up, with the file's path on each side: both for a
 * renamed or copied file, the old one alone for a deleted file, the new one
 * alone for an added file.
 */
export interface QuotedLines {
  /** Lines startLine..endLine of the comment's side, LF-joined, as git has them. */
  code: string;
  oldPath: string | null;
  newPath: string | null;
}

/** A comment about a whole file. */
export interface FileComment extends AnnotationCommon {
  kind: 'comment';
  scope: 'file';
}

/** A comment about the whole review; its path is always `''`. */
export interface GeneralComment extends AnnotationCommon {
  kind: 'comment';
  scope: 'general';
  path: '';
}

/**
 * A proposed replacement of new-side lines. `startLine` 1 and `endLine` 0
 * (with `originalCode` '') is the insertion into an empty file, the only
 * empty range.
 */
export interface Suggestion extends AnnotationCommon, LineSpan {
  kind: 'suggestion';
  scope: 'line';
  side: 'new';
  /** The exact lines at [startLine, endLine] when the suggestion was made. */
  originalCode: string;
  /** The replacement for those lines. `''` with `deletion: true` removes them. */
  suggestedCode: string;
  /** True when the suggestion deletes the lines (suggestedCode is then ''). */
  deletion: boolean;
  /**
   * sha256 (hex) of the full file content (bytes as read) the suggestion was
   * made against; null when it is unknown (a patch-only review, or the file
   * could not be read). The exports omit it then ("revision unknown").
   */
  revision: string | null;
}

/**
 * A fix set: several suggestions (in one file or several) the agent applies
 * together or not at all, with one line saying what they do together. Each
 * member is an ordinary `Suggestion` kept with the annotations; the set only
 * groups them, in order, by id. It has at least two members (one would be a
 * plain suggestion), and a suggestion is a member of at most one set.
 * `id` is `fixSetId` of its members' contents (model/fixSetId.ts).
 */
export interface FixSet {
  id: string;
  /** What the members do together, one line. */
  description: string;
  /** The members' suggestion ids, in order. */
  members: readonly string[];
}

export type Comment = LineComment | FileComment | GeneralComment;

/** Everything a reviewer leaves on a review; `kind` and `scope` tell which one it is. */
export type Annotation = Comment | Suggestion;

/** The annotations anchored to lines. */
export type LineAnnotation = LineComment | Suggestion;

export type FileStatus = 'added' | 'modified' | 'deleted' | 'renamed' | 'copied' | 'type-changed';

/** Facts about one file of the diff, as the server reads them from git: a renamed or copied file carries its similarity. */
export type FileFacts = PlainFileFacts | MovedFileFacts;

/** A file that kept its path. */
export interface PlainFileFacts extends FileFactsCommon {
  status: Exclude<FileStatus, 'renamed' | 'copied'>;
  oldPath: null;
}

/** A renamed or copied file ("renamed, 87% similar"). */
export interface MovedFileFacts extends FileFactsCommon {
  status: 'renamed' | 'copied';
  /** The path on the old side. */
  oldPath: string;
  /** git's similarity index in percent (the 87 of `R087`); null when the source did not say (a patch without a `similarity index` line). */
  similarity: number | null;
  /** Paired by the reviewer ("compare this deleted file with that added one"), not found by git: its similarity is null. */
  pairedByReviewer?: true;
}

interface FileFactsCommon {
  path: string;
  binary: boolean;
  /** Git modes as octal strings ('100644', '100755', '120000', '160000'); null when the side does not exist. */
  oldMode: string | null;
  newMode: string | null;
  /** Blob ids; null when the side does not exist, or for a working-tree file not in the object store. */
  oldBlob: string | null;
  newBlob: string | null;
  /** Bytes; null when the side does not exist, and for submodules (a commit id, not a blob). */
  oldSize: number | null;
  newSize: number | null;
  additions: number;
  deletions: number;
  /** Symlink on either side (mode 120000). */
  symlink: boolean;
  /** A submodule (mode 160000) on either side. */
  submodule: boolean;
}

export type TargetKind = 'working-tree' | 'staged' | 'base' | 'commit' | 'range' | 'patch';

export interface ReviewTarget {
  kind: TargetKind;
  /** Human description, e.g. "Uncommitted changes (working tree against HEAD)". */
  description: string;
  /** The commit the old side comes from; null for an empty repository or a patch. */
  baseCommit: string | null;
  /** The commit the new side comes from; null when the new side is the working tree, index or a patch. */
  headCommit: string | null;
}

/** The review as the page receives it. */
export interface ReviewData {
  target: ReviewTarget;
  /** Repository directory name, for titles. */
  repoName: string;
  /** The unified patch exactly as git produced it. */
  patch: string;
  /**
   * One per section of the patch, in the patch's order (git's: tracked files,
   * then untracked ones), so `files[i]` is section i's facts. The patch is
   * streamed and compressed as git writes it, so the server does not reorder
   * it; every list the reviewer sees puts them in the one file order
   * (`sortByFileOrder`, fileOrder.ts) instead.
   */
  files: FileFacts[];
  /** sha256 hex over the patch and the file facts: changes whenever the diff changes. */
  fingerprint: string;
  /** True for --patch reviews: no repository contents, editing unavailable. */
  patchOnly: boolean;
  /** True when the patch was read with whitespace ignored (git diff -w). */
  ignoreWhitespace: boolean;
  /** The review series this review continues; absent for a first round, a patch or the demo. */
  rounds?: ReviewRoundsData;
  /** The diff since the last round's recorded state, read with the diff; absent without a readable last state. */
  sinceRound?: SinceRoundData;
  /** The pull request under review (`redline <PR URL>`), with its unresolved review threads; absent otherwise. */
  pullRequest?: PullRequestData;
}

/** Why a file's contents cannot be served (or edited). */
export type FileRefusalCode =
  | 'not-in-diff'
  | 'binary'
  | 'not-utf8'
  | 'symlink'
  | 'not-regular'
  | 'too-large'
  | 'changed'
  | 'patch-only'
  | 'deleted'
  | 'submodule'
  /** The image endpoint: the bytes are not a PNG, JPEG, GIF, WebP or SVG picture (whatever the name says). */
  | 'not-image';

export interface FileSideContents {
  contents: string;
  /** sha256 hex of the bytes as read. */
  sha256: string;
}

export interface FileContentsData {
  path: string;
  /** null when the file does not exist on that side. */
  old: FileSideContents | null;
  new: FileSideContents | null;
}

export interface FreshnessData {
  fresh: boolean;
  fingerprint: string;
}

/** Autosaved review state, keyed by the diff fingerprint. */
export interface DraftData {
  /** 2 added `composer`; the CLI still reads version 1 (apps/cli/src/drafts/readDraft.ts). */
  version: 2;
  fingerprint: string;
  annotations: Annotation[];
  /** path -> fingerprint of the file's content when it was marked viewed. */
  viewed: Record<string, string>;
  verdict?: Verdict;
  summary?: string;
  /** The comment or suggestion being written and not yet added, if any: a reload or a crash loses none of it. */
  composer: UnsentComposer | null;
  /** The fix sets over `annotations`' suggestions; absent in drafts saved before fix sets, and when there are none. */
  fixSets?: FixSet[];
  updatedAt: string;
}

/** Where an unsent comment or suggestion is anchored. */
export type UnsentTarget =
  | { scope: 'general' }
  | { scope: 'file'; path: string }
  | ({ scope: 'line'; path: string; side: Side } & LineSpan);

/** A comment or suggestion form's contents, as the draft keeps them. */
export type UnsentComposer =
  | {
      kind: 'comment';
      target: UnsentTarget;
      text: string;
      /** The annotation being edited, or null for a new one. */
      editingId: string | null;
      /** The label picked in the form; absent when none (and in drafts saved before labels). */
      label?: CommentLabel;
    }
  | {
      kind: 'suggestion';
      target: Extract<UnsentTarget, { scope: 'line' }>;
      text: string;
      originalCode: string;
      suggestedCode: string;
      deletion: boolean;
      /** sha256 of the new side the original code was read from. */
      revision: string | null;
      editingId: string | null;
      label?: CommentLabel;
    };

/** What the page submits when the reviewer sends feedback. */
export interface FeedbackSubmission {
  verdict: Verdict;
  summary: string;
  annotations: Annotation[];
  /** Who is reviewing, as typed in the Send dialog; absent: the round is recorded without a reviewer. */
  reviewer?: string;
  /** Acts on threads of earlier rounds (resolve, reopen, reply), stored with the round this Send records. */
  threadActs?: ThreadActInput[];
  /** The files marked viewed at Send (their marks valid for the diff sent), recorded with the round: the next round carries a mark only to a file in it whose content is unchanged since. */
  viewed?: string[];
  /** The fix sets over `annotations`' suggestions; absent: none. */
  fixSets?: FixSet[];
  /** The reviewer asked to publish the round to the review's pull request (`POST /api/publish` follows the answer); absent: not asked. */
  publish?: true;
}

/** What the export says about a file: its path, status, old path and similarity (`fileMove`). */
export type FeedbackFile = { path: string } & FileMove;

/** The review the export is rendered from. */
export interface FeedbackReview {
  target: ReviewTarget;
  verdict: Verdict;
  summary: string;
  annotations: Annotation[];
  /** Facts used to print renames (`old → new`, with git's similarity); optional. */
  files?: FeedbackFile[];
  /** The agent's proposals with the reviewer's answers, rendered in a section of their own; absent: none. */
  proposals?: ProposalState[];
  /** The reviewer's questions to the agent and its answers, in a last section; absent: none. */
  questions?: Question[];
  /** The check before sending, when one ran with exactly the suggestions sent (export/renderChecked.ts); absent: none. */
  checked?: CheckedResult;
  /** The earlier rounds' threads still open and those settled since the last round; absent: none. */
  threads?: ExportThreads;
  /**
   * The suggestions of earlier rounds still open and not applied, each as its
   * round recorded it (lines and revision of that round's file), so `redline
   * apply` on this export applies them too; absent: none.
   */
  carried?: CarriedSuggestion[];
  /** The fix sets over `annotations`' suggestions (each set one item of the export, its members in order); absent: none. */
  fixSets?: FixSet[];
  /** The fix sets of earlier rounds still open, over `carried`'s suggestions; absent: none. */
  carriedSets?: CarriedFixSet[];
}

/** A fix set of an earlier round, carried into a later round's export with its members (in `carried`). */
export interface CarriedFixSet {
  round: number;
  set: FixSet;
}

/** A suggestion of an earlier round, carried into a later round's export. */
export interface CarriedSuggestion {
  /** The round that made it. */
  round: number;
  suggestion: Suggestion;
}

/** An error answer from the API: `{ error: { code, message } }`. */
export interface ApiError {
  error: { code: string; message: string };
}
