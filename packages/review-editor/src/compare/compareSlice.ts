/**
 * The comparison's state, in a store of its own (the comparison is a chunk
 * of its own, and only a `redline compare` review loads it): the server's
 * data (variants, base, overview, picks), the file being read, how the
 * variants are laid out, the pair being compared ("C against B"), and the
 * last apply. The picks are the server's too (PUT /api/compare/picks), so a
 * reload keeps them; compareService.ts changes them.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CompareApplyResult, CompareData, VariantPick } from '@redline/core';

export type CompareLayout = 'stacked' | 'columns';

export type Loaded<T> = { kind: 'loading' } | { kind: 'ready'; value: T } | { kind: 'failed'; message: string };

export type ApplyState = { kind: 'idle' } | { kind: 'applying' } | { kind: 'applied'; result: CompareApplyResult } | { kind: 'failed'; message: string };

export interface AgainstPair {
  from: string;
  to: string;
}

export interface CompareState {
  data: Loaded<CompareData>;
  picks: VariantPick[];
  /** The overview row being read; null: none yet. */
  file: string | null;
  layout: CompareLayout;
  against: AgainstPair | null;
  /** The pair's diff of the file being read, by `${from}>${to}>${file}`. */
  againstPatch: { key: string; patch: Loaded<string> } | null;
  apply: ApplyState;
  set(partial: Partial<Omit<CompareState, 'set'>>): void;
}

export type CompareStore = StoreApi<CompareState>;

export function createCompareStore(): CompareStore {
  return createStore<CompareState>()((set) => ({
    data: { kind: 'loading' },
    picks: [],
    file: null,
    layout: 'stacked',
    against: null,
    againstPatch: null,
    apply: { kind: 'idle' },
    set: (partial) => set(partial),
  }));
}

export const againstKey = (pair: AgainstPair, file: string) => `${pair.from}>${pair.to}>${file}`;

/** Two picks are the same choice: the same file, variant and hunk. */
export function samePick(a: VariantPick, b: VariantPick): boolean {
  if (a.kind !== b.kind || a.path !== b.path || a.variant !== b.variant) return false;
  return a.kind === 'file' || (b.kind === 'hunk' && a.hunk.oldStart === b.hunk.oldStart && a.hunk.oldLines === b.hunk.oldLines && a.hunk.newStart === b.hunk.newStart && a.hunk.newLines === b.hunk.newLines);
}

/**
 * The picks after taking `pick` (or letting it go, when it is taken):
 * a whole file replaces every other pick of that file; a hunk replaces a
 * whole-file pick of its file.
 */
export function togglePick(picks: readonly VariantPick[], pick: VariantPick): VariantPick[] {
  if (picks.some((p) => samePick(p, pick))) return picks.filter((p) => !samePick(p, pick));
  const kept = picks.filter((p) => p.path !== pick.path || (pick.kind === 'hunk' && p.kind === 'hunk'));
  return [...kept, pick];
}
