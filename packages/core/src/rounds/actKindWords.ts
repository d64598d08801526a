/**
 * The reviewer's acts on earlier threads, counted by kind in the words both
 * `redline rounds` and the Send dialog print: "1 resolve", "2 replies" (the
 * kinds with none left out).
 */
import { countOf } from '../firstScreen/diffWording.js';
import type { ReviewerActKind } from './roundTypes.js';

export function actKindWords(kinds: Readonly<Record<ReviewerActKind, number>>): string[] {
  const words: [ReviewerActKind, string, string][] = [
    ['resolve', 'resolve', 'resolves'],
    ['reopen', 'reopen', 'reopens'],
    ['reply', 'reply', 'replies'],
  ];
  return words.filter(([kind]) => kinds[kind] > 0).map(([kind, one, many]) => countOf(kinds[kind], one, many));
}

/** How many acts of each kind a list holds. */
export function countActKinds(acts: readonly { act: ReviewerActKind }[]): Record<ReviewerActKind, number> {
  const kinds: Record<ReviewerActKind, number> = { resolve: 0, reopen: 0, reply: 0 };
  for (const { act } of acts) kinds[act]++;
  return kinds;
}
