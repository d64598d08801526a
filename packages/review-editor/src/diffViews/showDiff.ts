/**
 * Reading another diff from the server and showing it: an earlier pair of
 * rounds (GET /api/round-diff, between their recorded trees) or a span of
 * commits (GET /api/commit-span). The view before stays until the diff is
 * in, and stays when it cannot be read (`diffLoad` says why).
 */
import type { ReviewApi } from '../api/apiClient.js';
import type { ReviewStore, ReviewStoreState } from '../app/reviewStore.js';
import { spanKey } from './diffShown.js';
import { pairRounds, type DiffRequest, type RoundPairKey } from './diffViewsSlice.js';
import { parseViewDiffs } from './viewDiffs.js';
import { errorMessage } from '@redline/core';

export type DiffViewsApi = Pick<ReviewApi, 'getRoundDiff' | 'getCommitSpan'>;

export async function showDiff(store: ReviewStore, api: DiffViewsApi, request: DiffRequest): Promise<void> {
  const state = () => store.getState();
  state().setDiffLoad({ kind: 'loading', request });
  try {
    const diffs = await readDiff(state(), api, request);
    state().showFetchedDiff(request, diffs);
    // What a pair changed is what it is looked at for: unfolded (back in "Since round N", folded again).
    const changes = state().roundChanges;
    if (request.kind === 'pair' && changes.kind === 'ready') for (const id of changes.folded) if (diffs.has(state().fileById.get(id)?.path ?? '')) state().setCollapsed(id, false);
  } catch (error) {
    state().setDiffLoad({ kind: 'failed', request, message: errorMessage(error) });
  }
}

async function readDiff(s: ReviewStoreState, api: DiffViewsApi, request: DiffRequest) {
  if (request.kind === 'span') {
    const { patch } = await api.getCommitSpan(request.span.from, request.span.to);
    return parseViewDiffs(spanKey(request.span), patch);
  }
  const [from, to] = pairTrees(s, request.pair);
  const { patch } = await api.getRoundDiff(from, to);
  return parseViewDiffs(`${from}-${to}`, patch);
}

function pairTrees(s: ReviewStoreState, pair: RoundPairKey): [string, string] {
  const tree = (n: number) => s.review?.rounds?.rounds.find((round) => round.number === n)?.state.tree ?? '';
  const [from, to] = pairRounds(pair);
  return [tree(from), tree(to)];
}
