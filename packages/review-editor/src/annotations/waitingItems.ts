/**
 * What waits for the reviewer (docs/rounds.md, "What waits for you"): the
 * agent's proposals not yet answered, and the earlier rounds' threads that
 * will still be open after this Send (the export's own rule, the core's
 * `exportThreadsOf`, with this round's resolves and reopens). The Comments
 * tab lists them with their counts, the file tree marks their files, and a
 * file holding one is not folded out of sight (threads/roundView.ts,
 * `startUnfoldingWaiting`).
 */
import { exportThreadsOf, type ProposalState, type Thread, type ThreadState } from '@redline/core';
import type { ReviewStore, ReviewStoreState } from '../app/reviewStore.js';

export interface WaitingItems {
  proposals: readonly ProposalState[];
  threads: readonly Thread[];
  /** Path -> how many of them are in that file. */
  byPath: ReadonlyMap<string, number>;
  /** Thread id -> its state once this Send's resolves and reopens are in (the export's rule), where that differs from its state now. */
  afterSend: ReadonlyMap<string, ThreadState>;
}

export function isPendingProposal(state: ProposalState): boolean {
  return state.answer.kind === 'unanswered';
}

const EMPTY: WaitingItems = { proposals: [], threads: [], byPath: new Map(), afterSend: new Map() };
let last: { proposals: unknown; threads: unknown; acts: unknown; items: WaitingItems } | null = null;

/** The same object while the proposals, threads and this round's acts are the same (a selector may return it). */
export function waitingItemsOf(s: Pick<ReviewStoreState, 'proposals' | 'review' | 'threadActs'>): WaitingItems {
  const threads = s.review?.rounds?.threads;
  if (last && last.proposals === s.proposals && last.threads === threads && last.acts === s.threadActs) return last.items;
  const proposals = s.proposals.filter(isPendingProposal);
  const exported = exportThreadsOf(threads ?? [], s.threadActs);
  const stillOpen = new Map((exported?.open ?? []).map((thread) => [thread.id, thread.state] as const));
  const open = (threads ?? []).filter((thread) => stillOpen.has(thread.id));
  const afterSend = new Map<string, ThreadState>();
  const resolvedNow = new Set((exported?.settled ?? []).filter((settled) => settled.outcome === 'resolved').map((settled) => settled.id));
  for (const thread of threads ?? []) {
    const after = resolvedNow.has(thread.id) ? 'resolved' : stillOpen.get(thread.id);
    if (after !== undefined && after !== thread.state) afterSend.set(thread.id, after);
  }
  const byPath = new Map<string, number>();
  for (const path of [...proposals.map((p) => p.proposal.finding.path), ...open.filter((t) => t.annotation.scope !== 'general').map((t) => t.path)]) byPath.set(path, (byPath.get(path) ?? 0) + 1);
  const items = proposals.length === 0 && open.length === 0 && afterSend.size === 0 ? EMPTY : { proposals, threads: open, byPath, afterSend };
  last = { proposals: s.proposals, threads, acts: s.threadActs, items };
  return items;
}

/** "2 agent proposals, 1 open thread" ('' for none). */
export function waitingWords(items: Pick<WaitingItems, 'proposals' | 'threads'>): string {
  const parts: string[] = [];
  if (items.proposals.length > 0) parts.push(`${items.proposals.length} agent ${items.proposals.length === 1 ? 'proposal' : 'proposals'}`);
  if (items.threads.length > 0) parts.push(`${items.threads.length} open ${items.threads.length === 1 ? 'thread' : 'threads'}`);
  return parts.join(', ');
}

/** A file's own words for the tree: "1 agent proposal, 2 open threads". */
export function waitingWordsFor(s: Pick<ReviewStoreState, 'proposals' | 'review' | 'threadActs'>, path: string): string {
  const items = waitingItemsOf(s);
  if (!items.byPath.has(path)) return '';
  return waitingWords({ proposals: items.proposals.filter((p) => p.proposal.finding.path === path), threads: items.threads.filter((t) => t.path === path) });
}

/**
 * Unfolds the file of each proposal or open thread the first time it waits
 * (proposals arrive by the poll, after the round view folded the files
 * unchanged since): folding it again is then the reviewer's choice.
 */
export function startUnfoldingWaiting(store: ReviewStore): () => void {
  const seen = new Set<string>();
  let lastItems: WaitingItems | null = null;
  const follow = (s: ReviewStoreState) => {
    if (s.roundChanges.kind === 'loading') return;
    const items = waitingItemsOf(s);
    if (items === lastItems) return;
    lastItems = items;
    const keys: [string, string][] = [...items.proposals.map((p) => [`p:${p.proposal.id}`, p.proposal.finding.path] as [string, string]), ...items.threads.map((t) => [`t:${t.id}`, t.path] as [string, string])];
    for (const [key, path] of keys) {
      if (seen.has(key)) continue;
      seen.add(key);
      if (s.fileById.has(path) && s.isCollapsed(path)) store.getState().setCollapsed(path, false);
    }
  };
  return store.subscribe(follow);
}
