/**
 * Which diff the page shows: the whole change, the change since the last
 * round (docs/rounds.md), an earlier pair of rounds, or a span of the
 * range's commits. Two controls choose: the round switch (`roundView`,
 * threads/RoundViewSwitch.tsx) and the commit selector (`commitSpan`,
 * commits/CommitSelector.tsx); a span, while one is shown, wins over the
 * round view (diffShown.ts says which one is shown, for everything that
 * draws or walks the diff). A pair and a span are read from the server
 * (showDiff.ts): the view before stays until the diff is in, and
 * `diffLoad` says what is being read, or why it could not be.
 */
import type { ReviewSliceCreator, ReviewStoreState } from '../app/reviewStore.js';
import { waitingItemsOf } from '../annotations/waitingItems.js';
import type { ViewDiffs } from './viewDiffs.js';

/** An earlier pair of rounds, "1-2": both sides recorded states. */
export type RoundPairKey = `${number}-${number}`;
export type RoundViewChoice = 'since-last' | 'all' | RoundPairKey;

/** The first and last commit of a span (both full ids; equal for one commit). */
export interface CommitSpan {
  from: string;
  to: string;
}

/** A diff the page asks the server for. */
export type DiffRequest = { kind: 'pair'; pair: RoundPairKey } | { kind: 'span'; span: CommitSpan };

export type DiffLoad = { kind: 'idle' } | { kind: 'loading'; request: DiffRequest } | { kind: 'failed'; request: DiffRequest; message: string };

export interface DiffViewsSlice {
  roundView: RoundViewChoice;
  /** The span shown; null: the whole range. */
  commitSpan: CommitSpan | null;
  diffLoad: DiffLoad;
  /** The diffs read for the chosen pair and span, by requestKey. */
  fetchedDiffs: ReadonlyMap<string, ViewDiffs>;
  /** "Since round N" lists only the files changed since (filesInView.ts); "show all" lists the unchanged ones too, folded. */
  showUnchanged: boolean;
  setShowUnchanged(on: boolean): void;
  chooseRoundView(choice: RoundViewChoice): void;
  chooseCommitSpan(span: CommitSpan | null): void;
  setDiffLoad(load: DiffLoad): void;
  /** A requested diff is in: kept, and its request chosen. */
  showFetchedDiff(request: DiffRequest, diffs: ViewDiffs): void;
}

export const createDiffViewsSlice: ReviewSliceCreator<DiffViewsSlice> = (set, get) => {
  const searchAgain = () => searchViewAgain(get());
  return {
    roundView: 'since-last',
    commitSpan: null,
    diffLoad: { kind: 'idle' },
    fetchedDiffs: new Map(),
    showUnchanged: false,
    setShowUnchanged(showUnchanged) {
      set({ showUnchanged });
    },
    chooseRoundView(choice) {
      const s = get();
      set({ roundView: choice });
      if (choice !== s.roundView) searchAgain();
      if (s.roundChanges.kind !== 'ready' || isRoundPair(choice)) return;
      // A file holding a pending proposal or an open thread is not folded out of sight (annotations/waitingItems.ts).
      const waiting = waitingItemsOf(s).byPath;
      for (const path of s.roundChanges.folded) if (s.fileById.has(path)) s.setCollapsed(path, choice === 'since-last' && !waiting.has(path));
    },
    chooseCommitSpan(commitSpan) {
      const s = get();
      const load = commitSpan === null && s.diffLoad.kind !== 'idle' && s.diffLoad.request.kind === 'span' ? { kind: 'idle' as const } : s.diffLoad;
      set({ commitSpan, diffLoad: load });
      if (!sameSpan(commitSpan, s.commitSpan)) searchAgain();
    },
    setDiffLoad(diffLoad) {
      set({ diffLoad });
    },
    showFetchedDiff(request, diffs) {
      const s = get();
      // Kept: this diff and the other kind's chosen one (a span shown over a pair gives the pair back when it goes).
      const kept = [pairRequest(s.roundView), s.commitSpan && { kind: 'span' as const, span: s.commitSpan }].map((r) => (r ? requestKey(r) : ''));
      const fetchedDiffs = new Map([...s.fetchedDiffs].filter(([key]) => kept.includes(key)));
      fetchedDiffs.set(requestKey(request), diffs);
      set({ fetchedDiffs, diffLoad: { kind: 'idle' } });
      if (request.kind === 'pair') get().chooseRoundView(request.pair);
      else get().chooseCommitSpan(request.span);
    },
  };
};

/** The search walks the view (filesInView.ts): its hits are found again in the one chosen. */
function searchViewAgain(s: ReviewStoreState): void {
  if (s.search.query !== '') s.setSearchQuery(s.search.query);
}

export function requestKey(request: DiffRequest): string {
  return request.kind === 'pair' ? `pair ${request.pair}` : `span ${request.span.from}..${request.span.to}`;
}

function pairRequest(choice: RoundViewChoice): DiffRequest | null {
  return isRoundPair(choice) ? { kind: 'pair', pair: choice } : null;
}

export function isRoundPair(choice: RoundViewChoice): choice is RoundPairKey {
  return choice !== 'since-last' && choice !== 'all';
}

export function pairRounds(pair: RoundPairKey): [number, number] {
  const [from, to] = pair.split('-').map(Number);
  return [from!, to!];
}

export function sameSpan(a: CommitSpan | null, b: CommitSpan | null): boolean {
  return a === b || (a !== null && b !== null && a.from === b.from && a.to === b.to);
}
