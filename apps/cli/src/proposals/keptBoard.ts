/**
 * The proposal board (the agent's proposals with the reviewer's answers,
 * its tour, and the reviewer's questions with its answers) kept between runs of the same review:
 * `<state dir>/proposals/<fingerprint>.json` (0600, folder 0700, written
 * atomically by writeFileAtomic), keyed by the diff's fingerprint as the
 * reviewer's draft is (drafts/draftStore.ts). A review stopped and started
 * again, or whose server died, on the same diff shows its proposals with
 * their answers; a review of another diff does not. It is written under the
 * fingerprint of the diff as it reads when the board changes (the earlier
 * file goes), and removed when the feedback is sent, as the draft is.
 *
 * Read by readOwnFile (never a FIFO, device or link) up to the cap of kept
 * findings, checked by readKeptBoard.ts. A file that cannot be read is kept
 * aside (files/keepAside.ts), one line on stderr names both paths, and the
 * review opens without it.
 */
import { readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isFingerprint } from '@redline/core';
import { keepAside, unreadableReason } from '../files/keepAside.js';
import { readOwnFile } from '../files/readOwnFile.js';
import { writeFailed } from '../files/writeFailure.js';
import { writeFileAtomic, writesSettled } from '../files/writeFileAtomic.js';
import type { ReviewSession } from '../review/reviewSession.js';
import { MAX_PENDING_BYTES } from './pendingFindings.js';
import type { BoardKeeping, KeptBoard } from './proposalBoard.js';
import { reviewedFingerprint } from './proposalLines.js';
import { boardDocument, readKeptBoard } from './readKeptBoard.js';

/** `<64 hex>.json`: a kept board (not pending.json, not one kept aside). */
const BOARD_FILE_RE = /^[0-9a-f]{64}\.json$/;

export function keptBoardsDir(stateDir: string): string {
  return join(stateDir, 'proposals');
}

/** Whether any board is kept: only then does a review's start wait for its diff's fingerprint to look for its own. */
export async function holdsKeptBoards(stateDir: string): Promise<boolean> {
  const names = await readdir(keptBoardsDir(stateDir)).catch(() => [] as string[]);
  return names.some((name) => BOARD_FILE_RE.test(name));
}

/** The keeping of one review's board; `note` takes the line that reports a file kept aside. */
export function keptBoard(session: ReviewSession, note: (line: string) => void): BoardKeeping {
  const dir = keptBoardsDir(session.source.stateDir);
  const pathFor = (fingerprint: string) => {
    if (!isFingerprint(fingerprint)) throw new Error(`not a fingerprint: ${JSON.stringify(fingerprint.slice(0, 80))}`);
    return join(dir, `${fingerprint}.json`);
  };
  /** The fingerprint this review's board is on disk under, once it was found or written. */
  let keptUnder: string | null = null;
  const removeKept = async (fingerprint: string) => {
    await writesSettled(pathFor(fingerprint));
    await rm(pathFor(fingerprint), { force: true });
  };
  return {
    async load() {
      try {
        if (!(await holdsKeptBoards(session.source.stateDir))) return NOTHING_KEPT;
        const fingerprint = await reviewedFingerprint(session);
        const kept = await loadKept(pathFor(fingerprint), fingerprint, note);
        if (kept !== NOTHING_KEPT) keptUnder = fingerprint;
        return kept;
      } catch (error) {
        note(`redline: warning: the kept proposals could not be looked for (${unreadableReason(error)}); the review opens without them`);
        return NOTHING_KEPT;
      }
    },
    async save(board) {
      const fingerprint = await reviewedFingerprint(session);
      await writeFileAtomic(pathFor(fingerprint), boardDocument(fingerprint, board), 0o600).catch((error: unknown) => {
        throw writeFailed(`keep the proposals in ${dir}`, error);
      });
      // The diff changed since the last write: the board moved with it.
      if (keptUnder !== null && keptUnder !== fingerprint) await removeKept(keptUnder);
      keptUnder = fingerprint;
    },
    async remove() {
      if (keptUnder !== null) await removeKept(keptUnder);
      keptUnder = null;
    },
  };
}

const NOTHING_KEPT: KeptBoard = { entries: [], tour: null, questions: [] };

async function loadKept(path: string, fingerprint: string, note: (line: string) => void): Promise<KeptBoard> {
  const read = await readOwnFile(path, MAX_PENDING_BYTES);
  if (read.kind === 'missing') return NOTHING_KEPT;
  let reason: string;
  if (read.kind === 'refused') reason = read.reason;
  else {
    try {
      return readKeptBoard(JSON.parse(read.bytes.toString('utf8')), fingerprint);
    } catch (error) {
      reason = unreadableReason(error);
    }
  }
  const aside = join(dirname(path), await keepAside(path));
  note(`redline: warning: the kept proposals in ${path} could not be read (${reason}); they were kept as ${aside} and the review opens without them`);
  return NOTHING_KEPT;
}
