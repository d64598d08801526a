/**
 * A `redline compare` review's own state, beside the review session: the
 * variants (their names the reviewer may change), the base, the overview,
 * the picks, and the target "Apply picks" writes to
 * (docs/cli.md#compare-several-attempts). The routes (server/routes/compareRoute.ts)
 * are the reviewer's: the agent's credential never reaches them.
 */
import { renderVariantFeedback, variantOverview, type CompareApplyResult, type CompareData, type OverviewRow, type VariantNotes, type VariantPick } from '@redline/core';
import { RedlineError } from '../errors.js';
import { shortOid } from '../git/revisions.js';
import { applyPicks, type PicksTarget } from './applyPicks.js';
import { readAgainst, type VariantDiff } from './readVariantDiff.js';
import type { Variant } from './resolveVariants.js';

export interface CompareSetup {
  root: string;
  base: string;
  variants: readonly Variant[];
  diffs: readonly VariantDiff[];
  target: PicksTarget | null;
}

export class CompareBoard {
  private readonly names = new Map<string, string>();
  private picks: VariantPick[] = [];
  private readonly notes = new Map<string, VariantNotes>();
  readonly rows: OverviewRow[];

  constructor(private readonly setup: CompareSetup) {
    for (const variant of setup.variants) {
      this.names.set(variant.id, variant.name);
      this.notes.set(variant.id, { verdict: 'undecided', comments: [] });
    }
    this.rows = variantOverview(setup.variants.map((variant, i) => ({ id: variant.id, files: setup.diffs[i]!.files.map(({ section: _section, ...fact }) => fact) })));
  }

  data(): CompareData {
    const { base, variants, diffs, target } = this.setup;
    return {
      base: { commit: base, short: shortOid(base) },
      variants: variants.map((variant, i) => ({
        id: variant.id,
        name: this.names.get(variant.id)!,
        source: variant.source.kind,
        where: variant.source.kind === 'worktree' ? variant.source.path : variant.source.ref,
        files: diffs[i]!.files,
        notes: this.notes.get(variant.id)!,
      })),
      rows: this.rows,
      target: target && { path: target.path, name: target.name },
      picks: this.picks,
    };
  }

  /** Names not given are kept; the ids must be the variants'. */
  rename(names: ReadonlyMap<string, string>): void {
    for (const id of names.keys()) if (!this.names.has(id)) throw new Error(`no variant ${id}`);
    for (const [id, name] of names) this.names.set(id, name);
  }

  /** One variant's notes, whole; the comments' paths must be files it changed. */
  setNotes(id: string, notes: VariantNotes): void {
    const index = this.setup.variants.findIndex((v) => v.id === id);
    if (index < 0) throw new RedlineError('bad-request', `variant: no variant ${JSON.stringify(id)}`);
    const paths = new Set(this.setup.diffs[index]!.files.map((f) => f.path));
    const stray = notes.comments.find((c) => !paths.has(c.path));
    if (stray) throw new RedlineError('bad-request', `notes.comments: variant ${id} did not change ${JSON.stringify(stray.path)}`);
    this.notes.set(id, notes);
  }

  /** Each variant's feedback export (renderVariantFeedback), by id. */
  feedback(): { id: string; name: string; markdown: string }[] {
    return this.setup.variants.map((variant) => {
      const name = this.names.get(variant.id)!;
      return { id: variant.id, name, markdown: renderVariantFeedback({ id: variant.id, name }, this.notes.get(variant.id)!) };
    });
  }

  variantIds(): string[] {
    return this.setup.variants.map((v) => v.id);
  }

  setPicks(picks: VariantPick[]): void {
    this.picks = picks;
  }

  /** The file of the overview row `key` in variant `to` against variant `from`; null when either id or the row is unknown. */
  async against(fromId: string, toId: string, key: string): Promise<string | null> {
    const row = this.rows.find((r) => r.key === key);
    const side = (id: string) => {
      const index = this.setup.variants.findIndex((v) => v.id === id);
      if (index < 0 || !row) return null;
      // A variant that left the file alone has it at its base path.
      return { tree: this.setup.variants[index]!.tree, path: row.touched[index]?.path ?? key };
    };
    const from = side(fromId);
    const to = side(toId);
    return from && to ? readAgainst(this.setup.root, from, to) : null;
  }

  async apply(): Promise<CompareApplyResult> {
    return applyPicks({ ...this.setup, rows: this.rows, picks: this.picks });
  }
}
