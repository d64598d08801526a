/**
 * Full file contents from GET /api/file, cached per review fingerprint and
 * path (a refresh starts a new generation), and CodeView's `loadDiffFiles`,
 * which checks them against the patch before use (Pierre does not).
 */
import type { FileContents, FileDiffLoadedFiles, FileDiffMetadata } from '@pierre/diffs';
import { errorMessage, type FileContentsData } from '@redline/core';
import type { ReviewApi } from '../api/apiClient.js';
import type { ReviewStore } from '../app/reviewStore.js';
import { isViewFileDiff } from '../diffViews/viewDiffs.js';
import { findContentsMismatch } from './contentsMatchPatch.js';
import type { ReviewFile } from './reviewFile.js';

export interface FileContentsService {
  /** Both sides of `path` for the diff `forFingerprint` (default: the one on screen). */
  fetchContents(path: string, forFingerprint?: string): Promise<FileContentsData>;
  /** CodeView's `loadDiffFiles`: full contents for expanding context, checked against the patch first. */
  loadDiffFiles(fileDiff: FileDiffMetadata): Promise<FileDiffLoadedFiles>;
}

export function createFileContents(store: ReviewStore, api: ReviewApi): FileContentsService {
  const contents = new Map<string, Promise<FileContentsData>>();
  const state = () => store.getState();

  function fetchContents(path: string, forFingerprint = state().review?.fingerprint ?? ''): Promise<FileContentsData> {
    const key = `${forFingerprint}\u0000${path}`;
    let pending = contents.get(key);
    if (!pending) {
      pending = api.getFile(path, forFingerprint);
      contents.set(key, pending);
      // A failure is not cached: the next attempt asks again.
      pending.catch(() => contents.delete(key));
    }
    return pending;
  }

  async function loadDiffFiles(fileDiff: FileDiffMetadata): Promise<FileDiffLoadedFiles> {
    if (isViewFileDiff(fileDiff)) {
      // Its old side is a recorded round's text, which the file endpoint does not serve.
      state().showToast('More context is shown in "All changes"; a round view shows the lines that changed between its two states.');
      throw new Error(`loadDiffFiles: ${fileDiff.name} is shown in a round view`);
    }
    const file = state().files.find((f) => f.fileDiff === fileDiff) ?? state().files.find((f) => f.path === fileDiff.name);
    if (!file) throw new Error(`loadDiffFiles: ${fileDiff.name} is not in this review`);
    try {
      return checkedContents(file, fileDiff, await fetchContents(file.path));
    } catch (error) {
      state().showToast(`Cannot show more context: ${errorMessage(error)}`);
      throw error;
    }
  }

  return { fetchContents, loadDiffFiles };
}

function checkedContents(file: ReviewFile, fileDiff: FileDiffMetadata, data: FileContentsData): FileDiffLoadedFiles {
  const mismatch = findContentsMismatch(fileDiff, data.old?.contents ?? null, data.new?.contents ?? null);
  if (mismatch) {
    throw new Error(`${file.path} changed on disk since the diff was read (line ${mismatch.lineNumber}, ${mismatch.side} side); refresh the diff to expand it`);
  }
  const newFile: FileContents = { name: file.path, contents: data.new?.contents ?? '', cacheKey: `new:${data.new?.sha256 ?? 'none'}` };
  if (fileDiff.type === 'rename-pure') return { oldFile: null, newFile };
  const oldFile: FileContents = { name: file.oldPath ?? file.path, contents: data.old?.contents ?? '', cacheKey: `old:${data.old?.sha256 ?? 'none'}` };
  return { oldFile, newFile };
}
