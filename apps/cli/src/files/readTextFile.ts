/**
 * The one way the CLI reads a working-tree file as text, for the page's
 * file endpoint (review/readFileContents.ts, which throws) and for `redline
 * apply` (commands/apply/readTargetFile.ts, which returns a refusal):
 * readRegularFile's checks (lstat, realpath, O_NOFOLLOW, fstat, the cap),
 * then, for apply, git's binary test (a NUL in the first 8000 bytes), then
 * one strict UTF-8 decode that keeps a BOM as U+FEFF (so the text
 * re-encodes to exactly the bytes), and the bytes' sha256.
 *
 * It answers with what is wrong; the callers word it (regularFileRefusal.ts).
 * A binary or non-UTF-8 file comes back with its bytes: the page first asks
 * whether the file is still the one the diff was read from.
 */
import type { Stats } from 'node:fs';
import { readRegularFile, type RegularFileProblem } from './readRegularFile.js';
import type { ProblemFacts } from './regularFileRefusal.js';
import { sha256Bytes } from './sha256Bytes.js';

export const BINARY_PROBE_BYTES = 8000;

export type TextFileRead =
  | { ok: true; full: string; bytes: Buffer; text: string; sha256: string; stats: Stats }
  | { ok: false; problem: RegularFileProblem; facts: ProblemFacts }
  | { ok: false; problem: 'binary' | 'not-utf8'; bytes: Buffer };

export interface TextFileOptions {
  maxBytes: number;
  /** Refuse a NUL in the first 8000 bytes (apply); the page trusts git's own binary test. */
  refuseBinary: boolean;
}

export async function readTextFile(root: string, realRoot: string, path: string, options: TextFileOptions): Promise<TextFileRead> {
  const read = await readRegularFile(root, realRoot, path, options.maxBytes);
  if (!read.ok) {
    return { ok: false, problem: read.problem, facts: { maxBytes: options.maxBytes, size: read.size, detail: read.detail } };
  }
  const { full, bytes, stats } = read;
  if (options.refuseBinary && bytes.subarray(0, BINARY_PROBE_BYTES).includes(0)) return { ok: false, problem: 'binary', bytes };
  const text = decodeUtf8(bytes);
  if (text === null) return { ok: false, problem: 'not-utf8', bytes };
  return { ok: true, full, bytes, text, sha256: sha256Bytes(bytes), stats };
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The CLI's one UTF-8 decode: strict, a BOM kept as U+FEFF; null when the bytes are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}
