/**
 * "Apply picks to …": the reviewer's picks as ONE change to the target
 * worktree, by `redline apply`'s own path: the core's `picksToFixSet` makes
 * the suggestions against the target's text as read now, `planSuggestionFiles`
 * plans them (a fix set whole or not at all, the apply refusals), and
 * `writeTargetFiles` writes them all or nothing. Refused before anything is
 * read, and named: no target, nothing picked, a target with uncommitted
 * changes. Nothing but the target's picked files is written; no index, HEAD
 * or branch of any worktree is touched (git is only read).
 */
import { realpath } from 'node:fs/promises';
import { picksToFixSet, type CompareApplyResult, type OverviewRow, type VariantPick, type PickedFile, type Suggestion } from '@redline/core';
import { RedlineError } from '../errors.js';
import { decodeUtf8 } from '../files/readTextFile.js';
import { readObjectsBatch } from '../git/readObjectsBatch.js';
import { runGitText } from '../git/runGit.js';
import { checkRepoPath } from '../commands/apply/checkRepoPath.js';
import { isSuccess } from '../commands/apply/applyReport.js';
import { planSuggestionFiles } from '../commands/apply/planSuggestionFiles.js';
import type { ApplySet } from '../commands/apply/readExportSuggestions.js';
import { readTargetFile, type TargetFile } from '../commands/apply/readTargetFile.js';
import { writeTargetFiles, type WriteRequest } from '../commands/apply/writeTargetFiles.js';
import { splitWholeFilePicks, wholeFileWrites } from './wholeFilePicks.js';
import type { Variant } from './resolveVariants.js';

/** The worktree the picks are applied to. */
export interface PicksTarget {
  path: string;
  name: string;
}

export interface PicksInput {
  root: string;
  base: string;
  variants: readonly Variant[];
  rows: readonly OverviewRow[];
  target: PicksTarget | null;
  picks: readonly VariantPick[];
}

export async function applyPicks(input: PicksInput): Promise<CompareApplyResult> {
  const { target, picks } = input;
  if (target === null) throw new RedlineError('bad-input', 'no target worktree to apply the picks to: run redline compare with --target PATH (a clean worktree of this repository)');
  if (picks.length === 0) throw new RedlineError('bad-input', 'nothing picked: take a file or a hunk from a variant first');
  await refuseDirtyTarget(target);
  const realRoot = await realpath(target.path);
  const targets = new Map<string, TargetFile>();
  const { whole, lines } = splitWholeFilePicks(input);
  const files = await pickedFiles({ ...input, picks: lines }, async (path) => {
    const problem = checkRepoPath(path);
    if (problem) throw new RedlineError('bad-input', problem.message);
    const read = await readTargetFile(target.path, realRoot, path);
    if (!read.ok) {
      if (read.reason === 'not-found') return null;
      throw new RedlineError('bad-input', `${target.name}: ${read.message}`);
    }
    targets.set(path, read);
    return { text: read.text, revision: read.sha256 };
  });
  const names = [...new Set(picks.map((p) => p.variant))].join(', ');
  const derived = picksToFixSet(files, { description: `Picked from variants ${names}`, createdAt: new Date().toISOString() });
  if (!derived.ok) throw new RedlineError('bad-input', `the picks cannot be applied: ${derived.problems.join('; ')}`);
  const { change } = derived;
  const members: Suggestion[] = change.kind === 'set' ? change.members : change.kind === 'suggestion' ? [change.suggestion] : [];
  const sets: ApplySet[] = change.kind === 'set' ? [{ id: change.set.id, description: change.set.description, round: null, members }] : [];
  const { results, planned } = await planSuggestionFiles({ root: target.path, realRoot, selected: members, roundOf: new Map(), reviewed: new Map(), fixSets: sets });
  const refused = members.map((m) => results.get(m)!).filter((r) => !isSuccess(r.status));
  if (refused.length > 0) throw new RedlineError('bad-input', `nothing written to ${target.name}: ${refused.map((r) => r.message).join('; ')}`);
  const requests: WriteRequest[] = [
    ...planned.filter((f) => f.plan.changed).map((f) => ({ kind: 'replace' as const, path: f.path, root: realRoot, full: f.target.full, bytes: Buffer.from(f.plan.newText, 'utf8'), expectedSha256: f.target.sha256, stats: f.target.stats })),
    ...(await wholeFileWrites(input, whole, target, realRoot)),
  ];
  if (requests.length === 0) return { target: target.path, change: null, written: [] };
  const outcome = await writeTargetFiles(requests, { allOrNothing: true });
  if (outcome.failures.length > 0) throw new RedlineError('write-failed', `nothing written to ${target.name}: ${outcome.failures.map((f) => f.message).join('; ')}`);
  const made = change.kind === 'set' ? { kind: change.kind, id: change.set.id } : change.kind === 'suggestion' ? { kind: change.kind, id: change.suggestion.id } : null;
  return { target: target.path, change: made, written: outcome.written };
}

/** Uncommitted changes in the target (untracked files too) refuse the apply, named. */
async function refuseDirtyTarget(target: PicksTarget): Promise<void> {
  const status = await runGitText(['status', '--porcelain=v1', '-z', '--untracked-files=all'], { cwd: target.path });
  const paths = status.split('\0').filter((entry) => /^.. /.test(entry)).map((entry) => entry.slice(3));
  if (paths.length === 0) return;
  const shown = paths.slice(0, 5).join(', ') + (paths.length > 5 ? ` and ${paths.length - 5} more` : '');
  throw new RedlineError('bad-input', `the target worktree ${target.path} has uncommitted changes (${shown}): commit or set them aside there first, or name a clean worktree with --target`);
}

type ReadTarget = (path: string) => Promise<{ text: string; revision: string } | null>;

/** Each picked file with the texts its picks are made from: the base's and each picked variant's, read from git's objects. */
async function pickedFiles(input: PicksInput, readTarget: ReadTarget): Promise<PickedFile[]> {
  const byPath = new Map<string, VariantPick[]>();
  for (const pick of input.picks) byPath.set(pick.path, [...(byPath.get(pick.path) ?? []), pick]);
  const files: PickedFile[] = [];
  for (const [path, picks] of byPath) {
    const row = input.rows.find((r) => r.key === path);
    if (!row) throw new RedlineError('bad-input', `${path}: no variant touched it`);
    const blobs = new Map<string, string | null>();
    for (const id of new Set(picks.map((p) => p.variant))) {
      const index = input.variants.findIndex((v) => v.id === id);
      const fact = row.touched[index];
      if (index < 0 || !fact) throw new RedlineError('bad-input', `${path}: variant ${id} did not touch it`);
      if (fact.path !== path) throw new RedlineError('bad-input', `${path}: variant ${id} renamed it to ${fact.path}; a pick changes the lines of a file, so rename it by hand`);
      if (fact.binary) throw new RedlineError('bad-input', `${path}: binary in variant ${id}; a pick changes lines of text, so copy it by hand`);
      blobs.set(id, fact.blob);
    }
    const ids = [...blobs.keys()];
    const objects = await readObjectsBatch(input.root, [`${input.base}:${path}`, ...ids.map((id) => blobs.get(id) ?? `${input.base}:${path}`)]);
    const texts = objects.map((object, i) => {
      if (i > 0 && blobs.get(ids[i - 1]!) === null) return null;
      if (!object) return null;
      const text = decodeUtf8(object.bytes);
      if (text === null) throw new RedlineError('bad-input', `${path}: not valid UTF-8 ${i === 0 ? 'in the base' : `in variant ${ids[i - 1]}`}`);
      return text;
    });
    files.push({ path, picks, texts: { base: texts[0] ?? null, variants: new Map(ids.map((id, i) => [id, texts[i + 1] ?? null])) }, target: await readTarget(path) });
  }
  return files;
}
