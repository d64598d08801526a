/**
 * The texts `reanchorAnnotations` (core) compares after a refresh: for each
 * file with line annotations, both sides as they were (the diff the
 * annotations were made on) and as they are now.
 *
 * Each side is read from the server when it can serve it for that diff
 * (contents fetched earlier are cached); when it cannot (the file changed on
 * disk since, binary, patch-only…), what the diff itself shows stands in,
 * with unknown lines as placeholders that match nothing (knownSideText).
 */
import type { Annotation, FileContentsData, ReanchorTexts, Side, SideTextChange } from '@redline/core';
import { knownSideText } from './diffLines.js';
import type { ReviewFile } from './reviewFile.js';

export interface ReviewGeneration {
  /** The files of that diff, by (current) path. */
  files: ReadonlyMap<string, ReviewFile>;
  read(path: string): Promise<FileContentsData>;
}

export async function collectReanchorTexts(
  annotations: readonly Annotation[],
  generations: { before: ReviewGeneration; after: ReviewGeneration },
): Promise<ReanchorTexts> {
  const paths = new Set(annotations.filter((a) => a.scope === 'line' && !a.outdated).map((a) => a.path));
  const texts: Record<string, Partial<Record<Side, SideTextChange>>> = {};
  await Promise.all(
    [...paths].map(async (path) => {
      const oldFile = generations.before.files.get(path);
      if (!oldFile) return; // never shown: nothing known changed
      const newFile = generations.after.files.get(path);
      const before = await sideTexts(path, oldFile, generations.before);
      const after = newFile ? await sideTexts(path, newFile, generations.after) : { old: null, new: null };
      texts[path] = {
        old: { before: before.old, after: after.old },
        new: { before: before.new, after: after.new },
      };
    }),
  );
  return texts;
}

async function sideTexts(path: string, file: ReviewFile, generation: ReviewGeneration): Promise<{ old: string | null; new: string | null }> {
  try {
    const data = await generation.read(path);
    return { old: data.old?.contents ?? null, new: data.new?.contents ?? null };
  } catch {
    return {
      old: file.status === 'added' ? null : knownSideText(file.fileDiff, 'old'),
      new: file.status === 'deleted' ? null : knownSideText(file.fileDiff, 'new'),
    };
  }
}
