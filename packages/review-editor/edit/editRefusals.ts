/**
 * Why a file cannot be edited, in words for the Edit button's tooltip.
 *
 * Some reasons are known from the review alone (patch-only review, deleted;
 * and, by the core's refusalFromFileFacts, the rule the server refuses
 * `/api/file` by: submodule, symlink, binary, too large); the others only when the
 * server refuses the file's contents (`/api/file` answers with a
 * FileRefusalCode: not UTF-8, changed on disk since the diff was read...) or
 * when the hydration gate finds the contents inconsistent with the patch.
 */
import { formatBytes, MAX_EDITABLE_BYTES, refusalFromFileFacts, type FileRefusalCode, type ReviewData } from '@redline/core';
import type { ReviewFile } from '../src/editHost.js';

export const CHANGED_ON_DISK = 'Changed on disk since the diff was read: refresh the diff to edit it';

/** The reason known before fetching anything, or null when the file may be editable. */
export function staticEditRefusal(file: ReviewFile, review: Pick<ReviewData, 'patchOnly' | 'ignoreWhitespace'> | null): string | null {
  if (review?.patchOnly) return refusalMessage('patch-only');
  if (file.status === 'deleted') return refusalMessage('deleted');
  const refusal = refusalFromFileFacts(file.facts);
  if (refusal) return refusal.code === 'too-large' ? refusalMessage('too-large', refusal.size) : refusalMessage(refusal.code);
  if (file.fileDiff.hunks.length === 0 || file.fileDiff.type === 'rename-pure') return 'No changed lines to edit in this diff';
  // With `git diff -w` the patch hides whitespace changes the editor would show.
  if (review?.ignoreWhitespace) return 'Hide whitespace is on: turn it off (Settings > Display) to edit';
  return null;
}

/** The tooltip for a refusal code from `/api/file`. */
export function refusalMessage(code: FileRefusalCode | string, size?: number): string {
  switch (code) {
    case 'patch-only':
      return 'Patch-only review: there are no repository files to edit';
    case 'deleted':
      return 'Deleted file: nothing to edit';
    case 'binary':
      return 'Binary file: only text can be edited';
    case 'symlink':
      return 'Symbolic link: only regular files can be edited';
    case 'submodule':
      return 'Submodule: not a file of this repository';
    case 'not-regular':
      return 'Not a regular file: it cannot be edited';
    case 'too-large':
      return size === undefined
        ? `Too large to edit (the limit is ${formatBytes(MAX_EDITABLE_BYTES)})`
        : `Too large to edit (${formatBytes(size)}; the limit is ${formatBytes(MAX_EDITABLE_BYTES)})`;
    case 'not-utf8':
      return 'Not UTF-8 text: it cannot be edited here';
    case 'changed':
      return CHANGED_ON_DISK;
    case 'not-in-diff':
      return 'Not a file of this diff any more: refresh the diff';
    default:
      return `The file cannot be opened for editing (${code})`;
  }
}
