/**
 * The reviewer's pairs ("compare this deleted file with that added one",
 * docs/cli.md): a deleted file and an added file of a reading, however
 * little alike (git pairs a rename only from 50% similar, and a port from
 * `.js` to `.ts` often falls below), shown as ONE renamed file whose diff
 * turns the deleted file's text into the added file's. Applied to a
 * finished reading: the two files' sections leave the patch, the pair's
 * section (core formatUnifiedDiff, with git's rename header) is appended,
 * and the fingerprint is made again over the result, so the page, the
 * comments' anchoring and the export all see the one renamed file. A pair
 * whose files are not (or no longer) a deleted and an added text file of
 * the reading is left out, and so is one whose texts the file endpoint
 * would not serve (too large, not a regular file: the same reader,
 * `read`): both files show as git reads them.
 */
import { formatUnifiedDiff, quoteGitPath, splitPatchSections, type FileContentsData, type FileFacts, type ManualPair, type ReviewData } from '@redline/core';
import { ReviewFingerprint } from './fingerprintReview.js';
import type { FileEntry } from './reviewSnapshot.js';

export interface PairedReading {
  data: ReviewData;
  entries: FileEntry[];
}

/** The reading with the pairs that apply made one file each; null when none applies (the reading stands as it is). */
export async function applyManualPairs(data: ReviewData, entries: readonly FileEntry[], pairs: readonly ManualPair[], read: (entry: FileEntry) => Promise<FileContentsData>): Promise<PairedReading | null> {
  const byPath = new Map(entries.map((entry) => [entry.facts.path, entry] as const));
  const applying = pairs.filter((pair) => isPairable(byPath.get(pair.from), 'deleted') && isPairable(byPath.get(pair.to), 'added'));
  if (applying.length === 0) return null;
  const sections = splitPatchSections(data.patch);
  if (sections.length !== data.files.length) return null; // a patch this reader cannot cut by file: nothing is paired
  const made = (await Promise.all(applying.map((pair) => pairSection(byPath.get(pair.from)!, byPath.get(pair.to)!, read)))).filter((m) => m !== null);
  if (made.length === 0) return null;
  const paired = new Set(made.flatMap((m) => [m.from, m.entry.facts.path]));
  const kept = data.files.map((facts, i) => ({ facts, section: sections[i]! })).filter(({ facts }) => !paired.has(facts.path));
  const files = [...kept.map((k) => k.facts), ...made.map((m) => m.entry.facts)];
  const patch = [...kept.map((k) => k.section), ...made.map((m) => m.section)].join('');
  const fingerprint = new ReviewFingerprint().addPatch(patch).finish(JSON.stringify(files));
  return {
    data: { ...data, patch, files, fingerprint },
    entries: [...entries.filter((entry) => !paired.has(entry.facts.path)), ...made.map((m) => m.entry)],
  };
}

function isPairable(entry: FileEntry | undefined, status: 'deleted' | 'added'): boolean {
  return entry !== undefined && entry.facts.status === status && !entry.facts.binary && !entry.facts.symlink && !entry.facts.submodule;
}

/** The pair's section and entry; null when either text cannot be read (then the two stay apart). */
async function pairSection(deleted: FileEntry, added: FileEntry, read: (entry: FileEntry) => Promise<FileContentsData>): Promise<{ from: string; section: string; entry: FileEntry } | null> {
  const sides = await Promise.all([read(deleted), read(added)]).catch(() => null);
  const oldText = sides?.[0].old?.contents;
  const newText = sides?.[1].new?.contents;
  if (oldText === undefined || newText === undefined) return null;
  const from = deleted.facts.path;
  const to = added.facts.path;
  const body = formatUnifiedDiff(to, oldText, newText).split('\n').slice(3).join('\n');
  const q = (name: string) => quoteGitPath(name, { quotepath: true });
  const mode = deleted.facts.oldMode === added.facts.newMode ? '' : `old mode ${deleted.facts.oldMode}\nnew mode ${added.facts.newMode}\n`;
  let additions = 0;
  let deletions = 0;
  for (const line of body.split('\n')) {
    if (line.startsWith('+')) additions += 1;
    else if (line.startsWith('-')) deletions += 1;
  }
  // A rename's header carries a similarity index (the page's patch reader reads a rename only with one):
  // here the share of lines kept, of the longer side. The facts keep it unknown (null): the reviewer paired them, git did not.
  const longer = Math.max(lineCount(oldText), lineCount(newText));
  const similarity = longer === 0 || body === '' ? 100 : Math.floor((100 * (lineCount(oldText) - deletions)) / longer);
  const header = `diff --git ${q(`a/${from}`)} ${q(`b/${to}`)}\n${mode}similarity index ${similarity}%\nrename from ${q(from)}\nrename to ${q(to)}\n`;
  const section = header + (body === '' ? '' : `--- ${q(`a/${from}`)}\n+++ ${q(`b/${to}`)}\n${body}`);
  const facts: FileFacts = {
    ...added.facts,
    status: 'renamed',
    oldPath: from,
    similarity: null,
    pairedByReviewer: true,
    oldMode: deleted.facts.oldMode,
    oldBlob: deleted.facts.oldBlob,
    oldSize: deleted.facts.oldSize,
    additions,
    deletions,
  };
  return { from, section, entry: { ...added, facts } };
}

function lineCount(text: string): number {
  if (text === '') return 0;
  const breaks = text.split('\n').length - 1;
  return text.endsWith('\n') ? breaks : breaks + 1;
}
