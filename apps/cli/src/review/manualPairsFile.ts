/**
 * The reviewer's pairs of a deleted and an added file, kept on disk so a
 * reload, a Refresh and a restarted redline on the same change keep them:
 * one file per change under `<state dir>/manual-pairs/<key>.json`, the key
 * a hash of what the change is (its old tree and its new side: the working
 * tree, the index or a commit), written atomically. They are not kept with
 * the draft: the pairs change the diff's fingerprint, which names a draft.
 * Unpairing the last pair removes the file.
 *
 * The file is read as the route reads the page's body (readManualPairsBody,
 * the one reader of a list of pairs); one that cannot be read is left where
 * it is and the change reads unpaired (a pair is only the reviewer's view).
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ManualPair, ManualPairsBody } from '@redline/core';
import { RedlineError } from '../errors.js';
import { readOwnFile } from '../files/readOwnFile.js';
import { sha256Bytes } from '../files/sha256Bytes.js';
import { writeFileAtomic, writesSettled } from '../files/writeFileAtomic.js';
import { writeFailed } from '../files/writeFailure.js';
import type { GitTarget } from '../git/resolveTarget.js';
import { MAX_BODY_BYTES } from '../server/httpIo.js';

/** More pairs than any review's files could need (a 2,000-file port pairs 1,000). */
const MAX_PAIRS = 10_000;

/** A list of distinct `{ from, to }` path pairs, or a 400 saying what is wrong: the page's body and the kept file alike. */
export function readManualPairsBody(raw: unknown): ManualPairsBody {
  const pairs = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).pairs : undefined;
  if (!Array.isArray(pairs) || pairs.length > MAX_PAIRS) throw new RedlineError('bad-request', `expected { pairs: [{ from, to }] } with at most ${MAX_PAIRS} pairs`);
  const seen = new Set<string>();
  return {
    pairs: pairs.map((pair: unknown, i): ManualPair => {
      const { from, to } = (typeof pair === 'object' && pair !== null ? pair : {}) as Record<string, unknown>;
      if (typeof from !== 'string' || typeof to !== 'string' || from === '' || to === '' || from === to) {
        throw new RedlineError('bad-request', `pairs[${i}] must be { from, to }: two different non-empty paths`);
      }
      for (const path of [from, to]) {
        if (seen.has(path)) throw new RedlineError('bad-request', `pairs[${i}]: ${JSON.stringify(path)} is in another pair already`);
        seen.add(path);
      }
      return { from, to };
    }),
  };
}

/** What names a change across runs: its old tree and where its new side is read. */
export function changeKey(target: Pick<GitTarget, 'oldTree' | 'newSide'>): string {
  const newSide = target.newSide.kind === 'commit' ? `commit ${target.newSide.commit}` : target.newSide.kind;
  return sha256Bytes(Buffer.from(`${target.oldTree}\n${newSide}`)).slice(0, 32);
}

export class ManualPairsFile {
  private readonly path: string;

  constructor(stateDir: string, key: string) {
    this.path = join(stateDir, 'manual-pairs', `${key}.json`);
  }

  /** The pairs kept for this change; none when there is no file or it cannot be read. */
  async load(): Promise<readonly ManualPair[]> {
    const read = await readOwnFile(this.path, MAX_BODY_BYTES);
    if (read.kind !== 'bytes') return [];
    try {
      return readManualPairsBody(JSON.parse(read.bytes.toString('utf8'))).pairs;
    } catch {
      return [];
    }
  }

  /** Keeps `pairs` (the whole list); an empty list removes the file. */
  async save(pairs: readonly ManualPair[]): Promise<void> {
    if (pairs.length === 0) {
      await writesSettled(this.path);
      await rm(this.path, { force: true });
      return;
    }
    await writeFileAtomic(this.path, JSON.stringify({ pairs })).catch((error: unknown) => {
      throw writeFailed(`keep the paired files in ${this.path}`, error);
    });
  }
}
