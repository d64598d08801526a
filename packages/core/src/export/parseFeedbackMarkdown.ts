/**
 * Reads a markdown export (docs/feedback-format.md) back into a review.
 *
 * Over 400 lines on purpose (about 620, with the stop at the agent-proposals
 * section, the pass over the earlier-threads section to the carried
 * suggestions, and the quoted lines): it is one reader, a cursor over the
 * lines and the review being built, whose ~20 short methods each read one
 * construct of the format and share that state. Cut into files, each piece
 * would take the cursor, the current section and the current annotation as
 * arguments and hand them back; the format's words live apart already
 * (feedbackMarkdownSyntax.ts, shared with the renderer), and so do the line
 * headings' readings (lineHeadings.ts).
 *
 * Line by line, with the structure recognised only at the start of a line
 * and only where the format puts it. Fenced code is consumed whole, and only
 * right after a block label, so nothing inside a fence is ever read as
 * structure; the reviewer's words are quotes (`>`), which no structural line
 * starts with. Strict about what it needs (an unknown line is an error, with
 * its line number), tolerant of a byte order mark, CRLF line endings and
 * trailing whitespace on structural lines. Fence contents are kept exactly.
 *
 * What the markdown does not carry comes back as: `createdAt` '', no
 * `author`, comment ids `comment-1`, `comment-2`… in document order, and
 * `files` only for the sections whose heading says what happened to the file.
 */
import type { FeedbackParseError, ParseResult } from './feedbackParseResult.js';
import {
  APPLY_GUIDANCE,
  APPROXIMATE_NOTE,
  CARRIED_HEADING,
  CARRIED_HEADING_PREFIX,
  CARRIED_NOTE,
  CARRIED_SEPARATOR,
  ESCAPED_PATH_NOTE,
  FILE_COMMENT_HEADING,
  GENERAL_COMMENT_HEADING,
  GENERAL_HEADING,
  PROPOSALS_HEADING,
  QUESTIONS_HEADING,
  THREADS_HEADING,
  ITEM,
  LABELS,
  LINE_COUNT_NOTE_RE,
  NOTHING_REPLACED,
  NOTHING_SUGGESTED,
  OUTDATED_NOTE,
  PROPOSED_NOTE_PREFIX,
  PROPOSED_NOTE_SUFFIX,
  RENAME_NOTES,
  REVISION_SEPARATOR,
  REVISION_UNKNOWN,
  STATUS_NOTES,
  SIMILARITY_NOTE_RE,
  SUGGESTION_LINE_PREFIX,
  SUMMARY_HEADING,
  TARGET_SEPARATOR,
  TITLE,
  VERDICT_WORDS,
  WARNING_PREFIX,
  type BlockName,
} from './feedbackMarkdownSyntax.js';
import { readCodeSpan } from './fences.js';
import { readCarriedHeading, readLineHeading } from './lineHeadings.js';
import { QUOTED_PLACE_SEPARATOR, readQuotedPlace } from './quotedLines.js';
import { fileMove } from '../model/fileMove.js';
import { unescapeUnsafeChars } from '../safety/textSafety.js';
import type { AnnotationScope, FeedbackFile, FileStatus, Side, Verdict } from '../model/types.js';
import { formatFieldProblem, quoteForMessage, validateFeedbackReview } from './validateFeedbackReview.js';

type FileEntry = FeedbackFile;

/** One annotation as read, before validation. */
interface Draft {
  scope: AnnotationScope;
  path: string;
  side?: Side;
  startLine?: number;
  endLine?: number;
  /** Where each part was read, for error messages (`heading` always). */
  lines: Record<string, number>;
  id?: string;
  revision?: string;
  /** For a suggestion carried from an earlier round: that round. */
  round?: number;
  /** The agent's proposal it was accepted from. */
  proposal?: string;
  /** The side and paths named by a **Quoted lines:** label. */
  quotedPlace?: ReturnType<typeof readQuotedPlace> & object;
  approximate: boolean;
  outdated: boolean;
  prose: Prose;
  blocks: Partial<Record<BlockName, string | null>>; // null: the label said "nothing"
}

/** Quoted lines, split into runs where something else came between them. */
class Prose {
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

type Section = { kind: 'summary' } | { kind: 'general' } | { kind: 'file'; path: string } | { kind: 'carried' };

const VERDICT_BY_WORDS = new Map<string, Verdict>(
  Object.entries(VERDICT_WORDS).map(([verdict, words]) => [words, verdict as Verdict]),
);
const FENCE_OPEN_RE = /^(`{3,})([^`]*)$/;
const TARGET_RE = /^`[a-z-]+`/;

class MarkdownReader {
  readonly errors: FeedbackParseError[] = [];
  private readonly lines: string[];
  private i = 0;

  private verdict: Verdict | undefined;
  private target: { kind?: string; description?: string; baseCommit: string | null; headCommit: string | null } = {
    baseCommit: null,
    headCommit: null,
  };
  private readonly headerLines: Record<string, number> = {};
  private readonly summary = new Prose();
  private readonly drafts: Draft[] = [];
  private readonly files: FileEntry[] = [];
  private section: Section | null = null;
  private draft: Draft | null = null;

  constructor(text: string) {
    let body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    // A document whose every LF comes after a CR went through a CRLF
    // conversion: undo it. Redline's own output always has bare LFs, so a CR
    // in the code of a document that still has them is kept as content.
    if (body.includes('\r\n') && !/(^|[^\r])\n/.test(body)) body = body.replace(/\r\n/g, '\n');
    this.lines = body.split('\n');
  }

  fail(index: number, message: string): void {
    this.errors.push({ line: index + 1, message });
  }

  read(): void {
    this.readTitle();
    while (this.i < this.lines.length) {
      const index = this.i;
      const raw = this.lines[index]!;
      const line = trimEnd(raw);
      this.i++;
      if (line === '') continue;
      // The agent's proposals (renderProposalOutcomes.ts) and the earlier rounds' threads (renderThreadsSection.ts)
      // are for the agent to read, not annotations: the export ends at the proposals, and the threads are passed
      // over to the carried suggestions after them, if any, so a thread's code is never a suggestion.
      if (line === PROPOSALS_HEADING || line === QUESTIONS_HEADING) break;
      if (line === THREADS_HEADING) {
        if (this.passThreads()) continue;
        break;
      }
      if (line.startsWith('>')) this.readProse(raw, index);
      else if (line.startsWith('### ')) this.readAnnotationHeading(line, index);
      else if (line.startsWith('## ') || line === '##') this.readSectionHeading(line, index);
      else if (line.startsWith('- **') && this.section === null) this.readHeaderItem(line, index);
      else if (line === APPLY_GUIDANCE && this.section === null) continue;
      else if (line === ESCAPED_PATH_NOTE && this.section?.kind === 'file' && this.draft === null) continue;
      else if (line === CARRIED_NOTE && this.section?.kind === 'carried' && this.draft === null) continue;
      else if (line.startsWith('**')) this.readBlock(line, index);
      else if (this.draft !== null && this.readNote(line, index)) continue;
      else if (FENCE_OPEN_RE.test(line)) {
        this.fail(index, 'a code block must follow a label such as **Suggested code:**');
        this.skipFence(line, index);
      } else {
        this.fail(index, `unexpected line: ${preview(line)}`);
      }
    }
  }

  /**
   * Past the threads section to the carried suggestions' heading (true) or to
   * the proposals or the end (false). Every code block there is fenced right
   * after its label and every word quoted, so outside the fences no line can
   * pass for the heading.
   */
  private passThreads(): boolean {
    this.draft = null;
    while (this.i < this.lines.length) {
      const index = this.i;
      const line = trimEnd(this.lines[index]!);
      this.i++;
      if (FENCE_OPEN_RE.test(line)) this.skipFence(line, index);
      else if (line === PROPOSALS_HEADING || line === QUESTIONS_HEADING) return false;
      else if (line === CARRIED_HEADING) {
        this.section = { kind: 'carried' };
        return true;
      }
    }
    return false;
  }

  private readTitle(): void {
    while (this.i < this.lines.length && trimEnd(this.lines[this.i]!) === '') this.i++;
    if (this.i >= this.lines.length) {
      this.errors.push({ line: 1, message: 'the text is empty: expected a Redline feedback export' });
      return;
    }
    if (trimEnd(this.lines[this.i]!) !== TITLE) {
      this.fail(this.i, `expected the title "${TITLE}", got ${preview(this.lines[this.i]!)}`);
    }
    this.i++;
  }

  private readHeaderItem(line: string, index: number): void {
    const item = (Object.keys(ITEM) as (keyof typeof ITEM)[]).find((key) => line.startsWith(ITEM[key]));
    if (item !== undefined && this.headerLines[item] !== undefined) {
      this.fail(index, `a second "${ITEM[item].trim()}" line (the first is line ${this.headerLines[item] + 1})`);
      return;
    }
    if (line.startsWith(ITEM.verdict)) {
      const words = line.slice(ITEM.verdict.length);
      this.verdict = VERDICT_BY_WORDS.get(words);
      this.headerLines.verdict = index;
      if (!this.verdict) {
        this.fail(index, `unknown verdict ${preview(words)}: expected ${[...VERDICT_BY_WORDS.keys()].join(', ')}`);
      }
    } else if (line.startsWith(ITEM.target)) {
      const rest = line.slice(ITEM.target.length);
      const span = TARGET_RE.test(rest) ? readCodeSpan(rest, 0) : null;
      const after = span ? rest.slice(span.end) : '';
      if (!span || (after !== '' && !after.startsWith(TARGET_SEPARATOR))) {
        this.fail(index, `expected "${ITEM.target}\`<kind>\`${TARGET_SEPARATOR}<description>", got ${preview(line)}`);
        return;
      }
      this.target.kind = span.content;
      this.target.description = unescapeUnsafeChars(after.slice(TARGET_SEPARATOR.length));
      this.headerLines.target = index;
    } else if (line.startsWith(ITEM.baseCommit) || line.startsWith(ITEM.headCommit)) {
      const which = line.startsWith(ITEM.baseCommit) ? 'baseCommit' : 'headCommit';
      const value = this.wholeCodeSpan(line.slice(ITEM[which].length));
      if (value === null) {
        this.fail(index, `expected the commit in backticks, got ${preview(line)}`);
        return;
      }
      this.target[which] = value;
      this.headerLines[which] = index;
    } else {
      this.fail(index, `unexpected line: ${preview(line)}`);
    }
  }

  /** The content of a code span that is the whole of `text`, unescaped; null otherwise. */
  private wholeCodeSpan(text: string): string | null {
    if (!text.startsWith('`')) return null;
    const span = readCodeSpan(text, 0);
    return span && span.end === text.length ? unescapeUnsafeChars(span.content) : null;
  }

  private readSectionHeading(line: string, index: number): void {
    this.draft = null;
    if (line === SUMMARY_HEADING) {
      this.section = { kind: 'summary' };
      return;
    }
    if (line === GENERAL_HEADING) {
      this.section = { kind: 'general' };
      return;
    }
    if (line === CARRIED_HEADING) {
      this.section = { kind: 'carried' };
      return;
    }
    const rest = line.slice(3);
    const span = rest.startsWith('`') ? readCodeSpan(rest, 0) : null;
    if (!span) {
      this.section = null;
      this.fail(index, `unexpected heading ${preview(line)}: a file section is "## " and the path in backticks`);
      return;
    }
    const path = unescapeUnsafeChars(span.content);
    this.section = { kind: 'file', path };
    const note = rest.slice(span.end);
    if (note === '') return;
    const facts = this.readStatusNote(note, path);
    if (facts) this.files.push(facts);
    else this.fail(index, `unexpected text after the path: ${preview(note)}`);
  }

  /** ` (added)`, ` (renamed from `old`)`…: what happened to the file. */
  private readStatusNote(note: string, path: string): FileEntry | null {
    if (!note.startsWith(' (') || !note.endsWith(')')) return null;
    const inner = note.slice(2, -1);
    for (const [status, words] of Object.entries(STATUS_NOTES)) {
      if (inner === words) return { path, ...fileMove(status as FileStatus, null, null) };
    }
    for (const [status, words] of Object.entries(RENAME_NOTES) as [keyof typeof RENAME_NOTES, string][]) {
      if (!inner.startsWith(words)) continue;
      const rest = inner.slice(words.length);
      const span = rest.startsWith('`') ? readCodeSpan(rest, 0) : null;
      const similarity = span ? SIMILARITY_NOTE_RE.exec(rest.slice(span.end)) : null;
      if (!span || (span.end !== rest.length && !similarity)) continue;
      const oldPath = unescapeUnsafeChars(span.content);
      return { path, status, oldPath, similarity: similarity ? Number(similarity[1]) : null };
    }
    return null;
  }

  private readAnnotationHeading(line: string, index: number): void {
    this.draft = null;
    const section = this.section;
    if (section === null || section.kind === 'summary') {
      this.fail(index, `${preview(line)} must be inside a file section or the General section`);
      return;
    }
    const start = (scope: AnnotationScope, path: string): Draft => {
      const draft: Draft = {
        scope,
        path,
        lines: { heading: index },
        approximate: false,
        outdated: false,
        prose: new Prose(),
        blocks: {},
      };
      this.drafts.push(draft);
      this.draft = draft;
      return draft;
    };
    if (section.kind === 'carried') {
      this.readCarriedHeading(line, index, start);
      return;
    }
    if (section.kind === 'general') {
      if (line === GENERAL_COMMENT_HEADING) start('general', '');
      else this.fail(index, `expected "${GENERAL_COMMENT_HEADING}" in the General section, got ${preview(line)}`);
      return;
    }
    if (line === FILE_COMMENT_HEADING) {
      start('file', section.path);
      return;
    }
    const lines = readLineHeading(line);
    if (!lines) {
      this.fail(index, `expected "### Line N (new)", "### Lines A-B (old)", "### Empty file (new)" or "${FILE_COMMENT_HEADING}", got ${preview(line)}`);
      return;
    }
    Object.assign(start('line', section.path), lines);
  }

  /** `### Round N · `path` · Lines A-B (new)`: a suggestion of round N, its lines in that round's file. */
  private readCarriedHeading(line: string, index: number, start: (scope: AnnotationScope, path: string) => Draft): void {
    const heading = readCarriedHeading(line);
    if (heading === null) {
      this.fail(index, `expected "${CARRIED_HEADING_PREFIX}N${CARRIED_SEPARATOR}\`<path>\`${CARRIED_SEPARATOR}Line N (new)" in ${CARRIED_HEADING}, got ${preview(line)}`);
      return;
    }
    const { path, ...rest } = heading;
    Object.assign(start('line', path), rest);
  }

  private readProse(raw: string, index: number): void {
    const content = raw.startsWith('> ') ? raw.slice(2) : raw.slice(1);
    if (this.draft) this.draft.prose.add(content, index);
    else if (this.section?.kind === 'summary') this.summary.add(content, index);
    else this.fail(index, 'quoted text must belong to the summary or to an annotation');
  }

  /** The suggestion line and the italic notes. Returns false when the line is none of them. */
  private readNote(line: string, index: number): boolean {
    const draft = this.draft!;
    if (line === APPROXIMATE_NOTE) draft.approximate = true;
    else if (line === OUTDATED_NOTE) draft.outdated = true;
    else if (line.startsWith(SUGGESTION_LINE_PREFIX + '`')) this.readSuggestionLine(line, index, draft);
    else if (line.startsWith(PROPOSED_NOTE_PREFIX) && line.endsWith(PROPOSED_NOTE_SUFFIX)) {
      const id = this.wholeCodeSpan(line.slice(PROPOSED_NOTE_PREFIX.length, line.length - PROPOSED_NOTE_SUFFIX.length));
      if (id === null) this.fail(index, `expected the proposal's id in backticks, got ${preview(line)}`);
      else draft.proposal = id;
    }
    else return false;
    return true;
  }

  private readSuggestionLine(line: string, index: number, draft: Draft): void {
    const rest = line.slice(SUGGESTION_LINE_PREFIX.length);
    const idSpan = readCodeSpan(rest, 0);
    const after = idSpan ? rest.slice(idSpan.end) : '';
    if (!idSpan || !after.startsWith(REVISION_SEPARATOR)) {
      this.fail(index, `expected "Suggestion \`<id>\`${REVISION_SEPARATOR}\`<sha256>\`", got ${preview(line)}`);
      return;
    }
    if (draft.id !== undefined) {
      this.fail(index, `a second suggestion line in the annotation at line ${draft.lines.heading! + 1}`);
      return;
    }
    const revisionText = after.slice(REVISION_SEPARATOR.length);
    const revision = revisionText === REVISION_UNKNOWN ? undefined : this.wholeCodeSpan(revisionText);
    if (revision === null) {
      this.fail(index, `expected the revision in backticks or "${REVISION_UNKNOWN}", got ${preview(revisionText)}`);
      return;
    }
    draft.id = unescapeUnsafeChars(idSpan.content);
    if (revision !== undefined) draft.revision = revision;
    draft.lines.suggestion = index;
  }

  /** A `**Label:**` line and the fenced block after it (or the words that say there is none). */
  private readBlock(line: string, index: number): void {
    const draft = this.draft;
    const entry = (Object.entries(LABELS) as [BlockName, string][]).find(
      ([, label]) => line === label || line.startsWith(label + ' '),
    );
    if (!entry || !draft) {
      this.fail(index, entry ? `${entry[1]} must belong to an annotation` : `unexpected line: ${preview(line)}`);
      return;
    }
    const [name, label] = entry;
    if (name in draft.blocks) {
      this.fail(index, `a second ${label} in the annotation at line ${draft.lines.heading! + 1}`);
      return;
    }
    draft.lines[name] = index;
    const note = line.slice(label.length + 1); // '' when the label stands alone
    if ((name === 'originalCode' && note === NOTHING_REPLACED) || (name === 'suggestedCode' && note === NOTHING_SUGGESTED)) {
      draft.blocks[name] = null;
      return;
    }
    const [countNote, place] = name === 'quotedLines' ? splitOnce(note, QUOTED_PLACE_SEPARATOR) : [note, null];
    const quotedPlace = place === null ? null : readQuotedPlace(place);
    if (name === 'quotedLines' && quotedPlace === null) {
      this.fail(index, `expected ${label} (N lines)${QUOTED_PLACE_SEPARATOR}old side of \`<path>\`, got ${preview(line)}`);
      return;
    }
    if (quotedPlace) draft.quotedPlace = quotedPlace;
    const count = LINE_COUNT_NOTE_RE.exec(countNote);
    if (!count) {
      this.fail(index, `expected ${label} followed by "(N lines)", got ${preview(line)}`);
      return;
    }
    const code = this.readFencedCode(index, label);
    if (code === null) return;
    const expected = Number(count[1] ?? count[2]);
    const actual = code.split('\n').length;
    if (count[1] !== undefined && code !== '') {
      this.fail(index, `${label} says one empty line but its block holds ${preview(code)}`);
    } else if (actual !== expected) {
      this.fail(index, `${label} says ${expected} line${expected === 1 ? '' : 's'} but its block holds ${actual}`);
    }
    draft.blocks[name] = code;
  }

  /** Reads the fence after a label (past blank and warning lines). Returns its exact content, or null. */
  private readFencedCode(labelIndex: number, label: string): string | null {
    while (this.i < this.lines.length) {
      const line = trimEnd(this.lines[this.i]!);
      if (line !== '' && !line.startsWith(WARNING_PREFIX)) break;
      this.i++;
    }
    const openIndex = this.i;
    const open = openIndex < this.lines.length ? FENCE_OPEN_RE.exec(trimEnd(this.lines[openIndex]!)) : null;
    if (!open) {
      this.fail(labelIndex, `${label} must be followed by a fenced code block (\`\`\`)`);
      return null;
    }
    const close = this.findFenceClose(openIndex, open[1]!.length);
    if (close === -1) {
      this.fail(openIndex, `the code block opened here is never closed: expected a line of ${open[1]!.length} backticks (is the export truncated?)`);
      this.i = this.lines.length;
      return null;
    }
    this.i = close + 1;
    return this.lines.slice(openIndex + 1, close).join('\n');
  }

  private skipFence(line: string, index: number): void {
    const close = this.findFenceClose(index, FENCE_OPEN_RE.exec(line)![1]!.length);
    this.i = close === -1 ? this.lines.length : close + 1;
  }

  /** A closing fence: at least `length` backticks, nothing else but whitespace (CommonMark). */
  private findFenceClose(openIndex: number, length: number): number {
    for (let j = openIndex + 1; j < this.lines.length; j++) {
      const m = /^ {0,3}(`+)[ \t\r]*$/.exec(this.lines[j]!);
      if (m && m[1]!.length >= length) return j;
    }
    return -1;
  }

  result(): ParseResult {
    if (this.errors.length > 0) return { ok: false, errors: this.errors };
    const fieldLines: Record<string, number> = {};
    let comments = 0;
    const annotations: Record<string, unknown>[] = [];
    const carried: Record<string, unknown>[] = [];
    for (const draft of this.drafts) {
      const value = this.draftToValue(draft, () => `comment-${++comments}`);
      const field = draft.round === undefined ? `annotations[${annotations.length}]` : `carried[${carried.length}].annotation`;
      for (const [part, index] of Object.entries(draft.lines)) fieldLines[`${field}.${part}`] = index;
      if (draft.round === undefined) annotations.push(value);
      else carried.push({ round: draft.round, annotation: value });
    }
    if (this.errors.length > 0) return { ok: false, errors: this.errors };

    if (this.verdict === undefined) this.errors.push({ line: 1, message: 'missing the "- **Verdict:**" line' });
    if (this.target.kind === undefined) this.errors.push({ line: 1, message: 'missing the "- **Target:**" line' });
    if (this.errors.length > 0) return { ok: false, errors: this.errors };

    const review: Record<string, unknown> = {
      target: this.target,
      verdict: this.verdict,
      summary: this.summary.text(),
      annotations,
    };
    if (this.files.length > 0) review.files = this.files;
    if (carried.length > 0) review.carried = carried;
    const validated = validateFeedbackReview(review);
    if (validated.ok) return { ok: true, format: 'markdown', review: validated.review };
    return {
      ok: false,
      errors: validated.problems.map((problem) => {
        const index = lineOfField(problem.field, fieldLines, this.headerLines);
        const error: FeedbackParseError = { message: formatFieldProblem(problem) };
        if (index !== undefined) error.line = index + 1;
        return error;
      }),
    };
  }

  /** The annotation as plain data for the validator; checks what only the markdown can get wrong. */
  private draftToValue(draft: Draft, nextCommentId: () => string): Record<string, unknown> {
    const { blocks } = draft;
    const heading = draft.lines.heading!;
    const isSuggestion = draft.id !== undefined || 'originalCode' in blocks || 'suggestedCode' in blocks;
    const value: Record<string, unknown> = {
      id: draft.id ?? nextCommentId(),
      kind: isSuggestion ? 'suggestion' : 'comment',
      scope: draft.scope,
      path: draft.path,
      text: draft.prose.text(),
      createdAt: '',
    };
    if (draft.side !== undefined) Object.assign(value, { side: draft.side, startLine: draft.startLine, endLine: draft.endLine });
    if (isSuggestion) {
      if (draft.id === undefined) this.fail(heading, 'this suggestion has no "Suggestion `<id>` · revision …" line');
      if (!('originalCode' in blocks)) this.fail(heading, `this suggestion has no ${LABELS.originalCode} block`);
      if (!('suggestedCode' in blocks)) this.fail(heading, `this suggestion has no ${LABELS.suggestedCode} block`);
      const emptyFile = draft.startLine === 1 && draft.endLine === 0;
      if (blocks.originalCode === null && !emptyFile) {
        this.fail(draft.lines.originalCode!, `"${NOTHING_REPLACED}" is only for "### Empty file (new)"`);
      }
      if (typeof blocks.originalCode === 'string' && emptyFile) {
        this.fail(draft.lines.originalCode!, `an insertion into an empty file replaces nothing: expected "${LABELS.originalCode} ${NOTHING_REPLACED}"`);
      }
      value.originalCode = blocks.originalCode ?? '';
      value.suggestedCode = blocks.suggestedCode ?? '';
      value.deletion = blocks.suggestedCode === null;
      if (draft.revision !== undefined) value.revision = draft.revision;
    }
    if (typeof blocks.quotedLines === 'string' && draft.quotedPlace) this.quotedToValue(draft, blocks.quotedLines, value);
    if (typeof blocks.highlightedText === 'string') value.highlightedText = blocks.highlightedText;
    if (typeof blocks.anchorSnippet === 'string') value.anchorSnippet = blocks.anchorSnippet;
    if (draft.proposal !== undefined) value.proposal = draft.proposal;
    if (draft.approximate) value.approximate = true;
    if (draft.outdated) value.outdated = true;
    return value;
  }

  /** A quote belongs to a line comment, on the side of its heading (the validator checks its line count). */
  private quotedToValue(draft: Draft, code: string, value: Record<string, unknown>): void {
    const { side, oldPath, newPath } = draft.quotedPlace!;
    if (side !== draft.side) this.fail(draft.lines.quotedLines!, `${LABELS.quotedLines} says the ${side} side; the heading says ${draft.side ?? 'none'}`);
    value.quoted = { code, oldPath, newPath };
  }
}

/** `a · b` split at the first separator; [text, null] without one. */
function splitOnce(text: string, separator: string): [string, string | null] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, null] : [text.slice(0, at), text.slice(at + separator.length)];
}

/** The 0-based line a validation problem points at: the most specific part of the annotation read. */
function lineOfField(field: string, fieldLines: Record<string, number>, headerLines: Record<string, number>): number | undefined {
  const annotation = /^(annotations\[\d+\]|carried\[\d+\]\.annotation)(?:\.(\w+))?/.exec(field);
  if (annotation) {
    const prefix = annotation[1]!;
    const part = annotation[2];
    const specific =
      part === 'id' || part === 'revision'
        ? fieldLines[`${prefix}.suggestion`]
        : part !== undefined
          ? fieldLines[`${prefix}.${part}`]
          : undefined;
    return specific ?? fieldLines[`${prefix}.heading`];
  }
  const top = /^(?:target\.)?(\w+)/.exec(field)?.[1];
  if (top === 'kind' || top === 'description') return headerLines.target;
  return top === undefined ? undefined : headerLines[top];
}

/**
 * The line without its trailing spaces, tabs and CRs. A loop, not
 * `/[ \t\r]+$/`: that pattern restarts at every blank of a long run that
 * does not end the line, quadratic in the run.
 */
function trimEnd(line: string): string {
  let end = line.length;
  for (let c = line.charCodeAt(end - 1); c === 0x20 || c === 0x09 || c === 0x0d; c = line.charCodeAt(end - 1)) end--;
  return end === line.length ? line : line.slice(0, end);
}

/** A bad line, quoted and shortened for an error message, ASCII-only. */
function preview(line: string): string {
  return quoteForMessage(line, 60);
}

export function parseFeedbackMarkdown(text: string): ParseResult {
  const reader = new MarkdownReader(text);
  reader.read();
  return reader.result();
}
