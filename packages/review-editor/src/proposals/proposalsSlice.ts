/** The agent's proposals as the server last answered them; the server keeps the answers. */
import type { ProposalState } from '@redline/core';
import type { ReviewSliceCreator } from '../app/reviewStore.js';

export interface ProposalsSlice {
  proposals: ProposalState[];
  /** Replaces the list only when it changed, so a poll with nothing new rebuilds nothing. */
  setProposals(proposals: ProposalState[]): void;
}

export const createProposalsSlice: ReviewSliceCreator<ProposalsSlice> = (set, get) => ({
  proposals: [],
  setProposals(proposals) {
    if (JSON.stringify(proposals) !== JSON.stringify(get().proposals)) set({ proposals });
  },
});

/** The proposals drawn as proposal cards: the ones not yet taken in as the reviewer's annotations. */
export function isShownAsProposal(state: ProposalState): boolean {
  return state.answer.kind === 'unanswered' || state.answer.kind === 'rejected';
}
