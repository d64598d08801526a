/**
 * POST /api/publish {} -> PublishResult: the reviewer's Send asked to publish
 * (`publish: true`); this request waits for the CLI to record that round,
 * then posts it to the review's pull request as one GitHub review
 * (forge/publish/publishRound.ts). The reviewer's act: a request with the
 * agent's credential never reaches here (403, agentRoutes.ts).
 */
import type { PublishResult } from '@redline/core';
import { RedlineError } from '../../errors.js';
import { publishHandOffOf } from '../../forge/publish/publishHandOff.js';
import { readObject } from '../../validation/fields.js';
import { readJsonBody, sendJson } from '../httpIo.js';
import type { ApiContext } from './apiContext.js';

export async function postPublish({ req, res, session }: ApiContext): Promise<void> {
  readObject(await readJsonBody(req), 'body');
  if (!session.isEnded) throw new RedlineError('bad-request', 'send the review first: publishing posts the round a Send recorded');
  const result = await publishHandOffOf(session).publish(async (recorded): Promise<PublishResult> => {
    if (recorded === null) throw new RedlineError('not-found', 'this Send recorded no round to publish (it did not ask to publish, or its round could not be recorded)');
    // Loaded here: the GitHub client (Octokit) is needed by a publish only.
    const { publishRound } = await import('../../forge/publish/publishRound.js');
    const outcome = await publishRound(recorded.root, { kind: 'named', id: recorded.round.commit }, recorded.env);
    return { kind: outcome.kind, url: outcome.url };
  });
  sendJson(req, res, 200, result);
}
