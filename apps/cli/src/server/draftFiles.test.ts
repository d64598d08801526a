/**
 * Redline reads only a regular file at a draft's path, against a real
 * server: a FIFO there is refused at once (it used to hang the server's
 * reads for good), a symbolic link is not followed, and a draft whose inner
 * fingerprint is not its file name's is not served. Each is kept aside and
 * named, and the next save writes a real draft.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdirSync, openSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API, type ApiError, type DraftData, type ReviewData } from '@redline/core';
import { makeRepo, makeTempDir, type TestRepo } from '../../testSupport/gitRepo.js';
import type { HttpAnswer } from '../../testSupport/httpClient.js';
import { gitSource, startHarness, type Harness } from '../../testSupport/reviewServerHarness.js';

let repo: TestRepo;
let harness: Harness;
let review: ReviewData;

beforeEach(async () => {
  repo = makeRepo({ commit: { 'a.txt': 'one\n' } });
  repo.write('a.txt', 'two\n');
  harness = await startHarness(await gitSource(repo.dir));
  review = (await harness.get(API.review)).json<ReviewData>();
  mkdirSync(draftDir(), { recursive: true, mode: 0o700 });
});
afterEach(async () => {
  await harness.close();
  repo.cleanup();
});

const draftDir = () => join(repo.dir, '.git', 'redline', 'drafts');
const draftPath = () => join(draftDir(), `${review.fingerprint}.json`);

function draft(fingerprint = review.fingerprint, summary = 'kept'): DraftData {
  return { version: 2, fingerprint, annotations: [], viewed: {}, summary, composer: null, updatedAt: '2026-12-05T00:00:00.000Z' };
}

/** The draft request, or 'no answer' after a second. */
function getDraftWithin(ms = 1000): Promise<HttpAnswer | 'no answer'> {
  return Promise.race([harness.get(`${API.draft}?fingerprint=${review.fingerprint}`), new Promise<'no answer'>((done) => setTimeout(() => done('no answer'), ms))]);
}

async function expectRefused(reason: RegExp): Promise<void> {
  const answer = await getDraftWithin();
  if (answer === 'no answer') throw new Error('the draft request got no answer within a second');
  expect(answer.status).toBe(422);
  const { error } = answer.json<ApiError>();
  expect(error.code).toBe('unreadable-draft');
  expect(error.message).toMatch(reason);
  expect(readdirSync(draftDir()).filter((name) => name.includes('.unreadable-'))).toHaveLength(1);
  // The server still serves, and the next save writes a real draft in its place.
  expect((await harness.get(API.review)).status).toBe(200);
  expect((await harness.send('PUT', API.draft, draft(review.fingerprint, 'fresh'))).status).toBe(200);
  expect((await harness.get(`${API.draft}?fingerprint=${review.fingerprint}`)).json<DraftData>().summary).toBe('fresh');
}

describe('only a regular file at the draft path is read', () => {
  it('a FIFO is refused at once, by name, and the server keeps serving', async () => {
    execFileSync('mkfifo', [draftPath()]);
    try {
      await expectRefused(/is not a regular file \(a FIFO/);
    } finally {
      // Releases a reader left blocked on the FIFO (there is none once it is refused).
      try {
        closeSync(openSync(draftPath(), constants.O_WRONLY | constants.O_NONBLOCK));
      } catch {
        // no reader, or no FIFO any more
      }
    }
  });

  it('a symbolic link is not followed: the file it points to is neither served nor touched', async () => {
    const elsewhere = join(makeTempDir(), 'draft.json');
    writeFileSync(elsewhere, JSON.stringify(draft(review.fingerprint, 'from elsewhere')));
    symlinkSync(elsewhere, draftPath());
    await expectRefused(/is a symbolic link; redline does not follow links/);
    expect(JSON.parse(readFileSync(elsewhere, 'utf8'))).toMatchObject({ summary: 'from elsewhere' });
  });

  it('a draft whose inner fingerprint is not its file name is not served', async () => {
    writeFileSync(draftPath(), JSON.stringify(draft('f'.repeat(64), 'another diff')));
    await expectRefused(/holds the draft of fingerprint ffffffffffff…, not of its file name's/);
  });
});
