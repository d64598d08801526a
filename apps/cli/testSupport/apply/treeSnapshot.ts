/**
 * A byte-exact picture of a directory tree (contents, modes, symlink targets,
 * special files), to prove that a refused `redline apply` wrote nothing: not
 * a byte, not a mode bit, not a leftover temp file. Used by the tests only.
 */
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

export type TreeSnapshot = Record<string, string>;

/** Every entry under `root` except `.git/objects` and `.git/logs`, mapped to what it is. */
export function snapshotTree(root: string): TreeSnapshot {
  const out: TreeSnapshot = {};
  const walk = (dir: string, rel: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = rel === '' ? name : `${rel}/${name}`;
      if (path === '.git/objects' || path === '.git/logs') continue;
      const full = join(dir, name);
      const info = lstatSync(full);
      const mode = (info.mode & 0o7777).toString(8);
      if (info.isSymbolicLink()) out[path] = `symlink -> ${readlinkSync(full)}`;
      else if (info.isDirectory()) {
        out[path] = `dir ${mode}`;
        walk(full, path);
      } else if (info.isFile()) {
        out[path] = `file ${mode} ${info.ino} ${createHash('sha256').update(readFileSync(full)).digest('hex')}`;
      } else out[path] = `special ${mode}`;
    }
  };
  walk(root, '');
  return out;
}
