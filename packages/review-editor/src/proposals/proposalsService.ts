/**
 * The proposals' effects: polling the server for them (they arrive live, on
 * the freshness poll's schedule and back-off, and once the moment the review
 * is ready), and the reviewer's acts.
 * Accept and Edit add the reviewer's annotation first and then tell the
 * server, which refuses to accept an outdated proposal unchanged (the
 * annotation is taken back then).
 */
import type { ProposalState } from '@redline/core';
import { ApiRequestError, type ReviewApi } from '../api/apiClient.js';
import type { ReviewStore } from '../app/reviewStore.js';
import { FRESHNESS_INTERVAL_MS, pollDelay } from '../reviewLoading/freshnessPoller.js';
import type { FileContentsService } from '../reviewLoading/fileContents.js';
import { isServerGone } from '../reviewLoading/serverGone.js';
import { suggestionOriginal } from '../reviewLoading/suggestionOriginal.js';
import { annotationFromProposal } from './annotationFromProposal.js';

/** How often the proposals are asked for while a question of the reviewer's is unanswered. */
const QUESTION_POLL_MS = 1_000;

export function startProposalPolling(store: ReviewStore, api: ReviewApi, intervalMs = FRESHNESS_INTERVAL_MS): () => void {
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const poll = async () => {
    if (document.visibilityState !== 'visible' || store.getState().phase !== 'ready') return;
    try {
      await refreshProposals(store, api);
      failures = 0;
    } catch (error) {
      if (isServerGone(error)) failures++;
    }
  };
  // While a question waits for the agent's answer, ask every second: the answer shows within 2 s of the agent's.
  const interval = () => (store.getState().questions.some((question) => question.answer === null) ? Math.min(intervalMs, QUESTION_POLL_MS) : intervalMs);
  const next = () => {
    if (!stopped) timer = setTimeout(() => void poll().finally(next), pollDelay(failures, interval()));
  };
  // Proposals posted before the page opened are there as soon as the review is: ask the moment it is ready, not an interval later.
  let wasReady = store.getState().phase === 'ready';
  const unsubscribe = store.subscribe((s) => {
    const ready = s.phase === 'ready';
    if (ready && !wasReady && !stopped) void poll();
    wasReady = ready;
  });
  void poll().finally(next);
  return () => {
    stopped = true;
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}

export async function refreshProposals(store: ReviewStore, api: ReviewApi): Promise<void> {
  const data = await api.getProposals();
  store.getState().setProposals(data.proposals);
  // The agent's tour comes with its proposals (one poll for what the agent posts).
  store.getState().setTour(data.tour);
  // The reviewer's questions to the agent and its answers too, and whether the page may ask.
  store.getState().setQuestions(data.questions, data.asking);
}

function findState(store: ReviewStore, id: string): ProposalState {
  const state = store.getState().proposals.find((p) => p.proposal.id === id);
  if (!state) throw new Error(`no proposal ${id}`);
  return state;
}

/**
 * The revision a taken-in suggestion carries: the served file's sha256 when
 * its lines there read as the agent saw them (`seen`); null otherwise (a
 * comment, an outdated proposal, a review with no files to read).
 */
export async function revisionForProposal(store: ReviewStore, contents: FileContentsService, state: ProposalState): Promise<string | null> {
  const { finding, seen } = state.proposal;
  if (finding.suggestion === null || state.outdated) return null;
  const file = store.getState().files.find((f) => f.path === finding.path);
  if (!file) return null;
  const original = await suggestionOriginal(contents, file, { startLine: finding.lines.start, endLine: finding.lines.end });
  return original?.code === seen ? (original.revision ?? null) : null;
}

/** Proposals being taken in: a second click while the first is under way does nothing (it would answer the server again, and a failed second answer would take back the annotation the first one made). */
const taking = new WeakMap<ReviewStore, Set<string>>();

/** Accept (the agent's words) or Edit (the reviewer's): the reviewer's annotation, then the answer. */
export async function takeProposal(store: ReviewStore, api: ReviewApi, contents: FileContentsService, id: string, act: 'accept' | 'edit', text: string): Promise<boolean> {
  const inFlight = taking.get(store) ?? new Set<string>();
  taking.set(store, inFlight);
  if (inFlight.has(id)) return false;
  inFlight.add(id);
  try {
    return await takeProposalOnce(store, api, contents, id, act, text);
  } finally {
    inFlight.delete(id);
  }
}

async function takeProposalOnce(store: ReviewStore, api: ReviewApi, contents: FileContentsService, id: string, act: 'accept' | 'edit', text: string): Promise<boolean> {
  const state = findState(store, id);
  // A revision that cannot be read leaves the suggestion without one (as for the reviewer's own on an unreadable file).
  const revision = await revisionForProposal(store, contents, state).catch(() => null);
  const annotation = annotationFromProposal(state, act, text, revision);
  store.getState().addAnnotation(annotation);
  try {
    await api.answerProposal({ act, id, annotationId: annotation.id });
  } catch (error) {
    store.setState((s) => ({ annotations: s.annotations.filter((a) => a.id !== annotation.id) }));
    store.getState().showToast(error instanceof ApiRequestError && error.code === 'changed' ? 'This proposal is outdated: edit it to keep it' : 'Could not answer the proposal; try again');
    await refreshProposals(store, api).catch(() => undefined);
    return false;
  }
  await refreshProposals(store, api).catch(() => undefined);
  return true;
}

export async function rejectProposal(store: ReviewStore, api: ReviewApi, id: string): Promise<void> {
  await answer(store, api, () => api.answerProposal({ act: 'reject', id }));
}

/**
 * A reply on the agent's proposal: kept with the proposal (the export lists
 * it), and, where an agent reads questions while the review runs, sent to it
 * at once as a question on that proposal, so its answer comes back into the
 * page.
 */
export async function replyToProposal(store: ReviewStore, api: ReviewApi, id: string, text: string): Promise<boolean> {
  return answer(store, api, async () => {
    await api.answerProposal({ act: 'reply', id, text });
    if (store.getState().asking.kind !== 'live') return;
    await api.askQuestion({ anchor: { scope: 'proposal', proposalId: id }, text }).catch(() => store.getState().showToast('Your reply is kept; it could not be sent to the agent as a question'));
  });
}

async function answer(store: ReviewStore, api: ReviewApi, send: () => Promise<void>): Promise<boolean> {
  try {
    await send();
  } catch {
    store.getState().showToast('Could not answer the proposal; try again');
    return false;
  }
  await refreshProposals(store, api).catch(() => undefined);
  return true;
}
