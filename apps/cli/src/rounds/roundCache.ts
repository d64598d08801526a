/**
 * What redline has read of round commits, kept in `.git/redline/rounds-cache.json`
 * by commit id. It only saves reading loose objects again (100 rounds cost
 * about 25 ms of `cat-file` lookups per read on 2 loaded cores, enough to
 * break the 50 ms start-up budget). It is never the truth about a round,
 * only a copy of it, and a copy is used only while it provably belongs to
 * the refs read now: the file holds the sha256 of the ref listing it was
 * made from (every ref under refs/redline/ and its object id) and of its own
 * rounds; a cache written for other refs, edited, damaged, foreign or
 * missing is ignored and rewritten, so editing it changes nothing that
 * `redline rounds` reports. (Whoever can rewrite the file with both sums
 * recomputed can as well rewrite the refs: the refs are the record.)
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Annotation, FixSet } from '@redline/core';
import { sha256Bytes } from '../files/sha256Bytes.js';
import { writeFileAtomic } from '../files/writeFileAtomic.js';
import { readRoundRecord, type RoundRecord } from './roundRecord.js';

/** 4 added each round's fix sets. */
const CACHE_VERSION = 4;

export interface CachedRound {
  record: RoundRecord;
  /** The commit's parents: with them the series is walked from the cache, without a rev-list. */
  parents: string[];
  annotations: Annotation[];
  fixSets: FixSet[];
  /** The state tree was read once: objects reachable from a ref are not collected, so it stays. */
  stateReadable: boolean;
}

export type RoundCache = Map<string, CachedRound>;

export function roundCachePath(gitDir: string): string {
  return join(gitDir, 'redline', 'rounds-cache.json');
}

/** The key of a ref listing (`for-each-ref` of refs/redline/: names and object ids). */
export function roundCacheKey(refListing: string): string {
  return sha256Bytes(Buffer.from(refListing, 'utf8'));
}

/** The cached rounds when the file was written for the refs whose listing has this key; else an empty cache. */
export async function loadRoundCache(path: string, key: Promise<string>): Promise<RoundCache> {
  const text = await readFile(path, 'utf8').catch(() => null);
  if (text === null) return new Map();
  try {
    const document = JSON.parse(text) as { version?: unknown; refs?: unknown; digest?: unknown; rounds?: Record<string, CachedRound> };
    if (document.version !== CACHE_VERSION || typeof document.rounds !== 'object' || document.rounds === null) return new Map();
    if (document.refs !== (await key) || document.digest !== digestOf(document.rounds)) return new Map();
    // Each record is checked as if read from git: a damaged cache cannot smuggle in a round.
    return new Map(Object.entries(document.rounds).filter(([, round]) => isCachedRound(round)));
  } catch {
    return new Map();
  }
}

function isCachedRound(round: CachedRound): boolean {
  return typeof round === 'object' && round !== null && typeof readRoundRecord(JSON.stringify(round.record)) !== 'string' && Array.isArray(round.annotations) && Array.isArray(round.fixSets) && Array.isArray(round.parents) && round.stateReadable === true;
}

function digestOf(rounds: Record<string, CachedRound>): string {
  return sha256Bytes(Buffer.from(JSON.stringify(rounds), 'utf8'));
}

export async function saveRoundCache(path: string, cache: RoundCache, key: string): Promise<void> {
  const rounds = Object.fromEntries([...cache].filter(([, round]) => round.stateReadable));
  await writeFileAtomic(path, `${JSON.stringify({ version: CACHE_VERSION, refs: key, digest: digestOf(rounds), rounds })}\n`).catch(() => undefined);
}
