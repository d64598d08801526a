/**
 * Findings posted while no review was running, kept for the next one:
 * `<state dir>/proposals/pending.json` (0600, in a 0700 folder), the
 * validated findings as a list. The next session takes them when it starts
 * (the file is then removed); a finding on a path that is not in its diff
 * is dropped, and said so on the terminal.
 */
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { validateFindings, type Finding } from '@redline/core';
import { readOwnText } from '../files/readOwnFile.js';
import { writeFileAtomic } from '../files/writeFileAtomic.js';
import type { ReviewSession } from '../review/reviewSession.js';
import { takeFindings } from './takeFindings.js';

export function pendingFindingsPath(stateDir: string): string {
  return join(stateDir, 'proposals', 'pending.json');
}

/** Adds findings to the kept ones (one copy of each); returns how many are kept in all. */
export async function keepFindings(stateDir: string, findings: readonly Finding[]): Promise<number> {
  const kept = await readPendingFindings(stateDir);
  const known = new Set(kept.map((finding) => JSON.stringify(finding)));
  const all = [...kept, ...findings.filter((finding) => !known.has(JSON.stringify(finding)))];
  await mkdir(join(stateDir, 'proposals'), { recursive: true, mode: 0o700 });
  await writeFileAtomic(pendingFindingsPath(stateDir), `${JSON.stringify({ findings: all }, null, 2)}\n`, 0o600);
  return all.length;
}

/** Kept findings (and a kept board, keptBoard.ts) accumulate from several posts of at most 1 MiB each; past this the file is not read. */
export const MAX_PENDING_BYTES = 64 * 1024 * 1024;

/** The kept findings; none when there is no file, or it no longer reads as findings. */
export async function readPendingFindings(stateDir: string): Promise<Finding[]> {
  // Read by readOwnText: a FIFO or a link in its place is never opened (it would hang the review's start).
  const text = await readOwnText(pendingFindingsPath(stateDir), MAX_PENDING_BYTES);
  if (text === null) return [];
  try {
    const result = validateFindings(JSON.parse(text) as unknown);
    return result.ok ? result.findings : [];
  } catch {
    return [];
  }
}

export async function dropPendingFindings(stateDir: string): Promise<void> {
  await rm(pendingFindingsPath(stateDir), { force: true });
}

/**
 * At a review's start: the kept findings (readPendingFindings) become its proposals. One that no
 * longer fits (its file left the diff, its lines are gone) is dropped, and
 * the terminal says how many; the file is removed either way.
 */
export async function showPendingFindings(session: ReviewSession, stateDir: string, findings: readonly Finding[], note: (line: string) => void): Promise<void> {
  if (findings.length === 0) return;
  const taken = await Promise.all(findings.map((finding) => takeFindings(session, [finding]).catch(() => [])));
  const { added } = await session.proposals.add(taken.flat());
  const dropped = findings.length - taken.flat().length;
  note(`redline: ${added.length} finding${added.length === 1 ? '' : 's'} posted earlier shown as proposals${dropped > 0 ? `; ${dropped} dropped (not in this diff)` : ''}`);
  await dropPendingFindings(stateDir);
}
