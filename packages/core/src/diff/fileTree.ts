/**
 * The sidebar's file tree: folders built from the paths, chains of
 * single-folder folders merged into one row ("src/components"), folders
 * before files, then flattened into rows for a virtualized list. Its order
 * read top to bottom is the review's one file order (`compareFilePaths`,
 * fileOrder.ts; fileOrder.test.ts checks the two agree).
 */
import { compareNames } from './fileOrder.js';

export interface TreeFile {
  id: string;
  path: string;
}

export interface FolderNode<F extends TreeFile> {
  kind: 'folder';
  /** Full folder path, the key for its expanded state. */
  path: string;
  /** What the row shows: one or several merged segments. */
  name: string;
  folders: FolderNode<F>[];
  files: F[];
  /** Number of files below, at any depth. */
  fileCount: number;
}

export type TreeRow<F extends TreeFile> =
  | { kind: 'folder'; key: string; depth: number; folder: FolderNode<F>; expanded: boolean }
  | { kind: 'file'; key: string; depth: number; file: F; name: string };

export function buildFileTree<F extends TreeFile>(files: readonly F[]): FolderNode<F> {
  const root: FolderNode<F> = { kind: 'folder', path: '', name: '', folders: [], files: [], fileCount: 0 };
  const folderIndex = new Map<string, FolderNode<F>>([['', root]]);
  for (const file of files) {
    const parts = file.path.split('/');
    let parent = root;
    let path = '';
    for (let i = 0; i < parts.length - 1; i++) {
      path = path ? `${path}/${parts[i]}` : parts[i]!;
      let folder = folderIndex.get(path);
      if (!folder) {
        folder = { kind: 'folder', path, name: parts[i]!, folders: [], files: [], fileCount: 0 };
        folderIndex.set(path, folder);
        parent.folders.push(folder);
      }
      parent = folder;
    }
    parent.files.push(file);
  }
  finish(root);
  root.folders = root.folders.map(mergeChains);
  return root;
}

function finish<F extends TreeFile>(folder: FolderNode<F>): number {
  folder.folders.sort((a, b) => compareNames(a.name, b.name));
  folder.files.sort((a, b) => compareNames(baseName(a.path), baseName(b.path)));
  folder.fileCount = folder.files.length + folder.folders.reduce((sum, child) => sum + finish(child), 0);
  return folder.fileCount;
}

/** "src" holding only "components" becomes one "src/components" row. */
function mergeChains<F extends TreeFile>(folder: FolderNode<F>): FolderNode<F> {
  let current = folder;
  while (current.files.length === 0 && current.folders.length === 1) {
    const only = current.folders[0]!;
    current = { ...only, name: `${current.name}/${only.name}` };
  }
  return { ...current, folders: current.folders.map(mergeChains) };
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * The file filter's one rule, for the tree and the diff it narrows: the
 * path contains the filter, trimmed, ignoring case (an empty filter matches all).
 */
export function pathMatchesFilter(path: string, filter: string): boolean {
  const needle = filter.trim().toLowerCase();
  return needle === '' || path.toLowerCase().includes(needle);
}

/**
 * The visible rows: folders in `collapsedFolders` hide their contents. With a
 * filter, only matching files (and their folders, all expanded) are listed.
 */
export function flattenFileTree<F extends TreeFile>(
  root: FolderNode<F>,
  collapsedFolders: ReadonlySet<string>,
  filter = '',
): TreeRow<F>[] {
  const needle = filter.trim().toLowerCase();
  const rows: TreeRow<F>[] = [];
  const matches = (file: F) => pathMatchesFilter(file.path, needle);

  const walk = (folder: FolderNode<F>, depth: number): boolean => {
    let any = false;
    for (const child of folder.folders) {
      const at = rows.length;
      const expanded = needle !== '' || !collapsedFolders.has(child.path);
      rows.push({ kind: 'folder', key: `d:${child.path}`, depth, folder: child, expanded });
      const childHas = expanded ? walk(child, depth + 1) : needle === '' || hasMatch(child, matches);
      if (!childHas && needle !== '') rows.length = at; // drop a folder with no match
      any ||= childHas;
    }
    for (const file of folder.files) {
      if (!matches(file)) continue;
      rows.push({ kind: 'file', key: `f:${file.id}`, depth, file, name: baseName(file.path) });
      any = true;
    }
    return any || needle === '';
  };
  walk(root, 0);
  return rows;
}

function hasMatch<F extends TreeFile>(folder: FolderNode<F>, matches: (file: F) => boolean): boolean {
  return folder.files.some(matches) || folder.folders.some((child) => hasMatch(child, matches));
}

/** How the sidebar lists the files: as the tree (the review's order), or ranked flat by a measure. */
export type FileListOrder = 'tree' | 'changes' | 'size';

/**
 * The files ranked, largest first (ties in the review's path order), as flat
 * rows showing each whole path: what finds the biggest change in a port of
 * hundreds of files. `measure` is the file's changed lines or its size.
 */
export function rankFileRows<F extends TreeFile>(files: readonly F[], measure: (file: F) => number, filter = ''): TreeRow<F>[] {
  const needle = filter.trim().toLowerCase();
  return files
    .filter((file) => pathMatchesFilter(file.path, needle))
    .map((file, order) => ({ file, order, size: measure(file) }))
    .sort((a, b) => b.size - a.size || a.order - b.order)
    .map(({ file }) => ({ kind: 'file', key: `f:${file.id}`, depth: 0, file, name: file.path }));
}
