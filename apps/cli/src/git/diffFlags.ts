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

/**
 * A listing without rename detection, for the state probe
 * (readStateSignature.ts): it only has to change when the state does, and
 * pairing renames costs most of the listing's time (220 against 30 ms on a
 * 10,000-file change).
 */
export const UNPAIRED_LISTING_FLAGS: readonly string[] = NEUTRAL_LISTING_FLAGS.map((flag) => (flag === '-M' ? '--no-renames' : flag));
