/**
 * The picture endpoint through the real server on a real
 * repository: each side at the review's revisions, the content type from
 * the bytes, and every refusal: a path not in the diff, a symlink out of the
 * repository, HTML named .png, a picture over 10 MB, and the session, Host
 * and Origin checks every API route has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MAX_IMAGE_BYTES, SESSION_HEADER, type ApiError, type ReviewData } from '@redline/core';
import { makeRepo, type TestRepo } from '../../../testSupport/gitRepo.js';
import { httpCall } from '../../../testSupport/httpClient.js';
import { pngBytes } from '../../../testSupport/pngBytes.js';
import { gitSource, startHarness, type Harness } from '../../../testSupport/reviewServerHarness.js';
import { IMAGE_CSP } from './imageRoute.js';

const OLD_PNG = pngBytes(4, 3, [255, 0, 0]);
const NEW_PNG = pngBytes(8, 6, [0, 0, 255]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>\n';

let repo: TestRepo;
let harness: Harness;
let review: ReviewData;

const imageUrl = (path: string, side: string, fingerprint = review.fingerprint) => `${API.image}?${new URLSearchParams({ path, fingerprint, side })}`;

async function refusal(path: string, side = 'new') {
  const answer = await harness.get(imageUrl(path, side));
  return { status: answer.status, type: answer.headers['content-type'], ...answer.json<ApiError>().error };
}

beforeAll(async () => {
  repo = makeRepo({ commit: { 'logo.png': OLD_PNG, 'fake.png': 'placeholder\n', 'huge.png': OLD_PNG, 'notes.txt': 'a\n' } });
  repo.write('logo.png', NEW_PNG);
  repo.write('icon.svg', SVG);
  repo.write('fake.png', '<!doctype html><html><body><script>alert(document.domain)</script></body></html>\n');
  repo.write('huge.png', Buffer.concat([pngBytes(1, 1, [0, 0, 0]), Buffer.alloc(MAX_IMAGE_BYTES + 1 - pngBytes(1, 1, [0, 0, 0]).length)]));
  repo.symlink('/etc/passwd', 'escape.png');
  repo.write('notes.txt', 'b\n');
  harness = await startHarness(await gitSource(repo.dir));
  review = (await harness.get(API.review)).json<ReviewData>();
}, 60_000);

afterAll(async () => {
  await harness?.close();
  repo?.cleanup();
});

describe('GET /api/image', () => {
  it('serves the old side from the base and the new side from the working tree, typed from the bytes', async () => {
    const old = await harness.get(imageUrl('logo.png', 'old'));
    expect(old.status).toBe(200);
    expect(old.body.equals(OLD_PNG)).toBe(true);
    expect(old.headers['content-type']).toBe('image/png');
    expect(old.headers['x-content-type-options']).toBe('nosniff');
    const fresh = await harness.get(imageUrl('logo.png', 'new'));
    expect(fresh.body.equals(NEW_PNG)).toBe(true);
  });

  it('serves an added SVG as image/svg+xml under a CSP that runs nothing, sandboxed', async () => {
    const answer = await harness.get(imageUrl('icon.svg', 'new'));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/svg+xml');
    expect(answer.headers['content-security-policy']).toBe(IMAGE_CSP);
    expect(IMAGE_CSP).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect((await refusal('icon.svg', 'old')).status).toBe(404);
  });

  it('refuses a path that is not in the diff (404), or not a picture by its name', async () => {
    expect(await refusal('README.md')).toMatchObject({ status: 404, code: 'not-in-diff' });
    expect(await refusal('../outside.png')).toMatchObject({ status: 404, code: 'not-in-diff' });
    expect(await refusal('notes.txt')).toMatchObject({ status: 422, code: 'not-image' });
  });

  it('refuses a symlink pointing out of the repository, never reading its target', async () => {
    const answer = await refusal('escape.png');
    expect(answer).toMatchObject({ status: 422, code: 'symlink' });
    expect(answer.message).not.toContain('root:');
  });

  it('never serves HTML named .png as a picture (or as anything but a JSON refusal)', async () => {
    const answer = await refusal('fake.png');
    expect(answer).toMatchObject({ status: 422, code: 'not-image' });
    expect(answer.type).toBe('application/json; charset=utf-8');
    expect(answer.message).toContain('fake.png (new side) is not a PNG, JPEG, GIF, WebP or SVG picture');
  });

  it('refuses a picture over 10 MB with its size and the limit', async () => {
    const answer = await refusal('huge.png');
    expect(answer).toMatchObject({ status: 422, code: 'too-large' });
    expect(answer.message).toBe(`huge.png (new side) is too large to show (${MAX_IMAGE_BYTES + 1} bytes; pictures up to ${MAX_IMAGE_BYTES} bytes are shown)`);
  });

  it('refuses a bad side and a stale fingerprint', async () => {
    expect(await refusal('logo.png', 'both')).toMatchObject({ status: 400, code: 'bad-request' });
    const stale = await harness.get(imageUrl('logo.png', 'new', 'f'.repeat(64)));
    expect(stale.status).toBe(409);
  });

  it('needs the session, our Host and our Origin like every API route', async () => {
    const path = imageUrl('logo.png', 'new');
    const unsigned = await httpCall({ port: harness.port, path });
    expect(unsigned.status).toBe(401);
    const wrongSecret = await httpCall({ port: harness.port, path, headers: { [SESSION_HEADER]: '0'.repeat(64) } });
    expect(wrongSecret.status).toBe(401);
    const rebound = await httpCall({ port: harness.port, path, host: `evil.example:${harness.port}`, headers: harness.auth });
    expect(rebound.status).toBe(403);
    const foreign = await harness.get(path, { origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    for (const answer of [unsigned, wrongSecret, rebound, foreign]) expect(answer.body.includes(NEW_PNG.subarray(0, 16))).toBe(false);
  });
});
