/**
 * POST /api/publish, the page's publish after a Send that asked for it, on
 * the real server of `redline <PR URL>` against the contract forge: the
 * reviewer's credential publishes the round the CLI records (one review, no
 * contract violation, the CLI says where it went); a request with the
 * agent's credential is refused with 403, alone or beside the reviewer's
 * own secret, and publishes nothing.
 */
import { API } from '@redline/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { httpCall } from '../../../testSupport/httpClient.js';
import { makePublishFixture, type PublishFixture } from '../../../testSupport/publishFixture.js';
import { AGENT_HEADER } from '../agent/agentApi.js';

let fixture: PublishFixture;
beforeEach(async () => {
  fixture = await makePublishFixture();
});
afterEach(() => fixture.close());

const SEND = {
  verdict: 'comment',
  summary: 'One note.',
  publish: true,
  annotations: [{ id: 'c1', kind: 'comment', scope: 'line', path: 'src/app.ts', side: 'new', startLine: 3, endLine: 3, text: 'Upper case?', createdAt: '2026-12-05T00:00:00.000Z' }],
};

describe('POST /api/publish', () => {
  it("publishes the Send's round with the reviewer's credential, and refuses the agent's (403)", async () => {
    const { page, exit, stderr } = await fixture.openPullReview();
    expect((await page.post(API.feedback, SEND)).status).toBe(200);
    const asAgent = (headers: Record<string, string>) =>
      httpCall({ port: page.port, method: 'POST', path: API.publish, headers: { origin: page.origin, 'content-type': 'application/json', ...headers }, body: '{}' });
    expect((await asAgent({ [AGENT_HEADER]: 'f'.repeat(64) })).status).toBe(403);
    expect((await asAgent({ ...page.auth, [AGENT_HEADER]: 'f'.repeat(64) })).status).toBe(403);
    expect(fixture.pull.reviews).toEqual([]);
    const answer = await page.post(API.publish, {});
    expect(answer.status, answer.text).toBe(200);
    const [review] = fixture.pull.reviews;
    const url = `https://github.com/octo/widgets/pull/7#pullrequestreview-${review!.id}`;
    expect(answer.json()).toEqual({ kind: 'published', url });
    expect(review).toMatchObject({ state: 'COMMENTED', body: `One note.\n\n<!-- redline-round: ${fixture.latestRound()} -->` });
    expect(review!.comments).toEqual([{ path: 'src/app.ts', line: 3, side: 'RIGHT', body: 'Upper case?' }]);
    expect(await exit).toBe(0);
    expect(stderr()).toContain(`Published the round: ${url}\n`);
    expect(fixture.forge.violations).toEqual([]);
  });
});
