/**
 * The rounds' cache is a copy, never the truth (roundCache.ts): it is used
 * only while it was written for the refs read now and is unedited. Editing
 * `.git/redline/rounds-cache.json` (a verdict, a comment, an act that
 * resolves the thread) changes nothing `redline rounds` or `threads` report,
 * even with its own sum recomputed when the refs it names are not these.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoWithOneThread, runRead } from '../../testSupport/reviewRounds.js';

interface CacheFile {
  refs: string;
  digest: string;
  rounds: Record<string, { record: { verdict: string; acts: unknown[] }; annotations: { text: string }[] }>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the rounds cache', () => {
  it('is ignored when edited or written for other refs: rounds and threads report what the refs hold', async () => {
    const repo = await repoWithOneThread();
    const before = { rounds: (await runRead(repo.dir, ['rounds', '--json'])).out, threads: (await runRead(repo.dir, ['threads', '--json'])).out };
    const path = join(repo.dir, '.git', 'redline', 'rounds-cache.json');
    const cache = JSON.parse(readFileSync(path, 'utf8')) as CacheFile;
    for (const round of Object.values(cache.rounds)) {
      round.record.verdict = 'approve';
      round.record.acts = [{ thread: 'c1', act: 'resolve', text: '', by: 'reviewer', reviewer: null, at: '2030-01-01T00:00:00.000Z' }];
      for (const annotation of round.annotations) annotation.text = 'edited in the cache';
    }
    const check = async (what: string) => {
      expect((await runRead(repo.dir, ['rounds', '--json'])).out, what).toBe(before.rounds);
      expect((await runRead(repo.dir, ['threads', '--json'])).out, what).toBe(before.threads);
    };
    writeFileSync(path, JSON.stringify(cache));
    await check('edited');
    writeFileSync(path, JSON.stringify({ ...cache, refs: sha256('refs/redline/other\0' + 'a'.repeat(40) + '\0commit\n'), digest: sha256(JSON.stringify(cache.rounds)) }));
    await check('its sum recomputed, for other refs');
    // Read again, it is rewritten for these refs.
    expect((JSON.parse(readFileSync(path, 'utf8')) as CacheFile).refs).toBe(cache.refs);
  }, 30_000);
});
