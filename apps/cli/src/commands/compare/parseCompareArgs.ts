/** The arguments of `redline compare`, read by readOptions (node:util's parseArgs) like the other commands; usage errors name the bad value. */
import { optionValue, readOptions, usageError, type OptionSpec } from '../readOptions.js';
import { checkRef, parsePort } from '../review/parseArgs.js';

export type CompareOptions =
  | { help: true }
  | {
      help: false;
      /** Two or more: each a worktree path, a branch or a commit. */
      variants: string[];
      base: string | null;
      target: string | null;
      port: number;
      open: boolean;
      json: boolean;
    };

const OPTIONS = {
  base: { type: 'string' },
  target: { type: 'string' },
  port: { type: 'string' },
  'no-open': { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Record<string, OptionSpec>;

export function parseCompareArgs(args: readonly string[]): CompareOptions {
  const read = readOptions(args, OPTIONS);
  if (read.flags.has('help')) return { help: true };
  if (read.positionals.length < 2) throw usageError(`compare takes two variants or more (worktree paths, branches or commits), got ${read.positionals.length}`);
  if (read.positionals.length > 26) throw usageError(`compare takes at most 26 variants, got ${read.positionals.length}`);
  const base = optionValue(read, 'base');
  return {
    help: false,
    variants: read.positionals.map((arg) => checkRef(arg, 'variant')),
    base: base === undefined ? null : checkRef(base, '--base'),
    target: optionValue(read, 'target') ?? null,
    port: parsePort(optionValue(read, 'port')),
    open: !read.flags.has('no-open'),
    json: read.flags.has('json'),
  };
}

export const COMPARE_HELP = `Usage: redline compare A B [C...] [--base REV] [--target PATH] [--port N] [--no-open] [--json]

Compares several attempts at one change (agents' worktrees, branches or
commits) on one review page: the files any of them touched, each variant's
diff against their common base, "B against A", and picks per file or per
hunk that "Apply picks" writes to one worktree as a single fix set, all or
nothing, through redline apply's rules.

  A B [C...]       each a worktree of this repository (its uncommitted work
                   included), a branch, or a commit

Options:
  --base REV       the base to compare against (default: their merge base,
                   git merge-base --octopus)
  --target PATH    the worktree "Apply picks" writes to (default: the first
                   variant's worktree); it must have no uncommitted changes
  --port N         the port to serve on (default: a free one)
  --no-open        print the link instead of opening the browser
  --json           print the feedback as JSON instead of markdown
  -h, --help       show this help

Refused, each with its reason: a directory that is not a worktree of this
repository, variants with no common base, a variant that is the base itself,
two identical variants (exit 1 or 2, as redline's own errors); at apply time,
a target with uncommitted changes (named). Nothing is written but the
target's picked files; no branch, HEAD or index of any worktree moves.
Details: docs/cli.md#compare-several-attempts
`;
