/**
 * One variant's change against the base, as git reports it with the review's
 * config-neutral flags (rename detection on): the per-file facts the core's
 * `variantOverview` takes, and the patch the page shows. Read-only.
 */
import type { VariantFileFact } from '@redline/core';
import { NEUTRAL_DIFF_FLAGS, NEUTRAL_LISTING_FLAGS } from '../git/diffFlags.js';
import { parseNumstatZ } from '../git/parseNumstatZ.js';
import { parseRawZ } from '../git/parseRawZ.js';
import { runGitText } from '../git/runGit.js';

export interface VariantDiff {
  files: VariantFileFact[];
  /** The unified diff against the base, every file. */
  patch: string;
}

export async function readVariantDiff(root: string, base: string, tree: string): Promise<VariantDiff> {
  const [raw, numstat, patch] = await Promise.all([
    runGitText(['diff', ...NEUTRAL_LISTING_FLAGS, '--raw', '--no-abbrev', base, tree], { cwd: root }),
    runGitText(['diff', ...NEUTRAL_LISTING_FLAGS, '--numstat', base, tree], { cwd: root }),
    runGitText(['diff', ...NEUTRAL_DIFF_FLAGS, base, tree], { cwd: root }),
  ]);
  const counts = new Map(parseNumstatZ(numstat).map((entry) => [`${entry.oldPath ?? ''}\0${entry.path}`, entry]));
  const files = parseRawZ(raw).map((entry): VariantFileFact => {
    const count = counts.get(`${entry.oldPath ?? ''}\0${entry.path}`);
    const deleted = entry.status === 'D';
    return {
      path: entry.path,
      basePath: entry.status === 'A' ? null : entry.status === 'C' ? entry.path : (entry.oldPath ?? entry.path),
      blob: deleted ? null : entry.newOid,
      additions: count?.additions ?? 0,
      deletions: count?.deletions ?? 0,
      binary: count?.binary ?? false,
    };
  });
  return { files, patch };
}
