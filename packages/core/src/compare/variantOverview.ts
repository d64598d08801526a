/**
 * The overview of several attempts at one change (`redline compare`,
 * docs/cli.md#compare-several-attempts): every file any variant touched, one
 * row per file of the base, with each variant's +/− and whether the variants
 * agree on it. A file renamed by one variant (git's rename detection) and
 * edited by another is one row, keyed by its path in the base. A file no
 * variant touched is not listed.
 */

/** One file one variant changed against the base, as git's diff reports it. */
export interface VariantFileFact {
  /** The file's path in the variant (the new side). */
  path: string;
  /** Its path in the base: the same as `path` unless the variant renamed it; null when the variant added it. */
  basePath: string | null;
  /** The blob id of the variant's result; null when the variant deleted the file. */
  blob: string | null;
  additions: number;
  deletions: number;
  binary: boolean;
}

/**
 * What a suggestion cannot carry is taken whole (apply's whole-file writes): a
 * file the variant added or deleted, or a binary one. The one rule the
 * server's apply and the page's pick buttons go by.
 */
export function isTakenWhole(fact: VariantFileFact): boolean {
  return fact.basePath === null || fact.blob === null || fact.binary;
}

export interface VariantFiles {
  /** The variant's id (stable; its shown name is the page's business). */
  id: string;
  files: readonly VariantFileFact[];
}

/** One row of the overview: the file, and per variant (in the variants' order) what it did, or null when it left the file alone. */
export interface OverviewRow {
  /** The row's key: the base path, or for a file only added, its path. */
  key: string;
  touched: readonly (VariantFileFact | null)[];
  /** Every variant touched the file and produced the identical result (path and blob). */
  agree: boolean;
}

export function variantOverview(variants: readonly VariantFiles[]): OverviewRow[] {
  const rows = new Map<string, (VariantFileFact | null)[]>();
  variants.forEach((variant, index) => {
    for (const file of variant.files) {
      const key = file.basePath ?? file.path;
      let row = rows.get(key);
      if (!row) {
        row = variants.map(() => null);
        rows.set(key, row);
      }
      row[index] = file;
    }
  });
  return [...rows.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, touched]) => ({ key, touched, agree: agrees(touched) }));
}

function agrees(touched: readonly (VariantFileFact | null)[]): boolean {
  const [first] = touched;
  if (!first) return false;
  return touched.every((file) => file !== null && file.path === first.path && file.blob === first.blob);
}
