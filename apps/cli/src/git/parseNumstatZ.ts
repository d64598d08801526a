/**
 * Parses `git diff --numstat -z`. A record is `<added>\t<deleted>\t<path>\0`,
 * or for a rename `<added>\t<deleted>\t\0<oldPath>\0<newPath>\0`. Binary
 * files show `-` for both counts.
 */
import { RedlineError } from '../errors.js';

export interface NumstatEntry {
  path: string;
  oldPath: string | null;
  additions: number;
  deletions: number;
  binary: boolean;
}

export function parseNumstatZ(output: string): NumstatEntry[] {
  const fields = output.split('\0');
  const entries: NumstatEntry[] = [];
  let i = 0;
  while (i < fields.length) {
    const record = fields[i++]!;
    if (record === '') continue;
    const match = /^(\d+|-)\t(\d+|-)\t([\s\S]*)$/.exec(record);
    if (!match) throw new RedlineError('git-failed', `unexpected record in git diff --numstat output: ${JSON.stringify(record.slice(0, 80))}`);
    const [, added = '', deleted = '', inlinePath = ''] = match;
    let path = inlinePath;
    let oldPath: string | null = null;
    if (inlinePath === '') {
      oldPath = fields[i++] ?? '';
      path = fields[i++] ?? '';
    }
    const binary = added === '-' || deleted === '-';
    entries.push({
      path,
      oldPath,
      additions: binary ? 0 : Number(added),
      deletions: binary ? 0 : Number(deleted),
      binary,
    });
  }
  return entries;
}
