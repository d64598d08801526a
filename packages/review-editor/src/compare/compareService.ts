/**
 * The comparison's requests: load it (GET /api/compare), rename a variant,
 * take or let go a pick (the whole list PUT at once), read "C against B" for
 * a file, keep a variant's verdict and comments (PUT /api/compare/notes), and
 * apply the picks to the target (POST /api/compare/apply). Each
 * is the reviewer's act; a failure is said in the store, never thrown.
 */
import { errorMessage, type CompareVariantData, type VariantNotes, type VariantPick } from '@redline/core';
import type { ReviewApi } from '../api/apiClient.js';
import { againstKey, togglePick, type AgainstPair, type CompareStore } from './compareSlice.js';

export type CompareApi = Pick<ReviewApi, 'callCompare'>;

export interface CompareService {
  load(): Promise<void>;
  rename(id: string, name: string): Promise<void>;
  take(pick: VariantPick): Promise<void>;
  showAgainst(pair: AgainstPair, file: string): Promise<void>;
  apply(): Promise<void>;
  /** One variant's verdict and comments, whole (kept apart from every other variant's). */
  setNotes(variant: string, notes: VariantNotes): Promise<void>;
  /** What the variants' agents posted since (findings, tours), taken in without touching anything the reviewer holds; a failed read is tried again at the next. */
  refreshAgentPosts(): Promise<void>;
}

/** The comparison's routes, typed over the client's one call. */
function compareRoutes({ callCompare }: CompareApi) {
  return {
    getCompare: () => callCompare('compare', 'GET'),
    putCompareNames: (names: Record<string, string>) => callCompare('compareNames', 'PUT', { names }),
    putComparePicks: (picks: VariantPick[]) => callCompare('comparePicks', 'PUT', { picks }),
    applyComparePicks: () => callCompare('compareApply', 'POST', {}),
    getCompareAgainst: (from: string, to: string, path: string) => callCompare('compareAgainst', 'GET', undefined, { from, to, path }),
    putCompareNotes: (variant: string, notes: VariantNotes) => callCompare('compareNotes', 'PUT', { variant, notes }),
  };
}

export function createCompareService(store: CompareStore, client: CompareApi): CompareService {
  const api = compareRoutes(client);
  const state = () => store.getState();
  const fail = (error: unknown) => state().set({ apply: { kind: 'failed', message: errorMessage(error) } });
  return {
    async load() {
      try {
        const data = await api.getCompare();
        const [first, second] = data.variants;
        const firstDiffering = data.rows.find((row) => !row.agree) ?? data.rows[0];
        state().set({
          data: { kind: 'ready', value: data },
          picks: data.picks,
          file: state().file ?? firstDiffering?.key ?? null,
          against: state().against ?? (first && second ? { from: first.id, to: second.id } : null),
        });
      } catch (error) {
        state().set({ data: { kind: 'failed', message: errorMessage(error) } });
      }
    },
    async refreshAgentPosts() {
      const shown = state().data;
      if (shown.kind !== 'ready') return;
      const fresh = await api.getCompare().catch(() => null);
      const now = state().data;
      if (!fresh || now.kind !== 'ready') return;
      const posted = (variant: CompareVariantData) => JSON.stringify([variant.findings, variant.tour]);
      const byId = new Map(fresh.variants.map((variant) => [variant.id, variant]));
      let changed = false;
      const variants = now.value.variants.map((variant) => {
        const next = byId.get(variant.id);
        if (!next || posted(next) === posted(variant)) return variant;
        changed = true;
        return { ...variant, findings: next.findings, tour: next.tour };
      });
      if (changed) state().set({ data: { kind: 'ready', value: { ...now.value, variants } } });
    },
    async rename(id, name) {
      try {
        await api.putCompareNames({ [id]: name });
        await this.load();
      } catch (error) {
        fail(error);
      }
    },
    async take(pick) {
      const before = state().picks;
      const picks = togglePick(before, pick);
      state().set({ picks, apply: { kind: 'idle' } });
      try {
        await api.putComparePicks(picks);
      } catch (error) {
        state().set({ picks: before });
        fail(error);
      }
    },
    async showAgainst(pair, file) {
      const key = againstKey(pair, file);
      state().set({ against: pair, againstPatch: { key, patch: { kind: 'loading' } } });
      try {
        const { patch } = await api.getCompareAgainst(pair.from, pair.to, file);
        if (state().againstPatch?.key === key) state().set({ againstPatch: { key, patch: { kind: 'ready', value: patch } } });
      } catch (error) {
        if (state().againstPatch?.key === key) state().set({ againstPatch: { key, patch: { kind: 'failed', message: errorMessage(error) } } });
      }
    },
    async setNotes(variant, notes) {
      try {
        await api.putCompareNotes(variant, notes);
        await this.load();
      } catch (error) {
        fail(error);
      }
    },
    async apply() {
      state().set({ apply: { kind: 'applying' } });
      try {
        state().set({ apply: { kind: 'applied', result: await api.applyComparePicks() } });
      } catch (error) {
        fail(error);
      }
    },
  };
}
