/**
 * The check before sending, from the page: `POST /api/check` starts it,
 * `GET /api/check?from=N` reports it (progress, output from offset N, how
 * it ended), `DELETE /api/check` cancels it (its process group ended, its
 * scratch copy removed before the answer). The reviewer's routes only: the
 * agent's credential gets 403 before any of them (server/agent/agentRoutes.ts).
 *
 * The command comes from the repository's configuration (check/checkConfig.ts)
 * or from the reviewer's confirmation, asked once per repository and kept
 * with their preferences (preferences/checkCommandStore.ts): a POST may name
 * a command only to confirm one of the offers, and never anything else. The
 * suggestions are the review's draft, as the page autosaved it; the copy is
 * the reviewed state (the head commit's tree for a review of commits).
 */
import type { CheckCommandChoice, CheckData } from '@redline/core';
import { readCheckConfig } from '../../check/checkConfig.js';
import { readNewestDraftSuggestions } from '../../check/readDraftSuggestions.js';
import { reviewedStateOf } from '../../check/reviewedState.js';
import { RedlineError } from '../../errors.js';
import { CheckCommandStore } from '../../preferences/checkCommandStore.js';
import { GitReviewSource } from '../../review/gitReviewSource.js';
import { readJsonBody, sendJson } from '../httpIo.js';
import type { ApiContext } from './apiContext.js';

/** Longer than any command worth confirming; the offers are a few words. */
const MAX_COMMAND_CHARS = 1_000;

export async function getCheck(context: ApiContext): Promise<void> {
  const from = readOffset(context.query.get('from'));
  sendJson(context.req, context.res, 200, await checkData(context, from));
}

export async function postCheck(context: ApiContext): Promise<void> {
  const { req, res, session, checks } = context;
  if (session.isEnded) throw new RedlineError('already-ended', 'this review has ended');
  const confirming = readStartBody(await readJsonBody(req));
  const source = gitSource(context);
  const root = source.repository.root;
  const choice = await commandChoice(context, root);
  if (checks.running) throw new RedlineError('check-running', 'a check is already running: wait for it or cancel it');
  let command: string;
  if (confirming !== null) {
    if (choice.kind !== 'to-confirm') throw new RedlineError('bad-request', `the check command is already ${choice.kind === 'configured' ? `configured in ${choice.from}` : 'confirmed'}: ${choice.command}`);
    if (!choice.offers.includes(confirming)) throw new RedlineError('bad-request', `only a command this repository offers can be confirmed here (${choice.offers.join(', ') || 'none'}); write another in package.json as "redline": { "check": "<command>" }`);
    await new CheckCommandStore(context.preferences.dir).confirm(root, confirming);
    command = confirming;
  } else if (choice.kind === 'to-confirm') {
    throw new RedlineError('check-command', choice.offers.length === 0
      ? 'no check command is configured and this repository has none to offer: write one in package.json as "redline": { "check": "<command>" } or in .redline.json'
      : `confirm the check command first: ${choice.offers.join(', ')}`);
  } else {
    command = choice.command;
  }
  const config = await readCheckConfig(root, { command: null, timeoutSeconds: null });
  const draft = await readNewestDraftSuggestions(source.stateDir);
  checks.start({
    repoRoot: root,
    state: reviewedStateOf(source.target.review),
    suggestions: draft.suggestions,
    fixSets: draft.fixSets,
    roundOf: new Map(),
    command,
    timeoutMs: config.timeoutSeconds * 1000,
    env: process.env,
  });
  sendJson(req, res, 200, await checkData(context, 0));
}

export async function deleteCheck(context: ApiContext): Promise<void> {
  await context.checks.cancel();
  sendJson(context.req, context.res, 200, await checkData(context, 0));
}

async function checkData(context: ApiContext, from: number): Promise<CheckData> {
  return { command: await commandChoice(context, gitSource(context).repository.root), run: context.checks.view(from) };
}

async function commandChoice(context: ApiContext, root: string): Promise<CheckCommandChoice> {
  const config = await readCheckConfig(root, { command: null, timeoutSeconds: null });
  const { command } = config;
  if (command.text !== null && command.from !== '--command') return { kind: 'configured', command: command.text, from: command.from };
  const confirmed = await new CheckCommandStore(context.preferences.dir).confirmed(root);
  if (confirmed !== null) return { kind: 'confirmed', command: confirmed };
  return { kind: 'to-confirm', offers: command.text === null ? command.offers : [] };
}

function gitSource({ session }: ApiContext): GitReviewSource {
  if (!(session.source instanceof GitReviewSource)) throw new RedlineError('patch-only', 'this review was made from a patch: there is no tree to check');
  return session.source;
}

/** `{}`, or `{ command }` to confirm an offer: the confirmed command, or null. */
function readStartBody(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new RedlineError('bad-request', 'the body must be {} or { "command": "<one of the offers>" }');
  const { command, ...rest } = body as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length > 0) throw new RedlineError('bad-request', `unknown field ${JSON.stringify(extra[0])}: the body is {} or { "command": "<one of the offers>" }`);
  if (command === undefined) return null;
  if (typeof command !== 'string' || command.trim() === '' || command.length > MAX_COMMAND_CHARS) throw new RedlineError('bad-request', 'command: expected one of the offered commands');
  return command;
}

function readOffset(raw: string | null): number {
  if (raw === null) return 0;
  if (!/^\d{1,12}$/.test(raw)) throw new RedlineError('bad-request', `from: expected an offset (a whole number), got ${JSON.stringify(raw.slice(0, 40))}`);
  return Number(raw);
}
