/**
 * The first screen of the review as HTML, drawn from the core's model
 * (buildFirstScreen: rows, notes, tree rows, counts and their wording) into
 * the page's HTML: the browser paints it as soon as the HTML arrives, while
 * the app's script (770 KB) is still being compiled and the highlighter's
 * workers start; the app removes it when its own diff view has painted
 * (packages/review-editor/src/reviewLoading/firstScreen.ts).
 *
 * Its code is highlighted (firstScreenHighlight.ts) and live: a click on a
 * line number opens a comment form there, which the app takes over with
 * what was typed in it (index.html's first-screen script,
 * packages/review-editor/src/reviewLoading/firstScreen.ts). The top bar and
 * the tree are pictures: `inert` and hidden from assistive technology, no
 * buttons, no links. Both layouts are rendered; the page's
 * first script marks "split" or "unified" on <html> (the reviewer's setting
 * and the window's width, which only the browser knows) and CSS shows the
 * matching one. The "Hide whitespace" mode it was read in (the reviewer's
 * preferences, read by reviewPage.ts) is written on it, and CSS hides its
 * diff if the page's setting says otherwise. A
 * review that continues a series is drawn as the page opens it, the change
 * since the last round (`data-round-view="since"`; hidden when the address
 * keeps another round view).
 *
 * Everything from the patch is HTML-escaped, and bidi, invisible and control
 * characters are shown as visible `\u{…}` escapes.
 */
import {
  buildFirstScreen,
  escapeUnsafeChars,
  FIRST_SCREEN_ID,
  FIRST_SCREEN_LIMITS,
  OVERVIEW_WORDS,
  SIDEBAR_WORDS,
  signedCount,
  type DiffRow,
  type FirstScreen,
  type FirstScreenFile,
  type FirstScreenLimits,
  type FirstScreenTreeRow,
  type ReviewData,
  type RowKind,
} from '@redline/core';
import { escapeHtml } from '../html/escapeHtml.js';
import { sinceRoundSections } from '../rounds/sinceRoundSections.js';
import type { LineHighlighter } from './firstScreenHighlight.js';

export type FirstScreenOptions = Partial<FirstScreenLimits>;

/**
 * The first screen's HTML, or '' when there is nothing to show. With a
 * highlighter its code is coloured (`data-highlighted` on it says so).
 * `patchSections`: the patch cut into sections already (ReviewSession.patchSections), else it is cut here.
 */
export function renderFirstScreen(
  review: ReviewData,
  options: FirstScreenOptions = {},
  highlighter: LineHighlighter | null = null,
  patchSections: readonly string[] | null = null,
): string {
  // A review that continues a series opens on the change since the last round: so does its picture.
  const roundView = review.sinceRound ? sinceRoundSections(review.sinceRound) : null;
  const screen = buildFirstScreen(review, { ...FIRST_SCREEN_LIMITS, ...options }, roundView, patchSections ?? undefined);
  if (!screen) return '';
  const sections = screen.files.map((file) => {
    const code = codeOf(file, highlighter);
    const head = `<section class="fs-file" data-path="${escapeHtml(file.path)}">${fileHeader(file)}${fileNotes(file)}`;
    return { unified: `${head}${unifiedCode(file, code)}</section>`, split: `${head}${splitCode(file, code)}</section>` };
  });
  return [
    `<div id="${FIRST_SCREEN_ID}" class="fs" data-ignore-whitespace="${screen.ignoreWhitespace ? 'on' : 'off'}"${roundView ? ' data-round-view="since"' : ''}${highlighter ? ' data-highlighted' : ''}>`,
    topBar(screen),
    '<div class="fs-workspace">',
    sidebar(screen),
    '<div class="fs-diff">',
    overview(screen),
    `<div class="fs-layout fs-unified">${sections.map((s) => s.unified).join('')}</div>`,
    `<div class="fs-layout fs-split">${sections.map((s) => s.split).join('')}</div>`,
    '</div></div></div>',
  ].join('');
}

/** Each row's code as HTML, per side: the old side's lines and the new side's are highlighted as two texts, as the app does. */
interface RowCode {
  old: Map<DiffRow, string>;
  new: Map<DiffRow, string>;
}

function codeOf(file: FirstScreenFile, highlighter: LineHighlighter | null): RowCode {
  const code: RowCode = { old: new Map(), new: new Map() };
  const rows = file.hunks.flatMap((hunk) => hunk.rows);
  for (const side of ['old', 'new'] as const) {
    const sideRows = rows.filter((row) => row.kind !== (side === 'old' ? 'addition' : 'deletion'));
    const html = highlighter?.highlight(file.path, sideRows.map((row) => escapeUnsafeChars(row.text))) ?? null;
    sideRows.forEach((row, i) => code[side].set(row, html?.[i] ?? text(row.text)));
  }
  return code;
}

function topBar(screen: FirstScreen): string {
  return (
    '<div class="topbar" aria-hidden="true" inert><div class="topbar-title"><span class="brand">◆</span>' +
    `<div class="fs-title"><span class="repo-name">${text(screen.repoName)}</span>` +
    `<span class="target">${text(screen.target)}</span></div></div></div>`
  );
}

/** What the app's ReviewOverview shows above the files. */
function overview({ target, totals }: FirstScreen): string {
  return (
    `<div class="overview"><div class="overview-line"><span class="overview-target">${text(target)}</span>` +
    `<span class="overview-stats">${totals.label} ` +
    `<span class="count-add">${totals.additions}</span> <span class="count-del">${totals.deletions}</span></span>` +
    // The app's button, its room held unseen: the line wraps where the app's does (a narrow window), so no file moves.
    `<span class="spacer"></span><span class="btn btn-small fs-held" aria-hidden="true">${OVERVIEW_WORDS.generalComment}</span></div></div>`
  );
}

function sidebar(screen: FirstScreen): string {
  return (
    `<div class="fs-sidebar" aria-hidden="true" inert><div class="fs-tabs"><span class="fs-tab">${SIDEBAR_WORDS.files} <span class="counter">${screen.fileCount}</span></span>` +
    `<span class="fs-tab fs-tab-muted">${SIDEBAR_WORDS.comments} <span class="counter">0</span></span></div>` +
    `<div class="fs-filter">${SIDEBAR_WORDS.filter}</div><div class="fs-shown"></div>${screen.tree.map(treeRow).join('')}</div>`
  );
}

function treeRow(row: FirstScreenTreeRow): string {
  const indent = `style="padding-left:${row.depth * 16}px"`;
  if (row.kind === 'folder') return `<div class="fs-tree-row fs-tree-folder" ${indent}>${text(row.name)}</div>`;
  return (
    `<div class="fs-tree-row" ${indent}><span class="status-letter status-${row.letter}">${row.letter}</span>` +
    `<span class="fs-tree-name">${text(row.name)}</span>${counts(row)}</div>`
  );
}

function fileHeader(file: FirstScreenFile): string {
  const renamed = file.renamedFrom !== null ? `${text(file.renamedFrom)} → ` : '';
  return (
    `<div class="fs-file-header"><span class="status-letter status-${file.letter}">${file.letter}</span>` +
    `<span class="fs-path">${renamed}${text(file.path)}</span>${moveChip(file)}${counts(file)}</div>`
  );
}

/** "renamed, 87% similar", as the page's header chip says it. */
function moveChip(file: FirstScreenFile): string {
  return file.moveWords === null ? '' : `<span class="fs-move">${text(file.moveWords)}</span>`;
}

/** "+12 −9", as the app's file headers and tree show them (ui/ChangeCounts.tsx). */
function counts(file: { additions: number; deletions: number }): string {
  const add = file.additions ? `<span class="count-add">${signedCount('+', file.additions)}</span>` : '';
  const del = file.deletions ? `<span class="count-del">${signedCount('−', file.deletions)}</span>` : '';
  return `<span class="fs-counts">${add}${del}</span>`;
}

function fileNotes(file: FirstScreenFile): string {
  return file.notes.map((note) => `<div class="fs-note">${text(note)}</div>`).join('');
}

function unifiedCode(file: FirstScreenFile, code: RowCode): string {
  if (file.hunks.length === 0) return '';
  const rows = file.hunks.flatMap((hunk) => [separator(hunk.gap), ...hunk.rows.map((row) => unifiedRow(row, code))]);
  return `<div class="fs-code">${rows.join('')}</div>`;
}

function splitCode(file: FirstScreenFile, code: RowCode): string {
  if (file.hunks.length === 0) return '';
  const rows = file.hunks.flatMap((hunk) => [separator(hunk.gap), ...hunk.pairs.map(([left, right]) => splitRow(left, right, code))]);
  return `<div class="fs-code">${rows.join('')}</div>`;
}

function separator(gap: string | null): string {
  return gap === null ? '' : `<div class="fs-separator">${gap}</div>`;
}

const KIND_CLASS: Record<RowKind, string> = { context: 'fs-ctx', addition: 'fs-add', deletion: 'fs-del' };

function unifiedRow(row: DiffRow, code: RowCode): string {
  const side = row.kind === 'deletion' ? 'old' : 'new';
  const number = side === 'old' ? row.oldLine : row.newLine;
  return `<div class="fs-row ${KIND_CLASS[row.kind]}" data-fs-row><span class="fs-num">${number}</span><span class="fs-text">${code[side].get(row) ?? text(row.text)}</span></div>`;
}

function splitRow(left: DiffRow | null, right: DiffRow | null, code: RowCode): string {
  const half = (row: DiffRow | null, side: 'old' | 'new') => {
    if (!row) return '<span class="fs-half fs-empty"></span>';
    const kind = row.kind === 'context' ? 'fs-ctx' : side === 'old' ? 'fs-del' : 'fs-add';
    const number = side === 'old' ? row.oldLine : row.newLine;
    return `<span class="fs-half ${kind}"><span class="fs-num">${number}</span><span class="fs-text">${code[side].get(row) ?? text(row.text)}</span></span>`;
  };
  return `<div class="fs-row fs-pair" data-fs-row>${half(left, 'old')}${half(right, 'new')}</div>`;
}

/** Escaped for HTML, with unsafe characters (bidi, invisible, control) made visible. */
function text(value: string): string {
  return escapeHtml(escapeUnsafeChars(value));
}
