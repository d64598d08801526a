/**
 * POST /api/agent/proposals: the agent's findings, posted by `redline
 * annotate` (or the MCP tool post_findings, which runs it). Refused whole,
 * with the field path, when malformed; by name when a path is outside the
 * diff; when over the limits. A finding posted again is a no-op. With a
 * `variant` (a `redline compare` review), they are that variant's, shown in
 * its column of the comparison.
 */
import { MAX_FINDINGS_BYTES } from '@redline/core';
import { RedlineError } from '../../errors.js';
import { readFindings } from '../../proposals/readFindings.js';
import { takeFindings } from '../../proposals/takeFindings.js';
import { readJsonBody, sendJson } from '../httpIo.js';
import type { AgentContext } from './agentContext.js';
import type { ProposalsPosted } from './agentApi.js';
import { noVariantsRefusal, variantOf } from './bodyVariant.js';

export async function postAgentProposals({ req, res, session }: AgentContext): Promise<void> {
  if (session.isEnded) throw new RedlineError('already-ended', 'this review has ended; post findings to the next one');
  const body = await readJsonBody(req, MAX_FINDINGS_BYTES);
  const findings = readFindings(body);
  const variant = variantOf(body);
  if (variant !== null) {
    // A `redline compare` review: the findings go to that variant's column, not the review's proposals.
    if (session.compare === null) throw noVariantsRefusal(variant);
    sendJson(req, res, 200, session.compare.addFindings(variant, findings) satisfies ProposalsPosted);
    return;
  }
  const answer: ProposalsPosted = await session.proposals.add(await takeFindings(session, findings));
  sendJson(req, res, 200, answer);
}
