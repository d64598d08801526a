/**
 * The range's commits, asked for once the review is in: only a range or
 * commit review has any, and with fewer than two there is nothing to
 * choose. Then the span the address names is shown (diffViews/).
 */
import type { ReviewApi } from '../api/apiClient.js';
import type { ReviewStore } from '../app/reviewStore.js';
import { followDiffViewAddress, readDiffViewAddress } from '../diffViews/diffViewAddress.js';
import type { CommitSpan } from '../diffViews/diffViewsSlice.js';
import { showDiff, type DiffViewsApi } from '../diffViews/showDiff.js';

type CommitsApi = Pick<ReviewApi, 'getCommits'> & DiffViewsApi;

/** Asks for the range's commits (call once the review is in), then shows the span the address names. */
export async function startCommits(store: ReviewStore, api: CommitsApi, hashSpan: CommitSpan | null = readDiffViewAddress().commitSpan): Promise<void> {
  const kind = store.getState().review?.target.kind;
  if (kind !== 'range' && kind !== 'commit') return;
  const { commits } = await api.getCommits().catch(() => ({ commits: [] }));
  store.getState().setRangeCommits({ kind: 'ready', commits });
  followDiffViewAddress(store);
  const known = (sha: string) => commits.find((commit) => commit.sha.startsWith(sha))?.sha;
  const from = hashSpan && known(hashSpan.from);
  const to = hashSpan && known(hashSpan.to);
  if (from && to) await showDiff(store, api, { kind: 'span', span: { from, to } });
}
