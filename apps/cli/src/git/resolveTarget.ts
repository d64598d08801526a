/**
 * Turns what the user asked to review into the two sides of a diff: the old
 * tree (a commit, or the empty tree) and where the new side lives (working
 * tree, index, or a commit), with a description for the page.
 */
import type { ReviewTarget } from '@redline/core';
import { commitSubject, emptyTree, firstParent, headCommit, mergeBase, shortOid, verifyCommit } from './revisions.js';

export type GitTargetSpec =
  | { kind: 'working-tree' }
  | { kind: 'staged' }
  | { kind: 'base'; ref: string }
  | { kind: 'commit'; ref: string }
  /** `A..B` (symmetric false) or `A...B` (from the merge-base of A and B). */
  | { kind: 'range'; from: string; to: string; symmetric: boolean };

/** Where the new side of each file is read from. */
export type NewSide = { kind: 'worktree' } | { kind: 'index' } | { kind: 'commit'; commit: string };

export interface GitTarget {
  review: ReviewTarget;
  /** A commit id or the empty tree id. */
  oldTree: string;
  newSide: NewSide;
  /** Untracked files belong to the review (the working tree is the new side). */
  includeUntracked: boolean;
}

export async function resolveTarget(cwd: string, spec: GitTargetSpec): Promise<GitTarget> {
  switch (spec.kind) {
    case 'working-tree': {
      const head = await headCommit(cwd);
      return {
        review: {
          kind: 'working-tree',
          description: head
            ? 'Uncommitted changes (working tree against HEAD)'
            : 'Uncommitted changes (working tree; no commits yet)',
          baseCommit: head,
          headCommit: null,
        },
        oldTree: head ?? (await emptyTree(cwd)),
        newSide: { kind: 'worktree' },
        includeUntracked: true,
      };
    }
    case 'staged': {
      const head = await headCommit(cwd);
      return {
        review: {
          kind: 'staged',
          description: head ? 'Staged changes (index against HEAD)' : 'Staged changes (index; no commits yet)',
          baseCommit: head,
          headCommit: null,
        },
        oldTree: head ?? (await emptyTree(cwd)),
        newSide: { kind: 'index' },
        includeUntracked: false,
      };
    }
    case 'base': {
      const ref = await verifyCommit(cwd, spec.ref);
      const head = await verifyCommit(cwd, 'HEAD');
      const base = await mergeBase(cwd, ref, head);
      return {
        review: {
          kind: 'base',
          description: `Changes since ${spec.ref} (merge-base ${shortOid(base)}, working tree)`,
          baseCommit: base,
          headCommit: null,
        },
        oldTree: base,
        newSide: { kind: 'worktree' },
        includeUntracked: true,
      };
    }
    case 'commit': {
      const commit = await verifyCommit(cwd, spec.ref);
      const parent = await firstParent(cwd, commit);
      const subject = await commitSubject(cwd, commit);
      return {
        review: {
          kind: 'commit',
          description: `Commit ${shortOid(commit)}${subject ? `: ${subject}` : ''}${parent ? '' : ' (root commit)'}`,
          baseCommit: parent,
          headCommit: commit,
        },
        oldTree: parent ?? (await emptyTree(cwd)),
        newSide: { kind: 'commit', commit },
        includeUntracked: false,
      };
    }
    case 'range': {
      const from = await verifyCommit(cwd, spec.from);
      const to = await verifyCommit(cwd, spec.to);
      const base = spec.symmetric ? await mergeBase(cwd, from, to) : from;
      const dots = spec.symmetric ? '...' : '..';
      return {
        review: {
          kind: 'range',
          description: `Changes ${spec.from}${dots}${spec.to} (${shortOid(base)}..${shortOid(to)})`,
          baseCommit: base,
          headCommit: to,
        },
        oldTree: base,
        newSide: { kind: 'commit', commit: to },
        includeUntracked: false,
      };
    }
  }
}
