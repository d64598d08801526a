/**
 * The session records on a real disk: one open review per repository (an
 * exclusive claim), a session whose process is gone reported once as gone
 * and removed, ended sessions kept until collected, and a record that names
 * another repository refused.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, constants, mkdirSync, openSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../testSupport/gitRepo.js';
import { parseSessionRecord, recordToJson, type SessionFacts } from './sessionRecord.js';
import { SessionStore } from './sessionStore.js';

const KEY = { agent: 'a'.repeat(64), opener: 'b'.repeat(64) };
/** A pid that certainly names no process: one that has just exited and been reaped. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

function facts(store: SessionStore, pid = process.pid): SessionFacts {
  return { id: SessionStore.newId(), mode: 'detached', pid, port: 4321, stateDir: store.stateDir, target: 't', reviewed: { kind: 'work-tree' }, startedAt: new Date().toISOString() };
}

describe('SessionStore', () => {
  it('holds one open review: a second claim while the first process lives is refused with its pid and port', async () => {
    const store = new SessionStore(makeTempDir());
    const first = facts(store);
    await store.claim(first, KEY);
    await expect(store.claim(facts(store), KEY)).rejects.toThrow(`a review is already open in this repository (pid ${process.pid}, port 4321)`);
    await expect(store.assertNoOpenReview()).rejects.toMatchObject({ code: 'review-open' });
    expect(await store.find()).toMatchObject({ kind: 'live', record: { id: first.id, state: 'open' } });
    expect(await store.readAgentKey(first.id)).toBe(KEY.agent);
    expect(await store.readOpenerKey(first.id)).toBe(KEY.opener);
  });

  it('reports a session whose process is gone as gone, once, removes it, and lets a new one claim', async () => {
    const store = new SessionStore(makeTempDir());
    const dead = facts(store, deadPid());
    await store.claim(dead, KEY);
    expect(await store.find()).toMatchObject({ kind: 'gone', record: { id: dead.id } });
    expect(await store.find()).toEqual({ kind: 'none' });
    await store.claim(dead, KEY);
    await store.claim(facts(store), KEY); // the dead claim is taken over
    expect((await store.find()).kind).toBe('live');
  });

  it('keeps an ended session (and its feedback) until it is removed; a new review may open meanwhile', async () => {
    const store = new SessionStore(makeTempDir());
    const ended = facts(store);
    await store.claim(ended, KEY);
    await store.saveFeedback(ended.id, '# md\n', '{}\n');
    await store.settle(ended, { state: 'sent', copy: null });
    expect(await store.find()).toMatchObject({ kind: 'ended', record: { id: ended.id, state: 'sent' } });
    expect(await store.readFeedback(ended.id, 'md')).toBe('# md\n');
    await store.assertNoOpenReview();
    await store.remove(ended.id);
    expect(await store.find()).toEqual({ kind: 'none' });
  });

  it('a session settled while its claim is still held (the moment between the two writes of settle) is ended, not gone', async () => {
    const store = new SessionStore(makeTempDir());
    const ended = facts(store, deadPid());
    await store.claim(ended, KEY);
    await store.saveFeedback(ended.id, '# md\n', '{}\n');
    await store.settle(ended, { state: 'sent', copy: null });
    writeFileSync(join(store.stateDir, 'sessions', 'open'), `${ended.id}\n`); // the claim as it was before settle let it go
    expect(await store.find()).toMatchObject({ kind: 'ended', record: { id: ended.id, state: 'sent' } });
    expect(await store.readFeedback(ended.id, 'md')).toBe('# md\n');
  });

  it('refuses a record of another repository, and ignores a torn one', async () => {
    const store = new SessionStore(makeTempDir());
    const elsewhere = { ...facts(store), stateDir: '/elsewhere/.git/redline' };
    await store.claim(elsewhere, KEY);
    await expect(store.find()).rejects.toMatchObject({ code: 'other-repository' });
    const torn = new SessionStore(makeTempDir());
    mkdirSync(join(torn.dir, '0123456789abcdef'), { recursive: true });
    writeFileSync(join(torn.dir, '0123456789abcdef', 'session.json'), '{"version": 1, "id": ');
    writeFileSync(join(torn.dir, 'open'), '0123456789abcdef\n');
    expect(await torn.find()).toEqual({ kind: 'none' });
  });

  it('never opens a FIFO or follows a link in place of its files: find, the agent key and the feedback answer at once', async () => {
    const store = new SessionStore(makeTempDir());
    const live = facts(store);
    await store.claim(live, KEY);
    const folder = join(store.dir, live.id);
    const fifos = [join(folder, 'agent-key'), join(folder, 'feedback.md')];
    for (const path of fifos) {
      rmSync(path, { force: true });
      execFileSync('mkfifo', [path]);
    }
    const outside = join(makeTempDir(), 'key');
    writeFileSync(outside, `${'b'.repeat(64)}\n`);
    try {
      const within = <T,>(promise: Promise<T>) =>
        Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer within a second')), 1_000))]);
      await expect(within(store.readAgentKey(live.id))).rejects.toMatchObject({ code: 'session-gone' });
      await expect(within(store.readFeedback(live.id, 'md'))).rejects.toThrow(/feedback\.md is not a regular file \(a FIFO/);
      expect(await within(store.find())).toMatchObject({ kind: 'live' });
      rmSync(fifos[0]!);
      symlinkSync(outside, fifos[0]!);
      await expect(within(store.readAgentKey(live.id))).rejects.toMatchObject({ code: 'session-gone' });
    } finally {
      // Releases a reader left blocked on a FIFO (none, once they are refused).
      for (const path of fifos) {
        try {
          closeSync(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK));
        } catch {
          // no reader, or no FIFO
        }
      }
    }
  });

  it("keeps what a review's check runs on: a commit review's head commit, read back; a record without it reads as the work tree", async () => {
    const store = new SessionStore(makeTempDir());
    const commit = 'c'.repeat(40);
    const record = { ...facts(store), reviewed: { kind: 'commit', commit }, state: 'open' } as const;
    expect(parseSessionRecord(recordToJson(record))).toEqual(record);
    const { reviewed: _omitted, ...older } = record;
    expect(parseSessionRecord(recordToJson(older as typeof record))).toEqual({ ...record, reviewed: { kind: 'work-tree' } });
    expect(parseSessionRecord(recordToJson({ ...record, reviewed: { kind: 'commit', commit: 'HEAD' } }))).toBeNull();
  });
});
