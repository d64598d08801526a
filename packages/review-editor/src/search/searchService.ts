/**
 * Going to the current search hit (its file, or its line with the match
 * itself highlighted, and every other match in a paler colour,
 * searchMatchHighlight.ts), and keeping that place: after
 * a word-wrap toggle every line's height changes, so the view goes back to
 * the match once CodeView has laid the diff out again. Closing the search on
 * a line hit selects that line, so `c` comments on it.
 */
import type { ReviewStoreState, ReviewStore } from '../app/reviewStore.js';
import type { Navigator } from '../navigation/navigator.js';
import type { SearchHit } from './searchDiff.js';
import { setSearchMatch, setSearchMatches } from './searchMatchHighlight.js';

export interface SearchService {
  jumpToSearchHit(): void;
}

type LineHit = SearchHit & { kind: 'line'; lineNumber: number };

const lineHitOf = (s: ReviewStoreState): LineHit | null => {
  const hit = s.search.hits[s.search.index];
  return hit && hit.kind === 'line' && hit.lineNumber !== undefined ? (hit as LineHit) : null;
};

export function createSearchService(store: ReviewStore, navigator: Navigator): SearchService {
  const jumpToSearchHit = () => {
    const s = store.getState();
    const hit = s.search.hits[s.search.index];
    if (!hit) return;
    const line = lineHitOf(s);
    if (!line) {
      setSearchMatch(null);
      return navigator.jumpToFile(hit.fileId);
    }
    const path = s.fileById.get(line.fileId)?.fileDiff.name ?? line.fileId;
    setSearchMatch({ fileName: path, side: line.side ?? 'new', line: line.lineNumber, column: line.column ?? 0, query: s.search.query });
    navigator.jumpToLine(line.fileId, line.side ?? 'new', line.lineNumber);
  };
  store.subscribe((s, prev) => {
    if (s.search.hits !== prev.search.hits && s.search.index < 0) setSearchMatch(null);
    // Every match is highlighted while the search is open.
    if (s.search.open !== prev.search.open || s.search.query !== prev.search.query) setSearchMatches(s.search.open ? s.search.query : '');
    if (s.search.open === prev.search.open && s.settings.wordWrap === prev.settings.wordWrap) return;
    if (!s.search.open) return closedOn(store, prev.search.open ? lineHitOf(prev) : null);
    // Two frames: CodeView applies the new overflow in its next render, then measures.
    if (s.settings.wordWrap !== prev.settings.wordWrap && lineHitOf(s)) requestAnimationFrame(() => requestAnimationFrame(jumpToSearchHit));
  });
  return { jumpToSearchHit };
}

/** The search closed: no highlight, and its line selected (so `c` comments on it; the line cursor stays where it was, and `v` with it). */
function closedOn(store: ReviewStore, hit: LineHit | null): void {
  setSearchMatch(null);
  if (!hit) return;
  const side = hit.side === 'old' ? 'deletions' : 'additions';
  store.getState().setSelection({ fileId: hit.fileId, range: { start: hit.lineNumber, end: hit.lineNumber, side } });
}
