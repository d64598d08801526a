/**
 * The hydration gate: a diff parsed from the patch is "partial" (it holds
 * only the patch's lines) and Pierre cannot edit it. Before a session the
 * file's full contents are fetched, checked against every line the patch
 * shows (Pierre splices whatever it is given and never checks), and the
 * diff is rebuilt from them. Only a diff that passed all of this enters
 * edit mode, so Pierre's "partial diff" failure cannot be reached.
 */
import { hydratePartialDiff, parseDiffFromFile, type FileContents, type FileDiffMetadata } from '@pierre/diffs';
import { errorMessage, type FileContentsData } from '@redline/core';
import { findContentsMismatch, type ReviewFile } from '../src/editHost.js';
import { CHANGED_ON_DISK, refusalMessage } from './editRefusals.js';

export type HydrationResult =
  | {
      ok: true;
      /** Complete (not partial) diff showing the same changes as the patch. */
      fileDiff: FileDiffMetadata;
      /** The new side as served: the session's pre-edit text. */
      preEdit: string;
      /** sha256 of those bytes: the suggestions' revision. */
      revision: string;
    }
  | { ok: false; reason: string };

export function hydrateForEditing(file: ReviewFile, data: FileContentsData): HydrationResult {
  const { fileDiff } = file;
  if (!data.new || fileDiff.type === 'deleted') return { ok: false, reason: refusalMessage('deleted') };
  const oldText = data.old?.contents ?? null;
  const newText = data.new.contents;
  const mismatch = findContentsMismatch(fileDiff, oldText, newText);
  if (mismatch) return { ok: false, reason: `${CHANGED_ON_DISK} (line ${mismatch.lineNumber}, ${mismatch.side} side)` };

  const newFile: FileContents = { name: file.path, contents: newText, cacheKey: `edit-new:${data.new.sha256}` };
  let hydrated: FileDiffMetadata;
  try {
    if (!fileDiff.isPartial) {
      // Already hydrated in place when the reviewer expanded context (checked then, and again above).
      hydrated = fileDiff;
    } else if (fileDiff.type === 'new') {
      // processFile/hydratePartialDiff leave a new file partial: rebuild it from its contents.
      hydrated = parseDiffFromFile(null, newFile);
      hydrated.cacheKey = `edit:${data.new.sha256}`;
    } else if (fileDiff.type === 'change' || fileDiff.type === 'rename-changed') {
      if (oldText === null) return { ok: false, reason: `${CHANGED_ON_DISK} (the old side is missing)` };
      const oldFile: FileContents = { name: file.oldPath ?? file.path, contents: oldText, cacheKey: `edit-old:${data.old!.sha256}` };
      hydrated = hydratePartialDiff('clone', fileDiff, { oldFile, newFile });
    } else {
      return { ok: false, reason: 'No changed lines to edit in this diff' };
    }
  } catch (error) {
    return { ok: false, reason: `The diff could not be prepared for editing: ${errorMessage(error)}` };
  }
  // The editor's document is the new side of this diff: it must be exactly the served text.
  if (hydrated.isPartial || hydrated.additionLines.join('') !== newText) {
    return { ok: false, reason: `${CHANGED_ON_DISK} (the rebuilt diff does not match the file)` };
  }
  return { ok: true, fileDiff: hydrated, preEdit: newText, revision: data.new.sha256 };
}
