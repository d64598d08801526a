/**
 * Which files of a diff the page shows as pictures, by the one
 * rule the server serves their bytes by: the extension of the path on
 * either side (a rename from `logo.png` to `logo` is still a picture), and
 * never a symlink or submodule. What the bytes really are is the server's
 * decision, from the bytes (apps/cli/src/images/imageContentType.ts); this
 * only says which files to ask for.
 */
import type { FileFacts } from '../model/types.js';

export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp' | 'svg';

/**
 * The largest picture the server sends, and the page asks for (each side):
 * over it the page shows a notice instead. 10 MB: a
 * screenshot at 4K is 2 to 8 MB as PNG, and the browser decodes what it is
 * sent in full.
 */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

const KIND_BY_EXTENSION: ReadonlyMap<string, ImageKind> = new Map([
  ['png', 'png'],
  ['jpg', 'jpeg'],
  ['jpeg', 'jpeg'],
  ['gif', 'gif'],
  ['webp', 'webp'],
  ['svg', 'svg'],
]);

/** The picture kind a path's extension names (case-insensitive), or null. */
export function imageKindOfPath(path: string): ImageKind | null {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  return KIND_BY_EXTENSION.get(name.slice(dot + 1).toLowerCase()) ?? null;
}

/** Whether the page shows this file as pictures, old and new. */
export function isImageFile(facts: FileFacts): boolean {
  if (facts.symlink || facts.submodule) return false;
  return imageKindOfPath(facts.path) !== null || (facts.oldPath !== null && imageKindOfPath(facts.oldPath) !== null);
}
