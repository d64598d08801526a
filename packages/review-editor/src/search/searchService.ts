/** Going to the current search hit: its file, or its line (selected, so `c` comments on it). */
import type { ReviewStore } from '../app/reviewStore.js';
import type { Navigator } from '../navigation/navigator.js';

export interface SearchService {
  jumpToSearchHit(): void;
}

export function createSearchService(store: ReviewStore, navigator: Navigator): SearchService {
  return {
    jumpToSearchHit() {
      const s = store.getState();
      const hit = s.search.hits[s.search.index];
      if (!hit) return;
      if (hit.kind === 'name' || hit.lineNumber === undefined) return navigator.jumpToFile(hit.fileId);
      const side = hit.side ?? 'new';
      s.setSelection({ fileId: hit.fileId, range: { start: hit.lineNumber, end: hit.lineNumber, side: side === 'old' ? 'deletions' : 'additions' } });
      navigator.jumpToLine(hit.fileId, side, hit.lineNumber);
    },
  };
}
