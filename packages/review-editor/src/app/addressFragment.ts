/**
 * The page's address fragment holds several features' state side by side
 * (`#file=src%2Fa.ts&round-view=all`): each feature reads and writes only its
 * own key, through here, so one never wipes another's (the file link and the
 * round view both write it).
 */

/** The value of one key of a fragment (`#a=1&b=2`), or null. */
export function fragmentParam(hash: string, key: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get(key);
}

/** The fragment with one key set (or removed, for null), the other keys kept; '' when nothing is left. */
export function withFragmentParam(hash: string, key: string, value: string | null): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (value === null) params.delete(key);
  else params.set(key, value);
  const text = params.toString();
  return text ? `#${text}` : '';
}
