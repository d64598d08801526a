/**
 * The commits of a range or commit review (for the page's commit selector):
 * `git log --first-parent base..head`, oldest first, so a merge commit is one
 * step and the branch it merged is not listed. A commit review is its one
 * commit; any other review has none.
 */
import type { RangeCommit, ReviewTarget } from '@redline/core';
import { runGitText } from './runGit.js';

// NUL between fields and records: a subject or an author name may hold any other byte.
const LOG_FORMAT = '--format=%H%x00%h%x00%s%x00%an%x00%aI%x00';
const FIELDS = 5;

export async function readRangeCommits(cwd: string, target: ReviewTarget): Promise<RangeCommit[]> {
  if ((target.kind !== 'range' && target.kind !== 'commit') || target.headCommit === null) return [];
  const single = target.kind === 'commit' || target.baseCommit === null;
  const limit = single ? ['--max-count=1'] : [];
  const span = single ? target.headCommit : `${target.baseCommit}..${target.headCommit}`;
  const text = await runGitText(['log', '--no-show-signature', '--first-parent', '--reverse', '--abbrev=7', LOG_FORMAT, ...limit, '--end-of-options', span, '--'], { cwd });
  return parseLog(text);
}

function parseLog(text: string): RangeCommit[] {
  // git ends each record with a newline after the last NUL: each record's first field starts with it.
  const fields = text.split('\0').map((field, index) => (index % FIELDS === 0 ? field.replace(/^\n/, '') : field));
  const commits: RangeCommit[] = [];
  for (let at = 0; at + FIELDS <= fields.length; at += FIELDS) {
    const [sha, shortSha, subject, author, authoredAt] = fields.slice(at, at + FIELDS) as [string, string, string, string, string];
    commits.push({ sha, shortSha, subject, author, authoredAt });
  }
  return commits;
}
