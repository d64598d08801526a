/**
 * The files an earlier round's thread keeps in sight: those holding a thread
 * that was not resolved when the review was read (a general thread holds
 * none). "Since round N" lists such a file though it is unchanged since (the
 * page's `filesListed`, the first screen), so the thread is read and
 * resolved where it is.
 */
import type { Thread } from './roundTypes.js';

export function threadHeldPaths(threads: readonly Thread[]): ReadonlySet<string> {
  return new Set(threads.filter((thread) => thread.state !== 'resolved' && thread.annotation.scope !== 'general').map((thread) => thread.path));
}
