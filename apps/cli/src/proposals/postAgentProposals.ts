/**
 * POST /api/agent/proposals: the agent's findings, posted by `redline
 * annotate` (or the MCP tool post_findings, which runs it). Refused whole,
 * with the field path, when malformed; by name when a path is outside the
 * diff; when over the limits. A finding posted again is a no-op.
 */
import { formatFieldProblems, MAX_FINDINGS_BYTES, validateFindings, type Finding } from '@redline/core';
import { RedlineError } from '../errors.js';
import { readJsonBody, sendJson } from '../server/httpIo.js';
import type { AgentContext } from '../server/agent/agentRoutes.js';
import { takeFindings } from './takeFindings.js';

export interface ProposalsPosted {
  /** Ids of the proposals this post added, then of those the review already had. */
  added: string[];
  known: string[];
}

export async function postAgentProposals({ req, res, session }: AgentContext): Promise<void> {
  if (session.isEnded) throw new RedlineError('already-ended', 'this review has ended; post findings to the next one');
  const findings = readFindings(await readJsonBody(req, MAX_FINDINGS_BYTES));
  const answer: ProposalsPosted = session.proposals.add(await takeFindings(session, findings));
  sendJson(req, res, 200, answer);
}

/** Validated findings, or one error naming the first bad fields (and how many more there are). */
export function readFindings(value: unknown): Finding[] {
  const result = validateFindings(value);
  if (result.ok) return result.findings;
  throw new RedlineError('bad-input', `${formatFieldProblems(result.problems) || 'invalid findings'}; nothing was posted`);
}
