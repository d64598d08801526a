/**
 * Showing a span of the range's commits: each file of the review
 * with the span's diff in its place (a file the span does not touch shows
 * no lines, said by its notices), as the round view shows an earlier pair.
 * The commits are asked for once the review is in; only a range or commit
 * review has any, and with fewer than two there is nothing to choose.
 */
import type { ReviewApi } from '../api/apiClient.js';
import type { ReviewStore, ReviewStoreState } from '../app/reviewStore.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';
import { fileShowing, parseRoundDiffs, unchangedDiff, type RoundFileView } from '../threads/roundDiffs.js';
import { readCommitsHash, writeCommitsHash } from './commitsHash.js';
import { sameSpan, type CommitSpan } from './commitsSlice.js';
import { errorMessage } from '@redline/core';

type CommitsApi = Pick<ReviewApi, 'getCommits' | 'getCommitSpan'>;

const spanKey = (span: CommitSpan) => `commits-${span.from}..${span.to}`;

/** How the chosen span shows a file; null: as the whole range. */
export function commitSpanFileView(s: ReviewStoreState, file: ReviewFile): RoundFileView | null {
  const diff = s.commitSpanDiff;
  if (diff.kind !== 'ready' || !sameSpan(diff.span, s.commitSpan)) return null;
  return { file: fileShowing(file, diff.diffs.get(file.path) ?? unchangedDiff(file, spanKey(diff.span))), readOnly: false };
}

/** What the items depend on, as one value a component can select. */
export function commitSpanShown(s: ReviewStoreState): unknown {
  return s.commitSpanDiff;
}

/** Whether the span ends on the range's last commit: its new side is then the range's, line for line. */
export function spanEndsRange(s: ReviewStoreState, span: CommitSpan): boolean {
  return s.rangeCommits.kind === 'ready' && s.rangeCommits.commits.at(-1)?.sha === span.to;
}

/** Whether the span starts on the range's first commit: its old side is then the range's base. */
export function spanStartsRange(s: ReviewStoreState, span: CommitSpan): boolean {
  return s.rangeCommits.kind === 'ready' && s.rangeCommits.commits[0]?.sha === span.from && s.review?.target.kind === 'range';
}

/** Asks for the range's commits (call once the review is in), then shows the span the address names. */
export async function startCommits(store: ReviewStore, api: CommitsApi, hashSpan: CommitSpan | null = readCommitsHash()): Promise<void> {
  const kind = store.getState().review?.target.kind;
  if (kind !== 'range' && kind !== 'commit') return;
  const { commits } = await api.getCommits().catch(() => ({ commits: [] }));
  store.getState().setRangeCommits({ kind: 'ready', commits });
  store.subscribe((s, before) => {
    if (s.commitSpan !== before.commitSpan) writeCommitsHash(s.commitSpan);
  });
  const known = (sha: string) => commits.find((commit) => commit.sha.startsWith(sha))?.sha;
  const from = hashSpan && known(hashSpan.from);
  const to = hashSpan && known(hashSpan.to);
  if (from && to) await showCommitSpan(store, api, { from, to });
}

/** Shows a span (null: the whole range); its diff is asked for, and the view before stays until it is in. */
export async function showCommitSpan(store: ReviewStore, api: CommitsApi, span: CommitSpan | null): Promise<void> {
  const state = () => store.getState();
  if (span === null) return state().chooseCommitSpan(null);
  state().setCommitSpanDiff({ kind: 'loading', span });
  try {
    const { patch } = await api.getCommitSpan(span.from, span.to);
    const diffs = parseRoundDiffs(spanKey(span), patch);
    state().setCommitSpanDiff({ kind: 'ready', span, diffs });
    state().chooseCommitSpan(span);
  } catch (error) {
    state().setCommitSpanDiff({ kind: 'failed', span, message: errorMessage(error) });
  }
}
