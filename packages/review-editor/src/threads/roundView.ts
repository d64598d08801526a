/**
 * "What changed since your last round". When the review continues
 * a series whose last round's state is readable, the page opens on the diff
 * from that state to now (the review's `sinceRound`, read by the server with
 * the review's own diff): the files changed since are shown line by line
 * against round N's text; the others were reviewed then and keep their
 * viewed marks (folded). The header switches to the whole change since the
 * series' base, or to an earlier pair of recorded states (read-only).
 *
 * Annotations: the new side of "since round N" is the new side of the whole
 * change, line for line, so a comment made there is an ordinary annotation
 * on the same path, line and side (the export cannot tell). The old side is
 * round N's text, in no change that is sent: commenting on it is refused,
 * with the reason (roundCommentGuard.ts). A pair is read-only.
 *
 * The view is chosen in the store update that puts the review in
 * (installRoundView), so no whole-change frame is drawn first. A state that
 * cannot be read (missing, or the server cannot tell) falls back to the
 * whole change with a notice.
 */
import type { ReviewApi } from '../api/apiClient.js';
import type { ReviewSliceCreator, ReviewStore, ReviewStoreState } from '../app/reviewStore.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';
import { fileShowing, parseRoundDiffs, unchangedDiff, type RoundDiffs, type RoundFileView } from './roundDiffs.js';
import { readRoundViewHash, writeRoundViewHash } from './roundViewHash.js';
import { waitingItemsOf } from '../annotations/waitingItems.js';
import { errorMessage } from '@redline/core';

export type RoundChanges =
  | { kind: 'none' }
  | { kind: 'loading'; round: number }
  | { kind: 'ready'; round: number; changed: ReadonlySet<string>; folded: readonly string[] }
  | { kind: 'missing'; round: number };

/** An earlier pair of rounds, "1-2": both sides recorded states. */
export type RoundPairKey = `${number}-${number}`;
export type RoundViewChoice = 'since-last' | 'all' | RoundPairKey;

export type RoundPairDiff =
  | { kind: 'none' }
  | { kind: 'loading'; pair: RoundPairKey }
  | { kind: 'ready'; pair: RoundPairKey; diffs: RoundDiffs }
  | { kind: 'failed'; pair: RoundPairKey; message: string };

export interface RoundViewSlice {
  roundChanges: RoundChanges;
  roundView: RoundViewChoice;
  roundPairDiff: RoundPairDiff;
  setRoundChanges(changes: RoundChanges): void;
  chooseRoundView(choice: RoundViewChoice): void;
  setRoundPairDiff(diff: RoundPairDiff): void;
}

export const createRoundViewSlice: ReviewSliceCreator<RoundViewSlice> = (set, get) => ({
  roundChanges: { kind: 'none' },
  roundView: 'since-last',
  roundPairDiff: { kind: 'none' },
  setRoundChanges(roundChanges) {
    set({ roundChanges });
  },
  chooseRoundView(choice) {
    const s = get();
    set({ roundView: choice });
    // The search walks the view (filesInView.ts): its hits are found again in the one chosen.
    if (s.search.query !== '' && choice !== s.roundView) get().setSearchQuery(s.search.query);
    if (s.roundChanges.kind !== 'ready' || isRoundPair(choice)) return;
    // A file holding a pending proposal or an open thread is not folded out of sight (annotations/waitingItems.ts).
    const waiting = waitingItemsOf(s).byPath;
    for (const path of s.roundChanges.folded) if (s.fileById.has(path)) s.setCollapsed(path, choice === 'since-last' && !waiting.has(path));
  },
  setRoundPairDiff(roundPairDiff) {
    set({ roundPairDiff });
  },
});

export function isRoundPair(choice: RoundViewChoice): choice is RoundPairKey {
  return choice !== 'since-last' && choice !== 'all';
}

export function pairRounds(pair: RoundPairKey): [number, number] {
  const [from, to] = pair.split('-').map(Number);
  return [from!, to!];
}

/** Every earlier pair whose two states are recorded: "1-2", "2-3", … (consecutive rounds, oldest first). */
export function roundPairs(s: Pick<ReviewStoreState, 'review'>): RoundPairKey[] {
  const rounds = s.review?.rounds?.rounds ?? [];
  const pairs: RoundPairKey[] = [];
  for (let i = 1; i < rounds.length; i++) {
    if (rounds[i - 1]!.state.kind === 'recorded' && rounds[i]!.state.kind === 'recorded') pairs.push(`${rounds[i - 1]!.number}-${rounds[i]!.number}`);
  }
  return pairs;
}

/** How the chosen view shows a file; null: as the whole change. */
export function roundFileView(s: ReviewStoreState, file: ReviewFile): RoundFileView | null {
  if (s.roundView === 'all') return null;
  if (s.roundView === 'since-last') {
    const since = sinceRoundDiffs(s);
    const fileDiff = since?.get(file.path);
    return fileDiff ? { file: fileShowing(file, fileDiff), readOnly: false } : null;
  }
  const pair = s.roundPairDiff;
  if (pair.kind !== 'ready' || pair.pair !== s.roundView) return null;
  return { file: fileShowing(file, pair.diffs.get(file.path) ?? unchangedDiff(file, pair.pair)), readOnly: true };
}

/** The since-round diffs, while the view can use them (not when the last state is missing). */
export function sinceRoundDiffs(s: ReviewStoreState): RoundDiffs | null {
  const since = s.review?.sinceRound;
  if (!since || s.roundChanges.kind !== 'ready') return null;
  return parseRoundDiffs(`${since.from}-${since.to}-${s.review!.ignoreWhitespace ? 'w' : ''}`, since.patch);
}

/** What the items depend on, as one value a component can select. */
export function roundViewShown(s: ReviewStoreState): unknown {
  return s.roundView === 'since-last' ? (s.roundChanges.kind === 'ready' ? s.review?.sinceRound : null) : isRoundPair(s.roundView) ? s.roundPairDiff : null;
}

/**
 * Call before the review is loaded: in the store update that puts the review
 * in, the files unchanged since the last round fold and the chosen view is
 * shown (no frame of the whole change first). Their viewed marks wait for
 * startRoundView, after the load: a saved draft is restored only onto
 * untouched work. The choice is kept in the address's `#round-view=` (a
 * reload keeps it; a new review link starts on the default).
 */
export function installRoundView(store: ReviewStore): () => void {
  const choice = readRoundViewHash();
  let landed = false;
  let written = store.getState().roundView;
  const follow = (s: ReviewStoreState) => {
    if (!landed && s.review) {
      landed = true;
      showAtLanding(store, choice);
    }
    if (s.roundView !== written) writeRoundViewHash((written = s.roundView));
  };
  const unsubscribe = store.subscribe(follow);
  follow(store.getState());
  return unsubscribe;
}

function showAtLanding(store: ReviewStore, choice: RoundViewChoice | null): void {
  const s = store.getState();
  const since = sinceOfLastRound(s);
  if (!since) return;
  const changed = new Set(since.changedPaths);
  const unchanged = s.files.filter((file) => !changed.has(file.path));
  const waiting = waitingItemsOf(s).byPath;
  for (const file of unchanged) s.setCollapsed(file.id, !waiting.has(file.path));
  s.setRoundChanges({ kind: 'ready', round: since.round, changed, folded: unchanged.map((file) => file.id) });
  if (choice === 'all') s.chooseRoundView('all');
}

/** The review's diff since its last round, when that round's state is the one it was read from. */
function sinceOfLastRound(s: ReviewStoreState) {
  const last = s.review?.rounds?.rounds.at(-1);
  const since = s.review?.sinceRound;
  return last && last.state.kind === 'recorded' && since?.from === last.state.tree ? since : null;
}

/**
 * Marks the files unchanged since the last round viewed and shows the
 * chosen view (call once the review and its draft are in). With the
 * review's `sinceRound` nothing is asked; without it (the server could not
 * read it), the server is asked which files changed, as before the
 * line-level view.
 */
export async function startRoundView(store: ReviewStore, api: Pick<ReviewApi, 'getRoundChanges' | 'getRoundDiff'>, choice: RoundViewChoice | null = readRoundViewHash()): Promise<void> {
  const state = () => store.getState();
  const last = state().review?.rounds?.rounds.at(-1);
  if (!last) return;
  if (last.state.kind === 'missing') return state().setRoundChanges({ kind: 'missing', round: last.number });
  const since = sinceOfLastRound(state());
  if (since) {
    foldUnchanged(store, last.number, since.changedPaths);
  } else {
    state().setRoundChanges({ kind: 'loading', round: last.number });
    try {
      foldUnchanged(store, last.number, (await api.getRoundChanges(last.state.tree)).changedPaths);
    } catch {
      return state().setRoundChanges({ kind: 'missing', round: last.number });
    }
  }
  if (choice !== null && isRoundPair(choice) && roundPairs(state()).includes(choice)) return showRoundPair(store, api, choice);
  // Marking viewed folds: the view's own folding is put back ("All changes" unfolds).
  state().chooseRoundView(choice === 'all' ? 'all' : state().roundView);
}
/**
 * Folds the files unchanged since the last round; of them, marks viewed only
 * the ones that were viewed when that round was sent (`lastViewed`): a file
 * nobody looked at starts unviewed, changed or not.
 */
function foldUnchanged(store: ReviewStore, round: number, changedPaths: readonly string[]): void {
  const state = () => store.getState();
  const changed = new Set(changedPaths);
  const unchanged = state().files.filter((file) => !changed.has(file.path));
  // A restored draft of this diff already holds the reviewer's marks, carried ones they took back included.
  const wasViewed = new Set(state().draftRestored ? [] : (state().review?.rounds?.lastViewed ?? []));
  for (const file of unchanged) if (wasViewed.has(file.path) && !state().isViewed(file.id)) state().setViewed(file.id, true);
  // Marking viewed folds; a file holding a pending proposal or an open thread stays open all the same.
  const waiting = waitingItemsOf(state()).byPath;
  for (const file of unchanged) if (waiting.has(file.path)) state().setCollapsed(file.id, false);
  state().setRoundChanges({ kind: 'ready', round, changed, folded: unchanged.map((file) => file.id) });
}

/** Asks for an earlier pair's diff and shows it once it is in (the view before stays until then). */
export async function showRoundPair(store: ReviewStore, api: Pick<ReviewApi, 'getRoundDiff'>, pair: RoundPairKey): Promise<void> {
  const state = () => store.getState();
  const [fromNumber, toNumber] = pairRounds(pair);
  const tree = (n: number) => state().review?.rounds?.rounds.find((round) => round.number === n)?.state.tree ?? '';
  state().setRoundPairDiff({ kind: 'loading', pair });
  try {
    const { patch } = await api.getRoundDiff(tree(fromNumber), tree(toNumber));
    const diffs = parseRoundDiffs(`${tree(fromNumber)}-${tree(toNumber)}`, patch);
    state().setRoundPairDiff({ kind: 'ready', pair, diffs });
    state().chooseRoundView(pair);
    // What the pair changed is what it is looked at for: unfolded (back in "Since round N", folded again).
    const changes = state().roundChanges;
    if (changes.kind === 'ready') for (const id of changes.folded) if (diffs.has(state().fileById.get(id)?.path ?? '')) state().setCollapsed(id, false);
  } catch (error) {
    state().setRoundPairDiff({ kind: 'failed', pair, message: errorMessage(error) });
  }
}
