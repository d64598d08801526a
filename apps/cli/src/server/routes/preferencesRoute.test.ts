/** PUT /api/preferences on a real server: the reviewer's page writes the file; nobody else, and nothing unchecked. */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DEFAULT_LAYOUT, DEFAULT_PREFERENCES, type ApiError, type Preferences } from '@redline/core';
import { makeRepo, type TestRepo } from '../../../testSupport/gitRepo.js';
import { gitSource, startHarness, type Harness } from '../../../testSupport/reviewServerHarness.js';

const MINE: Preferences = { ...DEFAULT_PREFERENCES, layout: { ...DEFAULT_LAYOUT, sidebar: 'hidden' }, reviewer: '@alice' };

let repo: TestRepo;
let harness: Harness;

beforeAll(async () => {
  repo = makeRepo({ commit: { 'a.txt': 'one\n' } });
  repo.write('a.txt', 'two\n');
  harness = await startHarness(await gitSource(repo.dir));
});
afterAll(async () => {
  await harness.close();
  repo.cleanup();
});

describe('PUT /api/preferences', () => {
  it("writes the whole preferences to the reviewer's file, which the next page answer carries", async () => {
    const answer = await harness.send('PUT', API.preferences, MINE);
    expect(answer.status).toBe(200);
    expect(JSON.parse(readFileSync(harness.preferences.path, 'utf8'))).toEqual(MINE);
    expect((await harness.get('/')).text).toContain(`<script type="application/json" id="redline-preferences">${JSON.stringify(MINE)}</script>`);
  });

  it('refuses a bad field with 400 naming it, and writes nothing', async () => {
    const before = readFileSync(harness.preferences.path, 'utf8');
    const answer = await harness.send('PUT', API.preferences, { ...MINE, settings: { ...MINE.settings, theme: 'pink' }, reviewer: 'eve\u202E' });
    expect(answer.status).toBe(400);
    const { error } = answer.json<ApiError>();
    expect(error.code).toBe('bad-request');
    expect(error.message).toMatch(/settings\.theme: expected one of system, light, dark, got "pink"; reviewer: contains a control or invisible character/);
    expect(readFileSync(harness.preferences.path, 'utf8')).toBe(before);
  });

  it('without the session (401), from another origin (403), or as GET (405): refused, nothing written', async () => {
    const other = await startHarness(await gitSource(repo.dir), { signIn: false });
    try {
      const unsigned = await other.send('PUT', API.preferences, MINE);
      expect(unsigned.status).toBe(401);
      const foreign = await harness.send('PUT', API.preferences, MINE, { origin: 'http://127.0.0.1:1' });
      expect(foreign.status).toBe(403);
      expect((await harness.get(API.preferences)).status).toBe(405);
      expect(existsSync(other.preferences.path)).toBe(false);
    } finally {
      await other.close();
    }
  });
});
