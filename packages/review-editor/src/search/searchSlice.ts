/** Searching the diff as the view shows it: the query, its hits and the current one. */
import type { ReviewSliceCreator } from '../app/reviewStore.js';
import { searchDiff, type SearchHit } from './searchDiff.js';
import { filesInView } from '../diffViews/filesInView.js';

export interface SearchState {
  open: boolean;
  query: string;
  hits: SearchHit[];
  truncated: boolean;
  /** Index of the current hit, -1 for none. */
  index: number;
  /** Bumped to ask the search box to take focus. */
  focusRequest: number;
}

export interface SearchSlice {
  search: SearchState;
  openSearch(): void;
  closeSearch(): void;
  /** Searches the files in view (diffViews/filesInView.ts: the shown files, as the view shown draws them; again after every (re)load and view change). */
  setSearchQuery(query: string): void;
  /** Moves to the next (+1) or previous (-1) hit, wrapping around. */
  stepSearch(direction: 1 | -1): void;
}

export const createSearchSlice: ReviewSliceCreator<SearchSlice> = (set, get) => ({
  search: { open: false, query: '', hits: [], truncated: false, index: -1, focusRequest: 0 },
  openSearch() {
    set((s) => ({ search: { ...s.search, open: true, focusRequest: s.search.focusRequest + 1 } }));
  },
  closeSearch() {
    set((s) => ({ search: { ...s.search, open: false } }));
  },
  setSearchQuery(query) {
    // The view's lines (diffViews/filesInView.ts): "since round N" finds only what changed since.
    const { hits, truncated } = searchDiff(filesInView(get()), query);
    set((s) => ({ search: { ...s.search, query, hits, truncated, index: hits.length > 0 ? 0 : -1 } }));
  },
  stepSearch(direction) {
    set((s) => {
      const n = s.search.hits.length;
      if (n === 0) return {};
      const index = s.search.index < 0 ? 0 : (s.search.index + direction + n) % n;
      return { search: { ...s.search, index } };
    });
  },
});
