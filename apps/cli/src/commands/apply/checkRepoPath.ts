/**
 * The lexical half of resolving an export's path inside the repository, by
 * the core's one rule (repoPathProblem), in `redline apply`'s reason codes
 * and words. The filesystem half (symlinks, containment) is in
 * readTargetFile.ts.
 */
import { repoPathProblem, type RepoPathProblemKind } from '@redline/core';
import type { FileReasonCode } from './applyReport.js';

export interface PathRefusal {
  reason: FileReasonCode;
  message: string;
}

const REASONS = {
  invalid: 'path-invalid',
  absolute: 'path-absolute',
  traversal: 'path-traversal',
  'git-dir': 'path-git-dir',
  encoded: 'path-encoded',
} as const satisfies Record<RepoPathProblemKind, FileReasonCode>;

/** null when the path is a plain repository path; otherwise why not. */
export function checkRepoPath(path: string): PathRefusal | null {
  const problem = repoPathProblem(path);
  if (!problem) return null;
  return { reason: REASONS[problem.kind], message: `refusing path ${JSON.stringify(path)}: ${problem.why}` };
}
