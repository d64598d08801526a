/**
 * The picks a suggestion cannot carry, taken whole (docs/cli.md#compare-several-attempts):
 * a file a variant added, one it deleted, and a binary file. Each becomes a
 * whole-file write of the target (`writeTargetFiles`' create, delete or
 * replace), in the same all-or-nothing write as the picks' fix set, under
 * apply's own rule: the target's file must still be the base's (the same
 * bytes, or absent where the base has none); otherwise nothing is written and
 * the file is named. Every other pick changes lines, by the fix set.
 */
import { join } from 'node:path';
import { isTakenWhole, type VariantFileFact, type VariantPick } from '@redline/core';
import { RedlineError } from '../errors.js';
import { readRegularFile } from '../files/readRegularFile.js';
import { sha256Bytes } from '../files/sha256Bytes.js';
import { readObjectsBatch } from '../git/readObjectsBatch.js';
import { runGitText } from '../git/runGit.js';
import { checkRepoPath } from '../commands/apply/checkRepoPath.js';
import { MAX_APPLY_FILE_BYTES, refuseDirectoriesOnTheWay } from '../commands/apply/readTargetFile.js';
import type { WriteRequest } from '../commands/apply/writeTargetFiles.js';
import type { PicksInput, PicksTarget } from './applyPicks.js';

/** A pick of a whole file the picked variant added, deleted or holds as binary. */
export interface WholeFilePick {
  pick: Extract<VariantPick, { kind: 'file' }>;
  fact: VariantFileFact;
  variantIndex: number;
}

/** The picks taken whole, and the rest (laid on lines by the fix set). */
export function splitWholeFilePicks(input: Pick<PicksInput, 'picks' | 'rows' | 'variants'>): { whole: WholeFilePick[]; lines: VariantPick[] } {
  const whole: WholeFilePick[] = [];
  const lines: VariantPick[] = [];
  for (const pick of input.picks) {
    const variantIndex = input.variants.findIndex((v) => v.id === pick.variant);
    const fact = input.rows.find((row) => row.key === pick.path)?.touched[variantIndex] ?? null;
    const takenWhole = fact !== null && isTakenWhole(fact) && fact.path === pick.path;
    if (!takenWhole) lines.push(pick);
    else if (pick.kind === 'file') whole.push({ pick, fact, variantIndex });
    else throw new RedlineError('bad-input', `${pick.path}: ${whyWhole(fact)} in variant ${pick.variant}, so it is taken whole: take the file, not a hunk of it`);
  }
  const paths = new Set(whole.map((w) => w.pick.path));
  const mixed = lines.find((pick) => paths.has(pick.path));
  if (mixed) throw new RedlineError('bad-input', `${mixed.path}: picked whole from one variant and in part from ${mixed.variant}; take it from one variant`);
  return { whole, lines };
}

function whyWhole(fact: VariantFileFact): string {
  return fact.basePath === null ? 'added' : fact.blob === null ? 'deleted' : 'binary';
}

/** Each whole-file pick as the target's write, after checking the target's file is still the base's. */
export async function wholeFileWrites(input: PicksInput, picks: readonly WholeFilePick[], target: PicksTarget, realRoot: string): Promise<WriteRequest[]> {
  if (picks.length === 0) return [];
  const variantObjects = await readObjectsBatch(input.root, picks.map(({ fact }) => fact.blob ?? `${input.base}:${fact.path}`));
  const baseObjects = await readObjectsBatch(input.root, picks.map(({ fact }) => `${input.base}:${fact.basePath ?? fact.path}`));
  const requests: WriteRequest[] = [];
  for (const [i, { pick, fact, variantIndex }] of picks.entries()) {
    const { path } = pick;
    const problem = checkRepoPath(path);
    if (problem) throw new RedlineError('bad-input', problem.message);
    const place = { path, root: realRoot, full: join(realRoot, path) };
    const base = fact.basePath === null ? null : baseObjects[i];
    if (base === undefined) throw new RedlineError('bad-input', `${path}: the base's file could not be read`);
    // No file is read or written behind a symbolic link to a folder (a folder still to be made is fine: a create makes it).
    const onTheWay = await refuseDirectoriesOnTheWay(target.path, path);
    if (onTheWay && onTheWay.reason !== 'not-found') throw new RedlineError('bad-input', `${target.name}: ${onTheWay.message}; nothing written`);
    const read = await readRegularFile(target.path, realRoot, path, MAX_APPLY_FILE_BYTES);
    if (base === null) {
      // Added by the variant: the target must not have it yet.
      if (read.ok) throw new RedlineError('bad-input', `${path}: ${target.name} already has a file by that name; nothing written`);
      if (read.problem !== 'missing') throw new RedlineError('bad-input', `${path}: ${target.name} has something in its way (${read.problem}); nothing written`);
      const bytes = variantObjects[i]?.bytes;
      if (!bytes) throw new RedlineError('bad-input', `${path}: variant ${pick.variant}'s file could not be read`);
      requests.push({ kind: 'create', ...place, bytes, mode: await modeIn(input.root, input.variants[variantIndex]!.tree, path) });
      continue;
    }
    if (!read.ok) throw new RedlineError('bad-input', `${path}: ${target.name} has no regular file there (${read.problem}); it is not the base's, so nothing is written`);
    if (sha256Bytes(read.bytes) !== sha256Bytes(base.bytes)) throw new RedlineError('bad-input', `${path}: ${target.name}'s file is no longer the base's (it changed since the variants started); nothing written`);
    const state = { expectedSha256: sha256Bytes(read.bytes), stats: read.stats, full: read.full };
    if (fact.blob === null) requests.push({ kind: 'delete', ...place, ...state });
    else {
      const bytes = variantObjects[i]?.bytes;
      if (!bytes) throw new RedlineError('bad-input', `${path}: variant ${pick.variant}'s file could not be read`);
      requests.push({ kind: 'replace', ...place, ...state, bytes });
    }
  }
  return requests;
}

/** The file's mode in the variant's tree: executable or not (a symbolic link or submodule is not picked whole). */
async function modeIn(root: string, tree: string, path: string): Promise<number> {
  const entry = await runGitText(['ls-tree', '-z', tree, '--', path], { cwd: root });
  const mode = entry.split(' ', 1)[0];
  if (mode === '100755') return 0o755;
  if (mode === '100644') return 0o644;
  throw new RedlineError('bad-input', `${path}: not a regular file in the variant (mode ${mode ?? 'unknown'}); nothing written`);
}

