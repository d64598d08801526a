/** Search across the whole diff, with next/previous hit and counts. */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { takeKeysTypedAhead } from './searchTypeAhead.js';
import { typeIntoSearchBox } from './typeIntoSearchBox.js';
import { Icon } from '../ui/icons.js';
import { useController, useReview } from '../app/reviewContext.js';

export function SearchBar() {
  const controller = useController();
  const open = useReview((s) => s.search.open);
  const focusRequest = useReview((s) => s.search.focusRequest);
  const hits = useReview((s) => s.search.hits);
  const index = useReview((s) => s.search.index);
  const truncated = useReview((s) => s.search.truncated);
  const storedQuery = useReview((s) => s.search.query);
  const [query, setQuery] = useState(storedQuery);
  const input = useRef<HTMLInputElement>(null);
  const state = controller.store.getState();

  // Focus as soon as the box is in the page, then the keys typed after `/` before it was (searchTypeAhead.ts).
  useLayoutEffect(() => {
    if (!open || !input.current) return;
    input.current.focus();
    input.current.select();
    const keys = takeKeysTypedAhead();
    if (keys.length === 0) return;
    const typed = typeIntoSearchBox(input.current.value, keys);
    setQuery(typed.query);
    if (typed.submit) controller.store.getState().setSearchQuery(typed.query);
  }, [open, focusRequest, controller]);

  // Searching 200,000 lines takes a few tens of ms: wait for a pause in typing.
  useEffect(() => {
    if (query === controller.store.getState().search.query) return;
    const timer = setTimeout(() => controller.store.getState().setSearchQuery(query), 120);
    return () => clearTimeout(timer);
  }, [query, controller]);

  useEffect(() => {
    if (open && index >= 0) controller.jumpToSearchHit();
  }, [open, index, hits, controller]);

  if (!open) return null;
  const count = hits.length;
  const status = storedQuery === '' ? '' : count === 0 ? 'No matches' : `${index + 1} of ${count}${truncated ? '+' : ''}`;
  return (
    <div className="search-bar" role="search" aria-label="Search the diff">
      <Icon name="search" />
      <input
        ref={input}
        type="search"
        className="input search-input"
        aria-label="Search"
        placeholder="Search file names and code"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            if (query !== storedQuery) state.setSearchQuery(query);
            else state.stepSearch(event.shiftKey ? -1 : 1);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            state.closeSearch();
          }
        }}
      />
      <span className="search-status" aria-live="polite">
        {status}
      </span>
      <button type="button" className="btn btn-icon" aria-label="Previous match" title="Previous match (Shift+Enter)" disabled={count === 0} onClick={() => state.stepSearch(-1)}>
        <Icon name="arrowUp" />
      </button>
      <button type="button" className="btn btn-icon" aria-label="Next match" title="Next match (Enter)" disabled={count === 0} onClick={() => state.stepSearch(1)}>
        <Icon name="arrowDown" />
      </button>
      <button type="button" className="btn btn-icon" aria-label="Close search" onClick={() => state.closeSearch()}>
        <Icon name="close" />
      </button>
    </div>
  );
}
