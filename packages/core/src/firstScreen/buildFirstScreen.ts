/**
 * The first screen of a review as data: the top bar, the first rows of the
 * file tree and the first files' diff, with every word the page would show
 * there. DOM-free: the server draws it as HTML before any of the page's code
 * has run (apps/cli/src/server/firstScreen.ts), and the page's components
 * take their words from the same modules (fileNotices, diffWording), so the
 * picture and the app cannot drift apart.
 *
 * Files are shown as the app first shows them: in the one file order
 * (fileOrder.ts: the tree's, not the patch's, which is git's),
 * generated and large files collapsed to their header (fileClassification),
 * a file without lines as its notices.
 */
import { countChangedLines } from '../diff/countChangedLines.js';
import { isGeneratedFile, isLargeDiff, statusLetter } from '../diff/fileClassification.js';
import { firstNewLines } from '../diff/firstNewLines.js';
import { sortByFileOrder } from '../diff/fileOrder.js';
import { buildFileTree, flattenFileTree } from '../diff/fileTree.js';
import { splitPatchSections } from '../diff/splitPatchSections.js';
import type { FileFacts, ReviewData } from '../model/types.js';
import { threadHeldPaths } from '../rounds/threadHeldPaths.js';
import { similarityWords } from '../model/fileMove.js';
import { changedFilesLabel, largeDiffNote, signedCount, unmodifiedLinesLabel } from './diffWording.js';
import { fileNotices } from './fileNotices.js';
import { pairRows, parseHunks, type DiffRow, type RowPair } from './parseHunks.js';

export interface FirstScreenLimits {
  /**
   * Diff rows per layout: about a 1,100-pixel-tall window's worth. Each costs
   * layout time before the first paint, while the browser is busiest.
   */
  maxRows: number;
  /** File tree rows. */
  maxTreeRows: number;
  /** Characters per code line (the rest is off screen anyway). */
  maxLineChars: number;
}

export const FIRST_SCREEN_LIMITS: FirstScreenLimits = { maxRows: 48, maxTreeRows: 36, maxLineChars: 240 };

export interface FirstScreen {
  repoName: string;
  target: string;
  ignoreWhitespace: boolean;
  fileCount: number;
  /** "3 files changed", "+1,234", "−56". */
  totals: { label: string; additions: string; deletions: string };
  tree: FirstScreenTreeRow[];
  files: FirstScreenFile[];
}

export type FirstScreenTreeRow =
  | { kind: 'folder'; depth: number; name: string }
  | { kind: 'file'; depth: number; name: string; letter: string; additions: number; deletions: number };

export interface FirstScreenFile {
  letter: string;
  path: string;
  /** The old path of a renamed file. */
  renamedFrom: string | null;
  /** "renamed, 87% similar" when git gave the similarity (the page's header chip says the same). */
  moveWords: string | null;
  additions: number;
  deletions: number;
  /** Lines of text in place of (or above) the diff: the page's notices, or the large-diff note. */
  notes: string[];
  /** Empty when the file shows no lines (notes only, or a collapsed generated file). */
  hunks: FirstScreenHunk[];
}

export interface FirstScreenHunk {
  /** "9 unmodified lines" before the hunk, or null. */
  gap: string | null;
  rows: DiffRow[];
  pairs: RowPair[];
}

/**
 * The round view's picture (the page opens on the change since the
 * last round): each changed file's section of that diff, by path, in place
 * of the whole change's; a file without one is unchanged since and left
 * out, as the page lists it, unless an earlier round's thread holds it
 * (threadHeldPaths): then folded to its header. The overview's totals are the view's, as
 * the page counts them (its filesInView.ts): the files with a section, and
 * each section's added and removed lines; so are each file's header and tree
 * row counts.
 */
export interface FirstScreenRoundView {
  sections: ReadonlyMap<string, string>;
  counts: ReadonlyMap<string, { additions: number; deletions: number }>;
}

/** The first screen, or null when the facts and the patch's sections do not line up one to one (the app copes with that). */
/** `sections`: the patch's sections in its order, when the caller has them cut already (the server keeps them per reading). */
export function buildFirstScreen(
  review: ReviewData,
  limits: FirstScreenLimits = FIRST_SCREEN_LIMITS,
  roundView: FirstScreenRoundView | null = null,
  sections: readonly string[] = splitPatchSections(review.patch),
): FirstScreen | null {
  if (review.files.length === 0 || sections.length !== review.files.length) return null;
  // In a round view each file's header and tree row count its round diff's lines, as the page's do.
  const shownFacts = roundView ? review.files.map((facts) => countedInView(facts, roundView)) : review.files;
  // files[i] is the facts of section i (the contract, api.ts); shown in file order.
  const listed = listedInView(shownFacts.map((facts, i) => ({ facts, section: sections[i]! })), review, roundView);
  const ordered = sortByFileOrder(listed, (pair) => pair.facts.path);
  const files: FirstScreenFile[] = [];
  let rowsLeft = limits.maxRows;
  for (let i = 0; i < ordered.length && rowsLeft > 0; i++) {
    const { facts, section } = ordered[i]!;
    const shown = roundView ? (roundView.sections.get(facts.path) ?? null) : section;
    const { file, rows } = shown === null ? foldedFile(facts) : firstScreenFile(facts, shown, limits, rowsLeft);
    files.push(file);
    rowsLeft -= 2 + rows;
  }
  const totals = totalsOf(review.files, roundView);
  return {
    repoName: review.repoName,
    target: review.target.description,
    ignoreWhitespace: review.ignoreWhitespace,
    fileCount: review.files.length,
    totals: {
      label: changedFilesLabel(totals.files),
      additions: signedCount('+', totals.additions, { grouped: true }),
      deletions: signedCount('−', totals.deletions, { grouped: true }),
    },
    tree: treeRows(listed.map((pair) => pair.facts), limits.maxTreeRows),
    files,
  };
}

/** The files the diff and the tree list: in a round view those changed since, and those an earlier round's thread holds. */
function listedInView<T extends { facts: FileFacts }>(pairs: T[], review: ReviewData, roundView: FirstScreenRoundView | null): T[] {
  if (!roundView) return pairs;
  const held = threadHeldPaths(review.rounds?.threads ?? []);
  return pairs.filter(({ facts }) => roundView.sections.has(facts.path) || held.has(facts.path));
}

/** A file's facts with its round diff's counts when it is in the view; none for a file outside it (one set of counts, as the page's `countsInView`). */
function countedInView(facts: FileFacts, roundView: FirstScreenRoundView): FileFacts {
  const counts = roundView.sections.has(facts.path) ? roundView.counts.get(facts.path) : undefined;
  return { ...facts, additions: counts?.additions ?? 0, deletions: counts?.deletions ?? 0 };
}

/** The whole change's totals, or a round view's (its files, its lines). */
function totalsOf(files: readonly FileFacts[], roundView: FirstScreenRoundView | null): { files: number; additions: number; deletions: number } {
  if (!roundView) return { files: files.length, ...countChangedLines(files) };
  const inView = files.filter((facts) => roundView.sections.has(facts.path));
  return { files: inView.length, ...countChangedLines(inView.map((facts) => roundView.counts.get(facts.path) ?? { additions: 0, deletions: 0 })) };
}

function treeRows(files: readonly FileFacts[], maxRows: number): FirstScreenTreeRow[] {
  const tree = buildFileTree(files.map((facts) => ({ id: facts.path, path: facts.path, facts })));
  return flattenFileTree(tree, new Set()).slice(0, maxRows).map((row): FirstScreenTreeRow => {
    if (row.kind === 'folder') return { kind: 'folder', depth: row.depth, name: row.folder.name };
    const { facts } = row.file;
    return { kind: 'file', depth: row.depth, name: row.name, letter: statusLetter(facts.status), additions: facts.additions, deletions: facts.deletions };
  });
}

/** A file folded to its header (unchanged since the last round). */
function foldedFile(facts: FileFacts): { file: FirstScreenFile; rows: number } {
  return { file: { ...fileHeaderOf(facts), notes: [], hunks: [] }, rows: 0 };
}

function fileHeaderOf(facts: FileFacts): Omit<FirstScreenFile, 'notes' | 'hunks'> {
  return {
    letter: statusLetter(facts.status),
    path: facts.path,
    renamedFrom: facts.oldPath !== null && facts.oldPath !== facts.path ? facts.oldPath : null,
    moveWords: similarityWords(facts),
    additions: facts.additions,
    deletions: facts.deletions,
  };
}

/** One file's header and body, and the rows its body uses. */
function firstScreenFile(facts: FileFacts, section: string, limits: FirstScreenLimits, rowsLeft: number): { file: FirstScreenFile; rows: number } {
  const header = fileHeaderOf(facts);
  const notesOnly = (notes: string[]) => ({ file: { ...header, notes, hunks: [] }, rows: notes.length });
  if (facts.binary) return notesOnly(fileNotices(facts, false));
  const changed = facts.additions + facts.deletions;
  if (isLargeDiff(changed, section.length)) return notesOnly([largeDiffNote(changed)]);
  const parsed = parseHunks(section, rowsLeft, limits.maxLineChars);
  if (parsed.length === 0) return notesOnly(fileNotices(facts, false));
  if (isGeneratedFile(facts.path, firstNewLines(section))) return notesOnly([]);
  const notes = fileNotices(facts, true);
  const hunks = parsed.map((hunk) => ({ gap: hunk.gapBefore > 0 ? unmodifiedLinesLabel(hunk.gapBefore) : null, rows: hunk.rows, pairs: pairRows(hunk.rows) }));
  const rows = hunks.reduce((sum, hunk) => sum + (hunk.gap ? 1 : 0) + hunk.rows.length, notes.length);
  return { file: { ...header, notes, hunks }, rows };
}
