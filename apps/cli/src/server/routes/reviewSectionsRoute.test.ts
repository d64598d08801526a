/**
 * The review in pages through the real server over a real repository, with
 * the threshold lowered by REDLINE_PAGE_BYTES_THRESHOLD: the review endpoint
 * answers the manifest (every file's facts, the whole reading's fingerprint,
 * the first sections in the one file order) and GET /api/review/sections the
 * rest, page after page, each section exactly the reading's own; a diff the
 * session no longer holds answers 409, and a request without the session's
 * credential, or from another origin's Host, is refused as on every review route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type ApiError, sortByFileOrder, splitPatchSections, type PagedReviewData, type ReviewData, type ReviewSectionsData, type ServedReviewData } from '@redline/core';
import { makeRepo, type TestRepo } from '../../../testSupport/gitRepo.js';
import { httpCall } from '../../../testSupport/httpClient.js';
import { gitSource, startHarness, type Harness } from '../../../testSupport/reviewServerHarness.js';
import { PAGE_THRESHOLD_VARIABLE, pageBytesThreshold } from '../../review/reviewPages.js';

let repo: TestRepo;
let harness: Harness;
let whole: ReviewData;
const FILE_LINES = 12_000; // 72 KB of section per changed file, 36 KB per new one: 5.4 MB, several pages past the first

beforeAll(async () => {
  const committed: Record<string, string> = {};
  for (let i = 0; i < 60; i++) committed[`src/dir${i % 7}/file${i}.txt`] = 'a\n'.repeat(FILE_LINES);
  repo = makeRepo({ commit: committed });
  for (let i = 0; i < 60; i++) repo.write(`src/dir${i % 7}/file${i}.txt`, 'b\n'.repeat(FILE_LINES));
  // Untracked files come after the tracked ones in git's patch but before them in the file order.
  for (let i = 0; i < 30; i++) repo.write(`a/new${i}.txt`, 'c\n'.repeat(FILE_LINES));
  // The threshold as the CLI reads it from REDLINE_PAGE_BYTES_THRESHOLD; the first page's budget 100,000 bytes (1/32 of it).
  harness = await startHarness(await gitSource(repo.dir), { pageThreshold: pageBytesThreshold({ [PAGE_THRESHOLD_VARIABLE]: '3200000' }) });
  whole = await harness.session.loadReview();
});
afterAll(async () => {
  await harness?.close();
  repo?.cleanup();
});

const sectionsUrl = (fingerprint: string, from: number | string, bytes: number | string = 200_000) =>
  `${API.reviewSections}?fingerprint=${fingerprint}&from=${from}&bytes=${bytes}`;

describe('the review in pages', () => {
  it('answers the manifest: every file, the whole fingerprint, the first sections in the file order', async () => {
    const answer = await harness.get(API.review, { 'accept-encoding': 'br' });
    expect(answer.status).toBe(200);
    const manifest = answer.json<ServedReviewData>() as PagedReviewData;
    expect(manifest.files).toEqual(whole.files);
    expect(manifest.fingerprint).toBe(whole.fingerprint);
    expect(manifest.pages.total).toBe(90);
    const sections = splitPatchSections(whole.patch);
    const order = sortByFileOrder(whole.files.map((f, index) => ({ path: f.path, index })), (e) => e.path).map((e) => e.index);
    expect(order[0]).not.toBe(0); // the file order is not git's here
    expect(manifest.pages.loaded).toEqual(order.slice(0, manifest.pages.loaded.length));
    expect(manifest.pages.loaded.length).toBeGreaterThan(1);
    expect(manifest.pages.loaded.length).toBeLessThan(90);
    expect(manifest.patch).toBe(manifest.pages.loaded.map((i) => sections[i]).join(''));
    expect(manifest.patch.length).toBeLessThanOrEqual(100_000);
  });

  it('serves every other section, page after page, each exactly the reading\'s own, in the file order', async () => {
    const manifest = (await harness.get(API.review)).json<PagedReviewData>();
    const sections = splitPatchSections(whole.patch);
    const order = sortByFileOrder(whole.files.map((f, index) => ({ path: f.path, index })), (e) => e.path).map((e) => e.index);
    const seen = [...manifest.pages.loaded];
    let from: number | null = manifest.pages.loaded.length;
    let pages = 0;
    while (from !== null) {
      const answer = await harness.get(sectionsUrl(manifest.fingerprint, from));
      expect(answer.status).toBe(200);
      const page = answer.json<ReviewSectionsData>();
      expect(page.sections.length).toBeGreaterThan(0);
      for (const { index, section } of page.sections) {
        expect(section).toBe(sections[index]);
        seen.push(index);
      }
      from = page.next;
      pages++;
    }
    expect(pages).toBeGreaterThan(2);
    expect(seen).toEqual(order);
  });

  it("keeps a reading's sections cut once, in the patch's order, for the first screen (none for a reading it does not hold)", () => {
    const sections = harness.session.patchSections(whole);
    expect(sections).toEqual(splitPatchSections(whole.patch));
    expect(harness.session.patchSections(whole)).toEqual(sections);
    expect(harness.session.patchSections({ ...whole })).toBeNull();
  });

  it('pages this 5.4 MB review with no threshold set (the default, 2 MB), its first page 64 KB at most', async () => {
    const byDefault = await startHarness(await gitSource(repo.dir), { pageThreshold: pageBytesThreshold({}) });
    try {
      const manifest = (await byDefault.get(API.review)).json<ServedReviewData>() as PagedReviewData;
      expect(manifest.pages.total).toBe(90);
      expect(manifest.pages.loaded.length).toBeGreaterThan(0);
      expect(manifest.patch.length).toBeLessThanOrEqual(64 * 1024);
      expect(manifest.fingerprint).toBe(whole.fingerprint);
    } finally {
      await byDefault.close();
    }
  });

  it('always answers at least one section, even past a tiny budget', async () => {
    const page = (await harness.get(sectionsUrl(whole.fingerprint, 3, 1))).json<ReviewSectionsData>();
    expect(page.sections).toHaveLength(1);
    expect(page.next).toBe(4);
  });

  it('answers 409 for a diff it does not hold, 400 for a bad position', async () => {
    const stale = await harness.get(sectionsUrl('0'.repeat(64), 0));
    expect(stale.status).toBe(409);
    expect(stale.json<ApiError>().error.code).toBe('changed');
    expect((await harness.get(sectionsUrl(whole.fingerprint, '-1'))).status).toBe(400);
    expect((await harness.get(`${API.reviewSections}?fingerprint=${whole.fingerprint}&from=1`)).status).toBe(400);
  });

  it('answers 409 once the diff changed and the old reading let its patch go', async () => {
    const before = whole.fingerprint;
    repo.write('a/new0.txt', 'changed\n');
    const after = (await harness.get(API.review)).json<ServedReviewData>();
    expect(after.fingerprint).not.toBe(before);
    expect((await harness.get(sectionsUrl(before, 0))).status).toBe(409);
    expect((await harness.get(sectionsUrl(after.fingerprint, 0))).status).toBe(200);
  });

  it('refuses a request without the session credential, or with another Host', async () => {
    const bare = await httpCall({ port: harness.port, path: sectionsUrl(whole.fingerprint, 0) });
    expect(bare.status).toBe(401);
    const foreign = await harness.get(sectionsUrl(whole.fingerprint, 0), { host: 'evil.example:80' });
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(foreign.text).not.toContain('diff --git');
  });
});
