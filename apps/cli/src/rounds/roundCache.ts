/**
 * What redline has read of round commits, kept in `.git/redline/rounds-cache.json`
 * by commit id. A commit never changes, so an entry can never go stale; the
 * cache only saves reading loose objects again (100 rounds cost about 25 ms
 * of `cat-file` lookups per read on 2 loaded cores, enough to break the
 * 50 ms start-up budget). A missing, unreadable or foreign cache is ignored
 * and rewritten; it is never the truth about a round, only a copy of it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Annotation } from '@redline/core';
import { writeFileAtomic } from '../files/writeFileAtomic.js';
import { readRoundRecord, type RoundRecord } from './roundRecord.js';

const CACHE_VERSION = 2;

export interface CachedRound {
  record: RoundRecord;
  /** The commit's parents: with them the series is walked from the cache, without a rev-list. */
  parents: string[];
  annotations: Annotation[];
  /** The state tree was read once: objects reachable from a ref are not collected, so it stays. */
  stateReadable: boolean;
}

export type RoundCache = Map<string, CachedRound>;

export function roundCachePath(gitDir: string): string {
  return join(gitDir, 'redline', 'rounds-cache.json');
}

export async function loadRoundCache(path: string): Promise<RoundCache> {
  const text = await readFile(path, 'utf8').catch(() => null);
  if (text === null) return new Map();
  try {
    const document = JSON.parse(text) as { version?: unknown; rounds?: Record<string, CachedRound> };
    if (document.version !== CACHE_VERSION || typeof document.rounds !== 'object' || document.rounds === null) return new Map();
    // Each record is checked as if read from git: a damaged cache cannot smuggle in a round.
    return new Map(Object.entries(document.rounds).filter(([, round]) => isCachedRound(round)));
  } catch {
    return new Map();
  }
}

function isCachedRound(round: CachedRound): boolean {
  return typeof round === 'object' && round !== null && typeof readRoundRecord(JSON.stringify(round.record)) !== 'string' && Array.isArray(round.annotations) && Array.isArray(round.parents) && round.stateReadable === true;
}

export async function saveRoundCache(path: string, cache: RoundCache): Promise<void> {
  const rounds = Object.fromEntries([...cache].filter(([, round]) => round.stateReadable));
  await writeFileAtomic(path, `${JSON.stringify({ version: CACHE_VERSION, rounds })}\n`).catch(() => undefined);
}
