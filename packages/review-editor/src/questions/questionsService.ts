/**
 * Asking the agent from the page: the question is posted (POST
 * /api/questions, refused with the reason where nobody would read it), then
 * the proposals' poll is asked at once so the card shows without waiting
 * for the next one; the answer arrives on that poll.
 */
import type { QuestionAsk } from '@redline/core';
import type { ReviewApi } from '../api/apiClient.js';
import type { ReviewStore } from '../app/reviewStore.js';
import { refreshProposals } from '../proposals/proposalsService.js';

export async function askAgent(store: ReviewStore, api: ReviewApi, ask: QuestionAsk): Promise<string> {
  const { id } = await api.askQuestion(ask);
  await refreshProposals(store, api);
  return id;
}
