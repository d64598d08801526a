/** The arguments of `redline apply`, read by readOptions (node:util's parseArgs); usage errors name the bad value. */
import { optionValue, readOptions, usageError, type OptionSpec } from '../readOptions.js';

export interface ApplyOptions {
  /** The export to read: a file path, or '-' for standard input (also when none was given). */
  input: string;
  /** True when no FILE was given (stdin is then read only if it is not a terminal). */
  inputImplicit: boolean;
  check: boolean;
  json: boolean;
  partial: boolean;
  /** Selected ids, or null for all. */
  only: string[] | null;
  repo: string | null;
  help: boolean;
}

const OPTIONS = {
  check: { type: 'boolean' },
  json: { type: 'boolean' },
  partial: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  only: { type: 'string', multiple: true },
  repo: { type: 'string' },
} as const satisfies Record<string, OptionSpec>;

/** Throws a usage error (RedlineError 'usage', exit 2) naming the bad argument. */
export function parseApplyArgs(args: readonly string[]): ApplyOptions {
  const read = readOptions(args, OPTIONS);
  if (read.positionals.length > 1) {
    throw usageError(`one export at most, got ${read.positionals.length}: ${read.positionals.map((p) => `'${p}'`).join(' ')}`);
  }
  const input = read.positionals[0];
  const only = read.strings.get('only');
  return {
    input: input ?? '-',
    inputImplicit: input === undefined,
    check: read.flags.has('check'),
    json: read.flags.has('json'),
    partial: read.flags.has('partial'),
    only: only ? only.flatMap(readIds) : null,
    repo: optionValue(read, 'repo') ?? null,
    help: read.flags.has('help'),
  };
}

/** `--only a,b`: a comma-separated list of suggestion ids. */
function readIds(value: string): string[] {
  const ids = value.split(',').map((id) => id.trim());
  if (ids.includes('')) throw usageError(`option --only has an empty id in '${value}'`);
  return ids;
}

export const APPLY_HELP = `Usage: redline apply [FILE|-] [--check] [--json] [--only ID,...] [--partial] [--repo DIR]

Applies the suggestions of a Redline feedback export (the markdown redline
prints, or its --json form; the format is detected) to the working tree.
Each suggestion is a fact: "these lines read X when reviewed; make them Y".
It is applied only where X still holds, and nothing is written unless every
selected suggestion can be applied.

  FILE | -         the export to read; '-' or no FILE reads standard input

Options:
  --check          write nothing; print the unified diff that would be applied
                   (git apply --check accepts it) on stdout, the report on stderr
  --json           print the report as a JSON document (format "redline-apply")
  --only ID,...    apply only the suggestions (or fix sets) with these ids
  --partial        write what can be applied even when some suggestions are refused
  --repo DIR       the repository (default: the one around the current directory)
  -h, --help       show this help

Each suggestion ends as one of: applied; relocated (the file changed and the
original code moved to its only exact match); already applied (nothing to do,
so running apply twice is safe); outdated; conflict (overlaps a suggestion
applied first); refused (a reason says why: revision unknown, symlink, binary,
path outside the repository, ...). Comments are not applied: act on them.

A later round's export also carries the earlier rounds' suggestions still
open; they are applied with the round's own, and each says its round
("src/a.ts:9 (round 1)"). When the repository has the rounds recorded
(refs/redline/), apply reads the reviewed text from them and follows each
suggestion's lines to where they are now, however far they moved.

A fix set (several suggestions, often in several files) is applied whole or
not at all: if one member no longer applies, none of the set is written, and
the report names the set and that member. --only takes the set's id (a
member's id alone is refused); --check shows the set's whole diff as one item.

For agents: run \`redline apply --check\` first, then \`redline apply\`.

Exit status: 0 every selected suggestion is applied or already applied;
1 some suggestion was refused (nothing written unless --partial);
2 usage error, or the export cannot be read or parsed.
Details: docs/apply.md
`;
