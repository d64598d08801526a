/**
 * The first screen of the review, rendered by the server into the page's
 * HTML: the top bar, the first rows of the file tree and the first files'
 * diff, as plain text in the page's own colours. The browser paints it as
 * soon as the HTML arrives, while the app's script (770 KB) is still being
 * compiled and the highlighter's workers start; the app removes it when its
 * own diff view has painted (packages/review-editor/src/services/firstScreen.ts).
 *
 * It is a picture, not an interface: `inert` and hidden from assistive
 * technology, no buttons, no links. Both layouts are rendered; the page's
 * first script marks the reviewer's "split"/"unified" setting on <html> and
 * CSS shows the matching one (the settings cookies are SameSite=Strict, so
 * the request that opens the review from the terminal's link may not carry
 * them). For the same reason the "Hide whitespace" mode it was read in is
 * written on it, and CSS hides its diff if the setting says otherwise.
 *
 * Files are shown as the app first shows them: in the patch's order,
 * generated and large files collapsed to their header (fileClassification
 * in @redline/core), binary and rename-only files as a one-line note.
 * Everything from the patch is HTML-escaped, and bidi, invisible and control
 * characters are shown as visible `\u{…}` escapes.
 */
import {
  buildFileTree,
  countChangedLines,
  escapeUnsafeChars,
  FIRST_SCREEN_ID,
  forEachGitLine,
  flattenFileTree,
  isGeneratedFile,
  isLargeDiff,
  splitPatchSections,
  stripCr,
  statusLetter,
  type FileFacts,
  type ReviewData,
} from '@redline/core';

export interface FirstScreenOptions {
  /**
   * Diff rows per layout: about a 1,100-pixel-tall window's worth. Each costs
   * layout time before the first paint, while the browser is busiest.
   */
  maxRows?: number;
  /** File tree rows. */
  maxTreeRows?: number;
  /** Characters per code line (the rest is off screen anyway). */
  maxLineChars?: number;
}

const DEFAULTS: Required<FirstScreenOptions> = { maxRows: 48, maxTreeRows: 36, maxLineChars: 240 };

type RowKind = 'context' | 'addition' | 'deletion';

interface DiffRow {
  kind: RowKind;
  oldLine: number | null;
  newLine: number | null;
  text: string;
}

/** A hunk's rows, and how many unchanged lines come before it. */
interface Hunk {
  gapBefore: number;
  rows: DiffRow[];
}

/** The first screen's HTML, or '' when there is nothing to show. */
export function renderFirstScreen(review: ReviewData, options: FirstScreenOptions = {}): string {
  const limits = { ...DEFAULTS, ...options };
  const sections = splitPatchSections(review.patch);
  // The facts and the sections must line up one to one, as they do for every
  // diff git prints; anything else is left to the app (which copes with it).
  if (review.files.length === 0 || sections.length !== review.files.length) return '';

  const unified: string[] = [];
  const split: string[] = [];
  let rowsLeft = limits.maxRows;
  for (let i = 0; i < review.files.length && rowsLeft > 0; i++) {
    const facts = review.files[i]!;
    const section = sections[i]!;
    const header = fileHeader(facts);
    const body = fileBody(facts, section, limits, rowsLeft);
    rowsLeft -= 2 + body.rows;
    unified.push(`<section class="fs-file">${header}${body.unified}</section>`);
    split.push(`<section class="fs-file">${header}${body.split}</section>`);
  }

  return [
    `<div id="${FIRST_SCREEN_ID}" class="fs" data-ignore-whitespace="${review.ignoreWhitespace ? 'on' : 'off'}" aria-hidden="true" inert>`,
    topBar(review),
    '<div class="fs-workspace">',
    sidebar(review.files, limits.maxTreeRows),
    '<div class="fs-diff">',
    overview(review),
    `<div class="fs-layout fs-unified">${unified.join('')}</div>`,
    `<div class="fs-layout fs-split">${split.join('')}</div>`,
    '</div></div></div>',
  ].join('');
}

function topBar(review: ReviewData): string {
  return (
    '<div class="topbar"><div class="topbar-title"><span class="brand">◆</span>' +
    `<div class="fs-title"><span class="repo-name">${text(review.repoName)}</span>` +
    `<span class="target">${text(review.target.description)}</span></div></div></div>`
  );
}

/** What the app's ReviewOverview shows above the files. */
function overview(review: ReviewData): string {
  const { additions, deletions } = countChangedLines(review.files);
  const count = review.files.length;
  return (
    `<div class="overview"><div class="overview-line"><span class="overview-target">${text(review.target.description)}</span>` +
    `<span class="overview-stats">${count} ${count === 1 ? 'file' : 'files'} changed ` +
    `<span class="count-add">+${additions.toLocaleString('en')}</span> <span class="count-del">−${deletions.toLocaleString('en')}</span></span></div></div>`
  );
}

function sidebar(files: readonly FileFacts[], maxRows: number): string {
  const tree = buildFileTree(files.map((facts) => ({ id: facts.path, path: facts.path, facts })));
  const rows = flattenFileTree(tree, new Set()).slice(0, maxRows);
  const out = rows.map((row) => {
    const indent = `style="padding-left:${row.depth * 16}px"`;
    if (row.kind === 'folder') return `<div class="fs-tree-row fs-tree-folder" ${indent}>${text(row.folder.name)}</div>`;
    const { facts } = row.file;
    const letter = statusLetter(facts.status);
    return (
      `<div class="fs-tree-row" ${indent}><span class="status-letter status-${letter}">${letter}</span>` +
      `<span class="fs-tree-name">${text(row.name)}</span>${counts(facts, 'added first')}</div>`
    );
  });
  return (
    `<div class="fs-sidebar"><div class="fs-tabs"><span class="fs-tab">Files <span class="counter">${files.length}</span></span>` +
    `<span class="fs-tab fs-tab-muted">Comments <span class="counter">0</span></span></div>` +
    `<div class="fs-filter">Filter files</div>${out.join('')}</div>`
  );
}

function fileHeader(facts: FileFacts): string {
  const renamed = facts.oldPath !== null && facts.oldPath !== facts.path ? `${text(facts.oldPath)} → ` : '';
  const letter = statusLetter(facts.status);
  return (
    `<div class="fs-file-header"><span class="status-letter status-${letter}">${letter}</span>` +
    `<span class="fs-path">${renamed}${text(facts.path)}</span>${counts(facts)}</div>`
  );
}

/** "−9 +12" as the app's file headers show it; the tree puts additions first. */
function counts(facts: FileFacts, order: 'deleted first' | 'added first' = 'deleted first'): string {
  const del = facts.deletions ? `<span class="count-del">−${facts.deletions}</span>` : '';
  const add = facts.additions ? `<span class="count-add">+${facts.additions}</span>` : '';
  return `<span class="fs-counts">${order === 'added first' ? add + del : del + add}</span>`;
}

/** The file's diff in both layouts (or its note), and the rows it used. */
function fileBody(
  facts: FileFacts,
  section: string,
  limits: Required<FirstScreenOptions>,
  rowsLeft: number,
): { unified: string; split: string; rows: number } {
  const note = (message: string) => {
    const html = `<div class="fs-note">${text(message)}</div>`;
    return { unified: html, split: html, rows: 1 };
  };
  if (facts.binary) return note('Binary file not shown.');
  const changed = facts.additions + facts.deletions;
  if (isLargeDiff(changed, section.length)) return note(`Large diff (${changed.toLocaleString('en-US')} changed lines) not shown until loaded.`);
  const hunks = parseHunks(section, rowsLeft, limits.maxLineChars);
  if (hunks.length === 0) return note(facts.oldPath !== null && facts.oldPath !== facts.path ? 'File renamed without changes.' : 'No changed lines.');
  if (isGeneratedFile(facts.path, firstAddedLines(hunks))) return { unified: '', split: '', rows: 0 };

  const unified: string[] = [];
  const split: string[] = [];
  let rows = 0;
  for (const hunk of hunks) {
    if (hunk.gapBefore > 0) {
      const separator = `<div class="fs-separator">${hunk.gapBefore} unmodified line${hunk.gapBefore === 1 ? '' : 's'}</div>`;
      unified.push(separator);
      split.push(separator);
      rows++;
    }
    for (const row of hunk.rows) unified.push(unifiedRow(row));
    for (const [left, right] of pairRows(hunk.rows)) split.push(splitRow(left, right));
    rows += hunk.rows.length;
  }
  return { unified: `<div class="fs-code">${unified.join('')}</div>`, split: `<div class="fs-code">${split.join('')}</div>`, rows };
}

/**
 * The hunks of one file's section, up to `maxRows` rows in all. Lines
 * after the last row are not read (a section can be megabytes long).
 */
export function parseHunks(section: string, maxRows: number, maxLineChars: number): Hunk[] {
  const hunks: Hunk[] = [];
  let current: Hunk | null = null;
  let oldLine = 0;
  let newLine = 0;
  let nextOld = 1;
  let rows = 0;
  if (maxRows <= 0) return hunks;
  forEachGitLine(section, (line) => {
    const header = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,\d+)? @@/.exec(line);
    if (header) {
      oldLine = Number(header[1]);
      newLine = Number(header[3]);
      // A hunk that only adds to an empty side starts "at" line 0.
      const oldStart = header[2] === '0' ? oldLine + 1 : oldLine;
      current = { gapBefore: Math.max(0, oldStart - nextOld), rows: [] };
      hunks.push(current);
      return true;
    }
    if (!current) return true; // the section's header lines
    const marker = line.charAt(0);
    const content = clip(stripCr(line.slice(1)), maxLineChars);
    if (marker === ' ') current.rows.push({ kind: 'context', oldLine: oldLine++, newLine: newLine++, text: content });
    else if (marker === '-') current.rows.push({ kind: 'deletion', oldLine: oldLine++, newLine: null, text: content });
    else if (marker === '+') current.rows.push({ kind: 'addition', oldLine: null, newLine: newLine++, text: content });
    else return true; // "\ No newline at end of file", or the end of the section
    nextOld = oldLine;
    rows++;
    return rows < maxRows;
  });
  return hunks;
}

function firstAddedLines(hunks: readonly Hunk[]): string[] {
  const lines: string[] = [];
  for (const hunk of hunks) {
    for (const row of hunk.rows) {
      if (row.kind !== 'deletion') lines.push(row.text);
      if (lines.length === 5) return lines;
    }
  }
  return lines;
}

/** Split view: each run of deletions beside the run of additions after it. */
function pairRows(rows: readonly DiffRow[]): Array<[DiffRow | null, DiffRow | null]> {
  const out: Array<[DiffRow | null, DiffRow | null]> = [];
  let i = 0;
  while (i < rows.length) {
    const row = rows[i]!;
    if (row.kind === 'context') {
      out.push([row, row]);
      i++;
      continue;
    }
    const deletions: DiffRow[] = [];
    const additions: DiffRow[] = [];
    while (i < rows.length && rows[i]!.kind === 'deletion') deletions.push(rows[i++]!);
    while (i < rows.length && rows[i]!.kind === 'addition') additions.push(rows[i++]!);
    for (let k = 0; k < Math.max(deletions.length, additions.length); k++) out.push([deletions[k] ?? null, additions[k] ?? null]);
  }
  return out;
}

const KIND_CLASS: Record<RowKind, string> = { context: 'fs-ctx', addition: 'fs-add', deletion: 'fs-del' };

function unifiedRow(row: DiffRow): string {
  const number = row.kind === 'deletion' ? row.oldLine : row.newLine;
  return `<div class="fs-row ${KIND_CLASS[row.kind]}" data-fs-row><span class="fs-num">${number}</span><span class="fs-text">${text(row.text)}</span></div>`;
}

function splitRow(left: DiffRow | null, right: DiffRow | null): string {
  const half = (row: DiffRow | null, side: 'old' | 'new') => {
    if (!row) return '<span class="fs-half fs-empty"></span>';
    const kind = row.kind === 'context' ? 'fs-ctx' : side === 'old' ? 'fs-del' : 'fs-add';
    const number = side === 'old' ? row.oldLine : row.newLine;
    return `<span class="fs-half ${kind}"><span class="fs-num">${number}</span><span class="fs-text">${text(row.text)}</span></span>`;
  };
  return `<div class="fs-row fs-pair" data-fs-row>${half(left, 'old')}${half(right, 'new')}</div>`;
}

function clip(line: string, max: number): string {
  return line.length > max ? line.slice(0, max) : line;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escaped for HTML, with unsafe characters (bidi, invisible, control) made visible. */
function text(value: string): string {
  return escapeUnsafeChars(value).replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}
