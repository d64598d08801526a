/**
 * POST /api/agent/tour: the agent's tour of its change, posted by `redline
 * annotate` (or the MCP tool post_tour, which runs it). Refused whole, with
 * the field path, when malformed; by name when a step's path is outside the
 * diff or its lines are not there. A new tour replaces the earlier one. With
 * a `variant` (a `redline compare` review), it is that variant's agent's tour.
 */
import { MAX_FINDINGS_BYTES } from '@redline/core';
import { RedlineError } from '../../errors.js';
import { readTour } from '../../proposals/readFindings.js';
import { readFindingLines } from '../../proposals/proposalLines.js';
import { readJsonBody, sendJson } from '../httpIo.js';
import type { AgentContext } from './agentContext.js';
import { noVariantsRefusal, variantOf } from './bodyVariant.js';

export async function postAgentTour({ req, res, session }: AgentContext): Promise<void> {
  if (session.isEnded) throw new RedlineError('already-ended', 'this review has ended; post the tour to the next one');
  const body = (await readJsonBody(req, MAX_FINDINGS_BYTES)) as { tour?: unknown } | null;
  const tour = readTour(typeof body === 'object' && body !== null ? body.tour : undefined);
  const variant = variantOf(body);
  if (variant !== null) {
    // A `redline compare` review: the tour of that variant's own agent, in its column (every step a file it changed).
    if (session.compare === null) throw noVariantsRefusal(variant);
    session.compare.setTour(variant, tour);
    sendJson(req, res, 200, { ok: true, steps: tour.steps.length });
    return;
  }
  const data = await session.loadReview();
  const paths = new Set(data.files.map((file) => file.path));
  const outside = [...new Set(tour.steps.map((step) => step.path).filter((path) => !paths.has(path)))];
  if (outside.length > 0) throw new RedlineError('not-in-diff', `not files of this review's diff: ${outside.map((path) => JSON.stringify(path)).join(', ')}; the tour was not posted`);
  const read = await Promise.all(tour.steps.map((step) => readFindingLines(session, step)));
  const missing = read.findIndex((text) => text === null);
  if (missing !== -1) {
    const step = tour.steps[missing]!;
    throw new RedlineError('bad-request', `tour.steps[${missing}].lines: ${step.path} has no lines ${step.lines.start}-${step.lines.end} on the ${step.side} side; the tour was not posted`);
  }
  await session.proposals.setTour(tour);
  sendJson(req, res, 200, { ok: true, steps: tour.steps.length });
}
