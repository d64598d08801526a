/**
 * What `redline` and `redline start` share: read the diff, check that no
 * other review is open in the repository, serve it with an agent channel,
 * record the session (sessions/sessionStore.ts), print the summary on
 * stderr, open the browser unless --no-open, and have the caller announce
 * the link (linkNotice.ts: only it knows whether a terminal is there).
 *
 * The link is printed once the review's own diff is read: the rest of the
 * first reading (the files' content hashes, a series' threads, the diff
 * since its last round, the answer's encoding) goes on when the link is
 * out, and the page's first requests wait for it (ReviewSession.openReview).
 * Findings posted earlier are taken into the whole reading, so with those
 * the rest goes on first; so it does when a proposal board is kept
 * (proposals/keptBoard.ts), whose key is the whole reading's fingerprint.
 */
import { access } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reviewedStateOf } from '../../check/reviewedState.js';
import type { CliIo } from '../../cliIo.js';
import { RedlineError } from '../../errors.js';
import { createReviewSource } from '../../review/createReviewSource.js';
import { sweepInterruptedWrites } from '../../files/sweepInterruptedWrites.js';
import { holdsKeptBoards, keptBoard, keptBoardsDir } from '../../proposals/keptBoard.js';
import { readPendingFindings, showPendingFindings } from '../../proposals/pendingFindings.js';
import { PreferencesStore } from '../../preferences/preferencesStore.js';
import { pageBytesThreshold } from '../../review/reviewPages.js';
import { ReviewSession } from '../../review/reviewSession.js';
import type { ReviewOpening } from '../../review/reviewSource.js';
import { AgentChannel } from '../../server/agent/agentChannel.js';
import { startReviewServer, type ReviewServer } from '../../server/startReviewServer.js';
import type { SessionFacts, SessionMode } from '../../sessions/sessionRecord.js';
import { SessionStore } from '../../sessions/sessionStore.js';
import type { BrowserOutcome } from './linkNotice.js';
import { BrowserLaunches, openReviewInBrowser } from './openReviewInBrowser.js';
import type { ReviewOptions } from './parseArgs.js';
import { errorMessage } from '@redline/core';

/** apps/review/dist, from apps/cli/src or apps/cli/dist alike (REDLINE_APP_DIR overrides it, for development). */
export const DEFAULT_APP_DIR = fileURLToPath(new URL('../../../../review/dist/', import.meta.url));

export type OnCleanup = (cleanup: () => Promise<void>) => Promise<void>;

export interface ServedReview {
  session: ReviewSession;
  server: ReviewServer;
  store: SessionStore;
  facts: SessionFacts;
  agent: AgentChannel;
  /** Whether the first link went to a browser. */
  browser: BrowserOutcome;
}

/** What a caller adds to the session before the server starts (`redline compare` attaches its variants). */
export type PrepareSession = (session: ReviewSession) => void;

/** How the caller says where the link went (linkNotice.ts), before the rest of the reading goes on. */
export type AnnounceLink = (url: string, browser: BrowserOutcome) => void;

export async function serveReview(
  options: ReviewOptions,
  io: CliIo,
  mode: SessionMode,
  onCleanup: OnCleanup,
  announce: AnnounceLink,
  prepare?: PrepareSession,
): Promise<ServedReview> {
  const note = (line: string) => io.stderr.write(`${line}\n`);
  const outputPath = options.output === null ? null : resolve(io.cwd, options.output);
  // Refused before anything is read or made: a value that is not a whole number of bytes.
  const pageThreshold = pageBytesThreshold(io.env);
  if (outputPath) await assertWritableDir(outputPath);
  const gate = io.sinceRoundGate ? { sinceRoundGate: io.sinceRoundGate } : {};
  const source = await createReviewSource(options.target, { cwd: io.cwd, repo: options.repo, stdin: io.stdin, env: io.env, note, onCleanup, newSeries: options.newSeries, untrackedRenames: options.untrackedRenames, ...gate });
  const store = new SessionStore(source.stateDir);
  await store.assertNoOpenReview();
  const session = new ReviewSession(source, options.json ? 'json' : 'markdown', note, pageThreshold);
  prepare?.(session);
  // Only a `redline start` review has an agent that reads questions while it runs (its waits return them).
  if (mode === 'detached') session.questions.openAsking();
  // The first reading pairs untracked renames as the reviewer's page will (their preferences; --no-untracked-renames wins).
  const preferences = PreferencesStore.forEnv(io.env);
  session.setUntrackedRenames((await preferences.read()).settings.pairRenames);
  const swept = await session.drafts.sweepInterruptedWrites();
  if (swept > 0) note(`redline: removed ${swept} temporary draft file${swept === 1 ? '' : 's'} left by interrupted saves`);
  const sweptBoards = await sweepInterruptedWrites(keptBoardsDir(source.stateDir));
  if (sweptBoards > 0) note(`redline: removed ${sweptBoards} temporary proposal file${sweptBoards === 1 ? '' : 's'} left by interrupted saves`);
  let releaseRest!: () => void;
  const data = await session.openReview(new Promise<void>((resolve) => (releaseRest = resolve)));
  if (data.files.length === 0) {
    throw new RedlineError('empty-diff', `nothing to review: the diff is empty (${data.target.description})`);
  }
  // Once the first reading is under way (the kept board's key is its fingerprint), and before the server
  // takes any post: what an earlier run of this review kept comes first, and every change is kept.
  const boardKept = session.proposals.keepIn(keptBoard(session, note), session.questions);

  const launches = new BrowserLaunches(io.openReview ?? ((url: string) => openReviewInBrowser(url, io.env)));
  await onCleanup(() => launches.disposeAll());
  const agent = new AgentChannel();
  const server = await startReviewServer({
    session,
    preferences,
    agent,
    appDir: io.appDir ?? io.env.REDLINE_APP_DIR ?? DEFAULT_APP_DIR,
    port: options.port,
    onTokenSpent: (spend) => void launches.retireAll(spend),
    openInBrowser: (url) => launches.open(url),
    onInternalError: (error) => io.stderr.write(`redline: internal error: ${errorMessage(error)}\n`),
  });
  await onCleanup(() => server.close());
  const facts = sessionFacts(mode, server.port, source.stateDir, data);
  await store.claim(facts, { agent: agent.key, opener: server.openerKey });
  const pending = await readPendingFindings(source.stateDir);
  if (pending.length > 0 || (await holdsKeptBoards(source.stateDir))) {
    releaseRest();
    await boardKept;
    await showPendingFindings(session, source.stateDir, pending, note);
  }

  note(summaryLine(data));
  const browser: BrowserOutcome = !options.open ? 'not-asked' : (await launches.open(server.reviewUrl)) ? 'opened' : 'failed';
  announce(server.reviewUrl, browser);
  releaseRest();
  return { session, server, store, facts, agent, browser };
}

function sessionFacts(mode: SessionMode, port: number, stateDir: string, data: ReviewOpening): SessionFacts {
  return { id: SessionStore.newId(), mode, pid: process.pid, port, stateDir, target: data.target.description, reviewed: reviewedStateOf(data.target), startedAt: new Date().toISOString() };
}

function summaryLine(data: ReviewOpening): string {
  const additions = data.files.reduce((sum, file) => sum + file.additions, 0);
  const deletions = data.files.reduce((sum, file) => sum + file.deletions, 0);
  return `${data.target.description}: ${data.files.length} file${data.files.length === 1 ? '' : 's'}, +${additions} -${deletions}`;
}

async function assertWritableDir(outputPath: string): Promise<void> {
  await access(dirname(outputPath)).catch(() => {
    throw new RedlineError('usage', `--output ${outputPath}: the directory ${dirname(outputPath)} does not exist`);
  });
}
