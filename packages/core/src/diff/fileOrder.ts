/**
 * The one order of a review's files, everywhere the reviewer sees a list of
 * them: the diff, the file tree, `j`/`k`, the Comments tab, the export and the
 * server's first screen. It is the tree's order read top to bottom: at the
 * first path segment where two paths differ, a folder comes before a file,
 * and otherwise names compare byte-wise (by code point, which is UTF-8 byte
 * order: git's own order within a folder, never the locale's).
 *
 * A renamed file sorts by its new path (its `path`), a deleted one by the
 * path it had. Untracked files are ordinary files here: they sit beside
 * their tracked neighbours (a deleted `base.js` next to an untracked
 * `base.ts`), not after all of them as git lists them.
 */

/** Byte-wise (UTF-8) order of two names: code point by code point. */
export function compareNames(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    if (x > 0xffff) i++; // both are the same astral character: skip its second half
  }
  return a.length - b.length;
}

/** Folders first, then names: the tree's order of two file paths. */
export function compareFilePaths(a: string, b: string): number {
  const as = a.split('/');
  const bs = b.split('/');
  for (let i = 0; ; i++) {
    const aIsFile = i === as.length - 1;
    const bIsFile = i === bs.length - 1;
    if (as[i] !== bs[i] || aIsFile || bIsFile) {
      if (aIsFile !== bIsFile) return aIsFile ? 1 : -1;
      return compareNames(as[i]!, bs[i]!);
    }
  }
}

/** A copy of `items` in file order (stable: equal paths keep their order). */
export function sortByFileOrder<T>(items: readonly T[], pathOf: (item: T) => string): T[] {
  return [...items].sort((x, y) => compareFilePaths(pathOf(x), pathOf(y)));
}
