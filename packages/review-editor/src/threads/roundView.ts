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
import { waitingItemsOf } from '../annotations/waitingItems.js';
import { followDiffViewAddress, readDiffViewAddress } from '../diffViews/diffViewAddress.js';
import { isRoundPair, type RoundPairKey, type RoundViewChoice } from '../diffViews/diffViewsSlice.js';
import { showDiff } from '../diffViews/showDiff.js';

export type RoundChanges =
  | { kind: 'none' }
  | { kind: 'loading'; round: number }
  | { kind: 'ready'; round: number; changed: ReadonlySet<string>; folded: readonly string[] }
  | { kind: 'missing'; round: number };

export interface RoundChangesSlice {
  roundChanges: RoundChanges;
  setRoundChanges(changes: RoundChanges): void;
}

export const createRoundChangesSlice: ReviewSliceCreator<RoundChangesSlice> = (set) => ({
  roundChanges: { kind: 'none' },
  setRoundChanges(roundChanges) {
    set({ roundChanges });
  },
});

/** Every earlier pair whose two states are recorded: "1-2", "2-3", … (consecutive rounds, oldest first). */
export function roundPairs(s: Pick<ReviewStoreState, 'review'>): RoundPairKey[] {
  const rounds = s.review?.rounds?.rounds ?? [];
  const pairs: RoundPairKey[] = [];
  for (let i = 1; i < rounds.length; i++) {
    if (rounds[i - 1]!.state.kind === 'recorded' && rounds[i]!.state.kind === 'recorded') pairs.push(`${rounds[i - 1]!.number}-${rounds[i]!.number}`);
  }
  return pairs;
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
  const choice = readDiffViewAddress().roundView;
  followDiffViewAddress(store);
  let landed = false;
  const land = (s: ReviewStoreState) => {
    if (landed || !s.review) return;
    landed = true;
    showAtLanding(store, choice);
  };
  const unsubscribe = store.subscribe(land);
  land(store.getState());
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
export async function startRoundView(store: ReviewStore, api: Pick<ReviewApi, 'getRoundChanges' | 'getRoundDiff' | 'getCommitSpan'>, choice: RoundViewChoice | null = readDiffViewAddress().roundView): Promise<void> {
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
  if (choice !== null && isRoundPair(choice) && roundPairs(state()).includes(choice)) return showDiff(store, api, { kind: 'pair', pair: choice });
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
