/**
 * POST /api/open-in-editor on a real server over a real repository: the
 * editor (a real program here, a script that records how it was called)
 * opens a file of the diff at a line; a file outside the diff, a deleted
 * one, a symlink, a bad body, a terminal editor and a missing editor are
 * refused with what to do, and start nothing.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API, type ApiError, type ReviewData } from '@redline/core';
import { makeRepo, type TestRepo } from '../../../testSupport/gitRepo.js';
import { gitSource, startHarness, type Harness } from '../../../testSupport/reviewServerHarness.js';

let repo: TestRepo;
let harness: Harness;
let bin: string;
let record: string;
let review: ReviewData;
const saved = { REDLINE_EDITOR: process.env.REDLINE_EDITOR };

beforeAll(async () => {
  repo = makeRepo({ commit: { 'src/calc.ts': 'one\n', 'gone.txt': 'bye\n' } });
  repo.write('src/calc.ts', 'one\ntwo\nthree\n');
  repo.remove('gone.txt');
  repo.symlink('/etc/hostname', 'link.txt');
  bin = mkdtempSync(join(tmpdir(), 'redline-editor-'));
  record = join(bin, 'called.txt');
  // An editor with no line syntax in launch-editor's table: it gets the file alone ("zed" style is tested in editorCommand.test.ts).
  // Written whole, then renamed into place: the test never reads a half-written record.
  const recorder = `#!/bin/sh\nprintf '%s\\n' "$PWD" "$@" > '${record}.part' && mv '${record}.part' '${record}'\n`;
  writeFileSync(join(bin, 'record-editor'), recorder, { mode: 0o755 });
  writeFileSync(join(bin, 'zed'), recorder, { mode: 0o755 });
  harness = await startHarness(await gitSource(repo.dir));
  review = (await harness.get(API.review)).json<ReviewData>();
});
afterEach(() => {
  rmSync(record, { force: true });
  if (saved.REDLINE_EDITOR === undefined) delete process.env.REDLINE_EDITOR;
  else process.env.REDLINE_EDITOR = saved.REDLINE_EDITOR;
});
afterAll(async () => {
  await harness.close();
  repo.cleanup();
  rmSync(bin, { recursive: true, force: true });
});

const open = (body: unknown) => harness.send('POST', API.openInEditor, body);
const fingerprint = () => review.fingerprint;

async function called(): Promise<string[]> {
  for (let i = 0; i < 100 && !existsSync(record); i++) await new Promise((r) => setTimeout(r, 20));
  return readFileSync(record, 'utf8').trimEnd().split('\n');
}

describe('POST /api/open-in-editor', () => {
  it("starts the reviewer's editor on the file at the line, in the file's folder, and names it", async () => {
    process.env.REDLINE_EDITOR = join(bin, 'zed');
    const answer = await open({ path: 'src/calc.ts', fingerprint: fingerprint(), line: 2 });
    expect(answer.status).toBe(200);
    expect(answer.json<{ editor: string }>().editor).toBe(join(bin, 'zed'));
    expect(await called()).toEqual([join(repo.dir, 'src'), `${join(repo.dir, 'src/calc.ts')}:2:1`]);
  });

  it('at the top of the file when no line is given', async () => {
    process.env.REDLINE_EDITOR = join(bin, 'record-editor');
    expect((await open({ path: 'src/calc.ts', fingerprint: fingerprint(), line: null })).status).toBe(200);
    expect((await called()).slice(1)).toEqual([join(repo.dir, 'src/calc.ts')]);
  });

  it.each([
    [{ path: 'README.md', line: 1 }, 404, 'not-in-diff'],
    [{ path: 'gone.txt', line: 1 }, 422, 'deleted'],
    [{ path: 'link.txt', line: 1 }, 422, 'symlink'],
    [{ path: 'src/calc.ts', line: 0 }, 400, 'bad-request'],
    [{ path: 'src/calc.ts', line: '2; rm' }, 400, 'bad-request'],
  ])('refuses %j (%i %s) and starts nothing', async (body, status, code) => {
    process.env.REDLINE_EDITOR = join(bin, 'record-editor');
    const answer = await open({ fingerprint: fingerprint(), ...body });
    expect(answer.status).toBe(status);
    expect(answer.json<ApiError>().error.code).toBe(code);
    await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(record)).toBe(false);
  });

  it('a terminal editor is not started: the answer gives its command line', async () => {
    process.env.REDLINE_EDITOR = 'vim';
    const answer = await open({ path: 'src/calc.ts', fingerprint: fingerprint(), line: 3 });
    expect(answer.status).toBe(422);
    const { error } = answer.json<ApiError>();
    expect(error.code).toBe('terminal-editor');
    expect(error.message).toContain(`run: vim '+call cursor(3, 1)' ${join(repo.dir, 'src/calc.ts')}`);
  });

  it('an editor that is not installed says so', async () => {
    process.env.REDLINE_EDITOR = join(bin, 'no-such-editor');
    const answer = await open({ path: 'src/calc.ts', fingerprint: fingerprint(), line: 3 });
    expect(answer.status).toBe(422);
    expect(answer.json<ApiError>().error.message).toMatch(/no-such-editor' was not found on PATH/);
    expect(harness.internalErrors).toEqual([]);
  });
});
