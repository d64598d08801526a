/** The arguments of `redline apply`, validated; usage errors name the bad value. */

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

export type ParsedApplyArgs = { ok: true; options: ApplyOptions } | { ok: false; message: string };

export function parseApplyArgs(args: readonly string[]): ParsedApplyArgs {
  const options: ApplyOptions = {
    input: '-',
    inputImplicit: true,
    check: false,
    json: false,
    partial: false,
    only: null,
    repo: null,
    help: false,
  };
  const positional: string[] = [];
  let endOfOptions = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (endOfOptions || arg === '-' || !arg.startsWith('-')) {
      positional.push(arg);
      continue;
    }
    if (arg === '--') {
      endOfOptions = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    const inline = eq === -1 ? null : arg.slice(eq + 1);
    const takeValue = (): string | null => {
      if (inline !== null) return inline;
      const next = args[i + 1];
      if (next === undefined || (next.startsWith('-') && next !== '-')) return null;
      i++;
      return next;
    };
    const flag = (set: () => void) => {
      if (inline !== null) return `${name} takes no value (got ${JSON.stringify(arg)})`;
      set();
      return null;
    };
    let problem: string | null = null;
    switch (name) {
      case '--check':
        problem = flag(() => (options.check = true));
        break;
      case '--json':
        problem = flag(() => (options.json = true));
        break;
      case '--partial':
        problem = flag(() => (options.partial = true));
        break;
      case '-h':
      case '--help':
        problem = flag(() => (options.help = true));
        break;
      case '--only': {
        const value = takeValue();
        if (value === null) return usage('--only needs a comma-separated list of suggestion ids');
        const ids = value.split(',').map((id) => id.trim());
        const empty = ids.findIndex((id) => id === '');
        if (empty !== -1) return usage(`--only has an empty id in ${JSON.stringify(value)}`);
        options.only = [...(options.only ?? []), ...ids];
        break;
      }
      case '--repo': {
        const value = takeValue();
        if (value === null || value === '') return usage('--repo needs a directory');
        if (options.repo !== null) return usage('--repo was given twice');
        options.repo = value;
        break;
      }
      default:
        return usage(`unknown option ${JSON.stringify(name)} (see redline apply --help)`);
    }
    if (problem) return usage(problem);
  }
  if (positional.length > 1) {
    return usage(`one export at most, got ${positional.length}: ${positional.map((p) => JSON.stringify(p)).join(' ')}`);
  }
  if (positional.length === 1) {
    options.input = positional[0]!;
    options.inputImplicit = false;
  }
  return { ok: true, options };
}

function usage(message: string): ParsedApplyArgs {
  return { ok: false, message };
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
  --only ID,...    apply only the suggestions with these ids
  --partial        write what can be applied even when some suggestions are refused
  --repo DIR       the repository (default: the one around the current directory)
  -h, --help       show this help

Each suggestion ends as one of: applied; relocated (the file changed and the
original code moved to its only exact match); already applied (nothing to do,
so running apply twice is safe); outdated; conflict (overlaps a suggestion
applied first); refused (a reason says why: old-side anchor, symlink, binary,
path outside the repository, ...). Comments are not applied: act on them.

For agents: run \`redline apply --check\` first, then \`redline apply\`.

Exit status: 0 every selected suggestion is applied or already applied;
1 some suggestion was refused (nothing written unless --partial);
2 usage error, or the export cannot be read or parsed.
Details: docs/apply.md
`;
