/**
 * "What changed since your last round" (issue 13): when the review continues
 * a series, the server says which of its files differ from the last round's
 * recorded state; the others were reviewed then and keep their viewed marks
 * (marked viewed, which folds them), and the header counts the changed ones.
 * The diff itself stays the whole change since the series' base, so every
 * line number, annotation and thread means the same in both views; "All
 * changes" unfolds what this view folded. A state that cannot be read
 * (missing, or the server cannot tell) falls back to the whole change with
 * a notice.
 */
import type { ReviewApi } from '../api/apiClient.js';
import type { ReviewSliceCreator, ReviewStore } from '../app/reviewStore.js';

export type RoundChanges =
  | { kind: 'none' }
  | { kind: 'loading'; round: number }
  | { kind: 'ready'; round: number; changed: ReadonlySet<string>; folded: readonly string[] }
  | { kind: 'missing'; round: number };

export type RoundViewChoice = 'since-last' | 'all';

export interface RoundViewSlice {
  roundChanges: RoundChanges;
  roundView: RoundViewChoice;
  setRoundChanges(changes: RoundChanges): void;
  chooseRoundView(choice: RoundViewChoice): void;
}

export const createRoundViewSlice: ReviewSliceCreator<RoundViewSlice> = (set, get) => ({
  roundChanges: { kind: 'none' },
  roundView: 'since-last',
  setRoundChanges(roundChanges) {
    set({ roundChanges });
  },
  chooseRoundView(choice) {
    const s = get();
    set({ roundView: choice });
    if (s.roundChanges.kind !== 'ready') return;
    for (const path of s.roundChanges.folded) if (s.fileById.has(path)) s.setCollapsed(path, choice === 'since-last');
  },
});

/** Asks the server what changed since the last round and marks the rest viewed; call once the review is in the store. */
export async function startRoundView(store: ReviewStore, api: Pick<ReviewApi, 'getRoundChanges'>): Promise<void> {
  const last = store.getState().review?.rounds?.rounds.at(-1);
  if (!last) return;
  const state = () => store.getState();
  if (last.state.kind === 'missing') return state().setRoundChanges({ kind: 'missing', round: last.number });
  state().setRoundChanges({ kind: 'loading', round: last.number });
  try {
    const { changedPaths } = await api.getRoundChanges(last.state.tree);
    const changed = new Set(changedPaths);
    const unchanged = state().files.filter((file) => !changed.has(file.path));
    for (const file of unchanged) if (!state().isViewed(file.id)) state().setViewed(file.id, true);
    state().setRoundChanges({ kind: 'ready', round: last.number, changed, folded: unchanged.map((file) => file.id) });
  } catch {
    state().setRoundChanges({ kind: 'missing', round: last.number });
  }
}
