/**
 * Parses `git diff --raw -z --no-abbrev` output. Paths come out exactly as
 * stored (no C quoting), which is why they are taken from here and never
 * from the patch headers.
 *
 * Record: `:<oldMode> <newMode> <oldOid> <newOid> <status>[score]\0<path>\0`
 * and, for renames and copies, a second path: `...\0<oldPath>\0<newPath>\0`.
 */
import { RedlineError } from '../errors.js';

export interface RawEntry {
  /** One letter: A, C, D, M, R, T, U, X. */
  status: string;
  /** Similarity percentage for R and C. */
  score: number | null;
  oldMode: string;
  newMode: string;
  oldOid: string;
  newOid: string;
  /** The path on the new side (the old one for deletions). */
  path: string;
  /** For renames and copies: the path on the old side. */
  oldPath: string | null;
}

export function parseRawZ(output: string): RawEntry[] {
  const fields = output.split('\0');
  const entries: RawEntry[] = [];
  let i = 0;
  while (i < fields.length) {
    const header = fields[i++]!;
    if (header === '') continue;
    const match = /^:(\d{6}) (\d{6}) ([0-9a-f]+) ([0-9a-f]+) ([A-Z])(\d*)$/.exec(header);
    if (!match) throw new RedlineError('git-failed', `unexpected line in git diff --raw output: ${JSON.stringify(header.slice(0, 80))}`);
    const [, oldMode = '', newMode = '', oldOid = '', newOid = '', status = '', score = ''] = match;
    const twoPaths = status === 'R' || status === 'C';
    const first = fields[i++];
    const second = twoPaths ? fields[i++] : undefined;
    if (first === undefined || (twoPaths && second === undefined)) {
      throw new RedlineError('git-failed', 'git diff --raw output ended in the middle of a record');
    }
    entries.push({
      status,
      score: score === '' ? null : Number(score),
      oldMode,
      newMode,
      oldOid,
      newOid,
      path: twoPaths ? second! : first,
      oldPath: twoPaths ? first : null,
    });
  }
  return entries;
}
