/**
 * A `redline compare` review's own state, beside the review session: the
 * variants (their names the reviewer may change), the base, the overview,
 * the picks, and the target "Apply picks" writes to
 * (docs/cli.md#compare-several-attempts). The routes (server/routes/compareRoute.ts)
 * are the reviewer's: the agent's credential never reaches them.
 */
import { renderVariantFeedback, sha256Hex, variantOverview, type CompareApplyResult, type CompareData, type Finding, type OverviewRow, type Tour, type VariantNotes, type VariantPick } from '@redline/core';
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
  /** Each variant's agent's findings, by their content's id (a finding posted again is a no-op). */
  private readonly findings = new Map<string, Map<string, Finding>>();
  /** Each variant's agent's tour, the last posted. */
  private readonly tours = new Map<string, Tour>();
  readonly rows: OverviewRow[];

  constructor(private readonly setup: CompareSetup) {
    for (const variant of setup.variants) {
      this.names.set(variant.id, variant.name);
      this.notes.set(variant.id, { verdict: 'undecided', comments: [] });
      this.findings.set(variant.id, new Map());
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
        findings: [...this.findings.get(variant.id)!.values()],
        tour: this.tours.get(variant.id) ?? null,
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
    const stray = this.strayPath(id, notes.comments);
    if (stray !== null) throw new RedlineError('bad-request', `notes.comments: variant ${id} did not change ${JSON.stringify(stray)}`);
    this.notes.set(id, notes);
  }

  /** What a variant's agent posted about it: refused whole, by name, for a path it did not change; ids of the new ones and of those already there. */
  addFindings(id: string, findings: readonly Finding[]): { added: string[]; known: string[] } {
    const stray = this.strayPath(id, findings);
    if (stray !== null) throw new RedlineError('bad-input', `findings: variant ${id} did not change ${JSON.stringify(stray)}; nothing was posted`);
    const held = this.findings.get(id)!;
    const answer = { added: [] as string[], known: [] as string[] };
    for (const finding of findings) {
      const key = sha256Hex(JSON.stringify([finding.path, finding.side, finding.lines.start, finding.lines.end, finding.kind, finding.text, finding.suggestion])).slice(0, 12);
      (held.has(key) ? answer.known : answer.added).push(key);
      held.set(key, finding);
    }
    return answer;
  }

  /** A variant's agent's tour of its attempt: every step a file it changed (refused whole, by name); a new one replaces the last. */
  setTour(id: string, tour: Tour): void {
    const stray = this.strayPath(id, tour.steps);
    if (stray !== null) throw new RedlineError('not-in-diff', `tour: variant ${id} did not change ${JSON.stringify(stray)}; the tour was not posted`);
    this.tours.set(id, tour);
  }

  /** The first path of `items` the variant did not change, or null; a variant that is not the board's is refused. */
  private strayPath(id: string, items: readonly { path: string }[]): string | null {
    const index = this.setup.variants.findIndex((v) => v.id === id);
    if (index < 0) throw new RedlineError('bad-request', `variant: no variant ${JSON.stringify(id)} (the variants are ${this.variantIds().join(', ')})`);
    const paths = new Set(this.setup.diffs[index]!.files.map((f) => f.path));
    return items.find((item) => !paths.has(item.path))?.path ?? null;
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
