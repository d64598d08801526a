/**
 * What a file's diff cannot show by itself, in the words the review page
 * uses (FileNotices) and the server's first screen repeats: binary, mode,
 * rename, links, empty files. One home, so the two cannot drift.
 */
import { formatBytes } from '../diff/fileClassification.js';
import { isImageFile } from '../diff/imageFiles.js';
import type { FileFacts } from '../model/types.js';

/** Renamed and nothing else: no changed lines. `hasLines`: the diff has at least one hunk. */
export function isRenameOnly(facts: FileFacts, hasLines: boolean): boolean {
  return !hasLines && !facts.binary && facts.oldPath !== null && facts.oldPath !== facts.path;
}

/** Only the file mode changed (no lines, no rename). */
export function isModeOnly(facts: FileFacts, hasLines: boolean): boolean {
  const modeChanged = facts.oldMode !== null && facts.newMode !== null && facts.oldMode !== facts.newMode;
  return !hasLines && !facts.binary && modeChanged && (facts.oldPath === null || facts.oldPath === facts.path);
}

export function fileNotices(facts: FileFacts, hasLines: boolean, shows: { images: boolean } = { images: false }): string[] {
  const notices: string[] = [];
  // The page draws pictures (images/): their bytes are shown, not "not shown"; the first screen does not.
  if (facts.binary && !(shows.images && isImageFile(facts))) notices.push(`Binary file, not shown · ${formatBytes(facts.oldSize)} → ${formatBytes(facts.newSize)}`);
  if (facts.submodule) notices.push('Submodule: the diff shows the commit it points to.');
  else if (facts.symlink) notices.push('Symbolic link: the diff shows the path it points to.');
  if (facts.oldMode && facts.newMode && facts.oldMode !== facts.newMode) notices.push(`File mode changed ${facts.oldMode} → ${facts.newMode}`);
  const renameOnly = isRenameOnly(facts, hasLines);
  if (renameOnly) notices.push(`Renamed from ${facts.oldPath} without changes`);
  if (!facts.binary && !isModeOnly(facts, hasLines) && !renameOnly && !hasLines) notices.push(emptyDiffNotice(facts));
  return notices;
}

function emptyDiffNotice(facts: FileFacts): string {
  if (facts.status === 'added') return 'Empty file added';
  if (facts.status === 'deleted') return 'Empty file deleted';
  return 'No changes to show';
}
