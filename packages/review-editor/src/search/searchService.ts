/**
 * Going to the current search hit (its file, or its line with the match
 * itself highlighted, searchMatchHighlight.ts), and keeping that place: after
 * a word-wrap toggle every line's height changes, so the view goes back to
 * the match once CodeView has laid the diff out again. Closing the search on
 * a line hit leaves the line cursor there, so `c` comments on it.
 */
import type { ReviewStoreState, ReviewStore } from '../app/reviewStore.js';
import { cursorAt, cursorLinesOf } from '../navigation/lineCursor.js';
import type { Navigator } from '../navigation/navigator.js';
import type { SearchHit } from './searchDiff.js';
import { setSearchMatch } from './searchMatchHighlight.js';

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
    setSearchMatch({ fileName: path, side: line.side ?? 'new', line: line.lineNumber, query: s.search.query });
    navigator.jumpToLine(line.fileId, line.side ?? 'new', line.lineNumber);
  };
  store.subscribe((s, prev) => {
    if (s.search.hits !== prev.search.hits && s.search.index < 0) setSearchMatch(null);
    if (s.search.open === prev.search.open && s.settings.wordWrap === prev.settings.wordWrap) return;
    if (!s.search.open) return closedOn(store, prev.search.open ? lineHitOf(prev) : null);
    // Two frames: CodeView applies the new overflow in its next render, then measures.
    if (s.settings.wordWrap !== prev.settings.wordWrap && lineHitOf(s)) requestAnimationFrame(() => requestAnimationFrame(jumpToSearchHit));
  });
  return { jumpToSearchHit };
}

/** The search closed: no highlight, and the line cursor on the line it was at. */
function closedOn(store: ReviewStore, hit: LineHit | null): void {
  setSearchMatch(null);
  const file = hit ? store.getState().fileById.get(hit.fileId) : undefined;
  const at = file && hit ? cursorLinesOf(file).find((l) => l.side === (hit.side ?? 'new') && l.line === hit.lineNumber) : undefined;
  if (file && at) store.getState().setLineCursor(cursorAt(file.id, at));
}
