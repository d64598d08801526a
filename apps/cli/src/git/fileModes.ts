/** Git's file modes and the "no object" id, and how a working-tree file maps to a mode. */
import type { BigIntStats, Stats } from 'node:fs';

export const MODE_SYMLINK = '120000';
export const MODE_GITLINK = '160000';
export const MODE_ABSENT = '000000';

export function isNullOid(oid: string): boolean {
  return /^0+$/.test(oid);
}

/** The mode git would record for a working-tree entry. */
export function modeOfStats(stats: Stats | BigIntStats): string {
  if (stats.isSymbolicLink()) return MODE_SYMLINK;
  if (stats.isDirectory()) return MODE_GITLINK;
  return Number(stats.mode) & 0o100 ? '100755' : '100644';
}
