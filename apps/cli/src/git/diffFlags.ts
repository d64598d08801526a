/**
 * Flags that make `git diff` output independent of the user's configuration:
 * no external diff driver or textconv, no colour, fixed `a/` `b/` prefixes,
 * paths from the repository root, explicit rename detection, algorithm and
 * context, the short submodule form, and whole blob ids on `index` lines
 * (core.abbrev and the object count would otherwise set their length; the
 * server checks a working-tree file against the id git diffed, see
 * readFileContents).
 */
export const NEUTRAL_DIFF_FLAGS: readonly string[] = [
  '--no-ext-diff',
  '--no-textconv',
  '--no-color',
  '--src-prefix=a/',
  '--dst-prefix=b/',
  '--no-relative',
  '-M',
  '--diff-algorithm=myers',
  '-U3',
  '--submodule=short',
  '--full-index',
];

/** For the machine-readable listings (`--raw`, `--numstat`): same pairing of files as the patch. */
export const NEUTRAL_LISTING_FLAGS: readonly string[] = [
  '--no-ext-diff',
  '--no-textconv',
  '--no-color',
  '--no-relative',
  '-M',
  '-z',
];
