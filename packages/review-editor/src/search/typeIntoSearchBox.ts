/** Replaying the keys held for the search box (searchTypeAhead.ts) in it: in the search bar's lazy chunk, not the entry. */
/**
 * The box's text after `keys` typed into it while `query` was all selected
 * (the box selects its text when it opens): a character replaces the
 * selection then adds, Backspace deletes it then a character; `submit` when
 * Enter was among them.
 */
export function typeIntoSearchBox(query: string, keys: readonly string[]): { query: string; submit: boolean } {
  let text = query;
  let selected = true;
  let submit = false;
  for (const key of keys) {
    if (key === 'Enter') submit = true;
    else if (key === 'Backspace') text = selected ? '' : text.slice(0, -1);
    else text = (selected ? '' : text) + key;
    if (key !== 'Enter') selected = false;
  }
  return { query: text, submit };
}
