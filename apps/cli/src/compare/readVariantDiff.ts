/**
 * One variant's change against the base, as git reports it with the review's
 * config-neutral flags (rename detection on): the per-file facts the core's
 * `variantOverview` takes, and the patch the page shows. Read-only.
 */
import { splitPatchSections, type CompareFileData } from '@redline/core';
import { RedlineError } from '../errors.js';
import { NEUTRAL_DIFF_FLAGS, NEUTRAL_LISTING_FLAGS } from '../git/diffFlags.js';
import { parseNumstatZ } from '../git/parseNumstatZ.js';
import { parseRawZ } from '../git/parseRawZ.js';
import { runGitText } from '../git/runGit.js';

export interface VariantDiff {
  /** Each file with its section of the unified diff (the listing and the patch come in git's one order). */
  files: CompareFileData[];
}

export async function readVariantDiff(root: string, base: string, tree: string): Promise<VariantDiff> {
  const [raw, numstat, patch] = await Promise.all([
    runGitText(['diff', ...NEUTRAL_LISTING_FLAGS, '--raw', '--no-abbrev', base, tree], { cwd: root }),
    runGitText(['diff', ...NEUTRAL_LISTING_FLAGS, '--numstat', base, tree], { cwd: root }),
    runGitText(['diff', ...NEUTRAL_DIFF_FLAGS, base, tree], { cwd: root }),
  ]);
  const counts = new Map(parseNumstatZ(numstat).map((entry) => [`${entry.oldPath ?? ''}\0${entry.path}`, entry]));
  const sections = splitPatchSections(patch);
  const entries = parseRawZ(raw);
  if (sections.length !== entries.length) throw new RedlineError('git-failed', `git diff listed ${entries.length} files and patched ${sections.length}`);
  const files = entries.map((entry, i): CompareFileData => {
    const count = counts.get(`${entry.oldPath ?? ''}\0${entry.path}`);
    const deleted = entry.status === 'D';
    return {
      path: entry.path,
      basePath: entry.status === 'A' ? null : entry.status === 'C' ? entry.path : (entry.oldPath ?? entry.path),
      blob: deleted ? null : entry.newOid,
      additions: count?.additions ?? 0,
      deletions: count?.deletions ?? 0,
      binary: count?.binary ?? false,
      section: sections[i]!,
    };
  });
  return { files };
}

/** One file of variant `to` against variant `from`: their trees diffed on the file's paths in each. */
export async function readAgainst(root: string, from: { tree: string; path: string }, to: { tree: string; path: string }): Promise<string> {
  return runGitText(['--literal-pathspecs', 'diff', ...NEUTRAL_DIFF_FLAGS, from.tree, to.tree, '--', ...new Set([from.path, to.path])], { cwd: root });
}
