/**
 * The review sessions of one repository, on disk under
 * `<git dir>/redline/sessions/` (folders 0700, files 0600):
 *
 *   sessions/open            the id of the review that is open now, created
 *                            exclusively (O_EXCL): two redline processes in
 *                            one repository cannot both hold it
 *   sessions/<id>/session.json   pid, port, state (sessionRecord.ts)
 *   sessions/<id>/agent-key      the agent's credential (never in argv, never printed)
 *   sessions/<id>/opener-key     `redline open`'s credential: a new review link
 *                                or the browser opened on one; no agent command
 *                                reads it
 *   sessions/<id>/feedback.md|.json   the feedback, once sent, until `redline wait` collects it
 *
 * A session whose process is gone while it was open is reported as ended and
 * removed; nothing waits on it. Every file here is read by readOwnFile: a
 * FIFO, device or symbolic link in its place is never opened.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { RedlineError } from '../errors.js';
import { readOwnFile, readOwnText } from '../files/readOwnFile.js';
import { writeFileAtomic } from '../files/writeFileAtomic.js';
import { makePrivateDir, writeFailed } from '../files/writeFailure.js';
import { isProcessAlive } from './isProcessAlive.js';
import { parseSessionRecord, recordToJson, type SessionEnding, type SessionFacts, type SessionRecord } from './sessionRecord.js';

/** What the agent commands find: the one open session, an ended one not yet collected, one that died, or none. */
export type FoundSession =
  | { kind: 'none' }
  | { kind: 'live'; record: SessionRecord }
  | { kind: 'ended'; record: SessionRecord }
  | { kind: 'gone'; record: SessionRecord };

export type FeedbackFormat = 'md' | 'json';

const CLAIM = 'open';
/** The claim, a record, the agent key: far below this; anything bigger is not ours. */
const SMALL_FILE_BYTES = 64 * 1024;
/** A review's feedback (an export) is at most what `redline apply` reads. */
const MAX_FEEDBACK_BYTES = 64 * 1024 * 1024;

/** A session's two credentials: the agent's, and `redline open`'s (never the agent's). */
export interface SessionKeys {
  agent: string;
  opener: string;
}

const KEY_FILES = { agent: 'agent-key', opener: 'opener-key' } as const satisfies Record<keyof SessionKeys, string>;

export class SessionStore {
  readonly dir: string;

  constructor(readonly stateDir: string) {
    this.dir = join(stateDir, 'sessions');
  }

  /** A new, unguessable session id. */
  static newId(): string {
    return randomBytes(8).toString('hex');
  }

  /** Refuses (exit 1) while another live process serves a review of this repository. */
  async assertNoOpenReview(): Promise<void> {
    const found = await this.claimed();
    if (found?.alive) throw alreadyOpen(found.record);
    if (found) await this.remove(found.record.id);
  }

  /**
   * Records a session that has just started listening and takes the
   * repository's one open-review claim. The folder and its files come first,
   * so whoever reads the claim finds a whole session.
   */
  async claim(facts: SessionFacts, keys: SessionKeys): Promise<void> {
    try {
      await makePrivateDir(this.folder(facts.id));
      // The two keys and the record are files of their own: written together.
      await Promise.all([
        writeFileAtomic(join(this.folder(facts.id), KEY_FILES.agent), `${keys.agent}\n`, 0o600),
        writeFileAtomic(join(this.folder(facts.id), KEY_FILES.opener), `${keys.opener}\n`, 0o600),
        this.write({ ...facts, state: 'open' }),
      ]);
    } catch (error) {
      throw writeFailed(`keep the review's state in ${this.stateDir}`, error);
    }
    for (let attempt = 0; ; attempt++) {
      const taken = await writeExclusive(join(this.dir, CLAIM), `${facts.id}\n`);
      if (taken) return;
      const found = await this.claimed();
      if (attempt > 0 || found?.alive) {
        await rm(this.folder(facts.id), { recursive: true, force: true });
        throw found ? alreadyOpen(found.record) : new RedlineError('internal', `could not record the review session in ${this.dir}`);
      }
      if (found) await this.remove(found.record.id);
      else await rm(join(this.dir, CLAIM), { force: true });
    }
  }

  /** Writes how the session ended; an ended session gives up the open-review claim. */
  async settle(facts: SessionFacts, ending: SessionEnding): Promise<void> {
    await this.write({ ...facts, ...ending });
    if (ending.state !== 'open') await this.releaseClaim(facts.id);
  }

  async saveFeedback(id: string, markdown: string, json: string): Promise<void> {
    await writeFileAtomic(this.feedbackPath(id, 'md'), markdown, 0o600);
    await writeFileAtomic(this.feedbackPath(id, 'json'), json, 0o600);
  }

  async readFeedback(id: string, format: FeedbackFormat): Promise<string> {
    const read = await readOwnFile(this.feedbackPath(id, format), MAX_FEEDBACK_BYTES);
    if (read.kind === 'bytes') return read.bytes.toString('utf8');
    const why = read.kind === 'refused' ? `unreadable (${read.reason})` : 'missing';
    throw new RedlineError('session-gone', `the feedback of review session ${id} is ${why} in ${this.folder(id)}`);
  }

  readAgentKey(id: string): Promise<string> {
    return this.readKey(id, 'agent');
  }

  /** `redline open`'s key only: no agent command calls this (agent/agentBoundary.test.ts). */
  readOpenerKey(id: string): Promise<string> {
    return this.readKey(id, 'opener');
  }

  private async readKey(id: string, which: keyof SessionKeys): Promise<string> {
    const text = (await readOwnText(join(this.folder(id), KEY_FILES[which]), SMALL_FILE_BYTES)) ?? '';
    const key = text.trim();
    if (!/^[0-9a-f]{64}$/.test(key)) throw new RedlineError('session-gone', `review session ${id} has no ${which} key; it cannot be reached`);
    return key;
  }

  /** The open session (cleaned when its process is gone), else the newest ended one, else none. */
  async find(): Promise<FoundSession> {
    const claimed = await this.claimed();
    if (claimed) {
      this.assertOurs(claimed.record);
      if (claimed.alive) return { kind: 'live', record: claimed.record };
      // Settled, its claim not yet released (settle writes the record, then lets the claim go): it ended, it is not gone.
      // A `redline wait` started as the feedback arrived once read this window as "gone" and removed the feedback (fresh-clone CI).
      if (claimed.record.state !== 'open') return { kind: 'ended', record: claimed.record };
      await this.remove(claimed.record.id);
      return { kind: 'gone', record: claimed.record };
    }
    const ended = (await this.records()).filter((record) => record.state !== 'open');
    const newest = ended.sort((a, b) => b.startedAt.localeCompare(a.startedAt))[0];
    if (!newest) return { kind: 'none' };
    this.assertOurs(newest);
    return { kind: 'ended', record: newest };
  }

  /** Removes a session's folder, and the claim if it is that session's. */
  async remove(id: string): Promise<void> {
    await this.releaseClaim(id);
    await rm(this.folder(id), { recursive: true, force: true });
  }

  /** The detached server's stderr once it is serving (sessions/<id>/server.log, 0600). */
  logPath(id: string): string {
    return join(this.folder(id), 'server.log');
  }

  private feedbackPath(id: string, format: FeedbackFormat): string {
    return join(this.folder(id), `feedback.${format}`);
  }

  private folder(id: string): string {
    if (!/^[0-9a-f]{16}$/.test(id)) throw new RedlineError('internal', `not a session id: ${JSON.stringify(id)}`);
    return join(this.dir, id);
  }

  private async write(record: SessionRecord): Promise<void> {
    await writeFileAtomic(join(this.folder(record.id), 'session.json'), recordToJson(record), 0o600);
  }

  private async read(id: string): Promise<SessionRecord | null> {
    const text = await readOwnText(join(this.folder(id), 'session.json'), SMALL_FILE_BYTES);
    return text === null ? null : parseSessionRecord(text);
  }

  /** The session named by the claim, and whether its process still runs. */
  private async claimed(): Promise<{ record: SessionRecord; alive: boolean } | null> {
    const id = ((await readOwnText(join(this.dir, CLAIM), SMALL_FILE_BYTES)) ?? '').trim();
    if (!/^[0-9a-f]{16}$/.test(id)) return null;
    const record = await this.read(id);
    if (!record) {
      await rm(join(this.dir, CLAIM), { force: true });
      return null;
    }
    return { record, alive: record.state === 'open' && isProcessAlive(record.pid) };
  }

  /** Every readable record; open ones without the claim whose process is gone are leftovers of a crash, and go. */
  private async records(): Promise<SessionRecord[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const records: SessionRecord[] = [];
    for (const name of names.filter((n) => /^[0-9a-f]{16}$/.test(n))) {
      const record = await this.read(name);
      if (record?.state === 'open' && !isProcessAlive(record.pid)) await this.remove(name);
      else if (record) records.push(record);
    }
    return records;
  }

  private async releaseClaim(id: string): Promise<void> {
    const holder = ((await readOwnText(join(this.dir, CLAIM), SMALL_FILE_BYTES)) ?? '').trim();
    if (holder === id) await rm(join(this.dir, CLAIM), { force: true });
  }

  /** A record copied in from another repository's git directory is not this repository's session. */
  private assertOurs(record: SessionRecord): void {
    if (record.stateDir !== this.stateDir) {
      throw new RedlineError('other-repository', `review session ${record.id} belongs to another repository (${record.stateDir}); run redline in that repository`);
    }
  }
}

function alreadyOpen(record: SessionRecord): RedlineError {
  return new RedlineError(
    'review-open',
    `a review is already open in this repository (pid ${record.pid}, port ${record.port}); finish it, or end it with 'redline stop'`,
  );
}

/** Writes the whole file aside, then links it into place: the claim appears complete or not at all, and only once. */
async function writeExclusive(path: string, text: string): Promise<boolean> {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(temp, text, { mode: 0o600, flag: 'wx' });
  try {
    await link(temp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new RedlineError('write-failed', `could not record the review session: ${(error as Error).message}`);
  } finally {
    await rm(temp, { force: true });
  }
}
