/**
 * `redline [target] [options]`, read by node:util's parseArgs (readOptions):
 * every option is known, values are checked, and anything else is a usage
 * error (exit 2) naming the bad argument.
 */
import type { GitTargetSpec } from '../../git/resolveTarget.js';
import type { PullRequestChoice } from '../../forge/github/openPullRequest.js';
import { looksLikeUrl, parsePullRequestUrl } from '../../forge/github/pullRequestUrl.js';
import { optionValue, readOptions, usageError as usage, type OptionSpec, type ReadOptions } from '../readOptions.js';

export type TargetChoice =
  | GitTargetSpec
  | { kind: 'patch'; file: string }
  | { kind: 'demo' }
  /** `redline <PR URL>` or `redline pr N` (docs/cli.md, "Review a pull request"). */
  | { kind: 'pull-request'; pull: PullRequestChoice };

export interface ReviewOptions {
  target: TargetChoice;
  /** 0: a free port. */
  port: number;
  open: boolean;
  json: boolean;
  output: string | null;
  repo: string | null;
  /** Start a new review series instead of continuing the open one (docs/rounds.md). */
  newSeries: boolean;
  /** Pair deleted tracked files with similar untracked ones as renames (--no-untracked-renames turns it off). */
  untrackedRenames: boolean;
}

/** The verbs of a review session: the agent's, `open` and `check` (the reviewer's), and `serve-session` (the detached server `start` spawns: not for people). */
export const VERBS = ['start', 'wait', 'status', 'stop', 'open', 'check', 'mcp', 'annotate', 'reply', 'answer', 'setup', 'publish', 'serve-session'] as const;
export type Verb = (typeof VERBS)[number];

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'apply'; args: string[] }
  /** `redline compare A B [C...]`: handed over untouched, like apply. */
  | { kind: 'compare'; args: string[] }
  /** `redline rounds …` and `redline threads …`: handed over untouched, like apply. */
  | { kind: 'rounds' | 'threads'; args: string[] }
  | { kind: 'verb'; verb: Verb; args: string[] }
  | { kind: 'review'; options: ReviewOptions };

const OPTIONS = {
  base: { type: 'string' },
  patch: { type: 'string' },
  port: { type: 'string' },
  output: { type: 'string' },
  repo: { type: 'string' },
  staged: { type: 'boolean' },
  'no-open': { type: 'boolean' },
  json: { type: 'boolean' },
  demo: { type: 'boolean' },
  'new-series': { type: 'boolean' },
  'no-untracked-renames': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const satisfies Record<string, OptionSpec>;

type Read = ReadOptions<keyof typeof OPTIONS>;

export function parseArgs(argv: readonly string[]): Command {
  if (argv[0] === 'apply') return { kind: 'apply', args: argv.slice(1) };
  if (argv[0] === 'compare') return { kind: 'compare', args: argv.slice(1) };
  if (argv[0] === 'rounds' || argv[0] === 'threads') return { kind: argv[0], args: argv.slice(1) };
  const verb = VERBS.find((name) => name === argv[0]);
  if (verb) return { kind: 'verb', verb, args: argv.slice(1) };
  const read = readOptions(argv, OPTIONS);
  if (read.flags.has('help')) return { kind: 'help' };
  if (read.flags.has('version')) return { kind: 'version' };
  return {
    kind: 'review',
    options: {
      target: chooseTarget(read),
      port: parsePort(optionValue(read, 'port')),
      open: !read.flags.has('no-open'),
      json: read.flags.has('json'),
      output: optionValue(read, 'output') ?? null,
      repo: optionValue(read, 'repo') ?? null,
      newSeries: read.flags.has('new-series'),
      untrackedRenames: !read.flags.has('no-untracked-renames'),
    },
  };
}

function chooseTarget({ flags, positionals: given, strings }: Read): TargetChoice {
  // `redline pr N`; `redline -- pr` still reviews a revision named pr.
  const pullNumber = given[0] === 'pr' && given.length === 2 ? given[1] : undefined;
  const positionals = pullNumber === undefined ? given : [];
  if (positionals.length > 1) throw usage(`expected at most one target, got ${positionals.map((p) => `'${p}'`).join(' ')}`);
  const chosen: TargetChoice[] = [];
  const positional = positionals[0];
  if (pullNumber !== undefined) chosen.push({ kind: 'pull-request', pull: { by: 'number', number: parsePullNumber(pullNumber) } });
  if (positional !== undefined) {
    chosen.push(looksLikeUrl(positional) ? { kind: 'pull-request', pull: { by: 'url', ref: parsePullRequestUrl(positional) } } : parseRevisionTarget(positional));
  }
  if (flags.has('staged')) chosen.push({ kind: 'staged' });
  const base = strings.get('base')?.[0];
  if (base !== undefined) chosen.push({ kind: 'base', ref: checkRef(base, '--base') });
  const patch = strings.get('patch')?.[0];
  if (patch !== undefined) chosen.push({ kind: 'patch', file: patch });
  if (flags.has('demo')) chosen.push({ kind: 'demo' });
  if (chosen.length > 1) throw usage('choose one target: a commit or range, a pull request, --staged, --base REF, --patch FILE or --demo');
  const target = chosen[0] ?? { kind: 'working-tree' };
  if (target.kind === 'demo' && strings.has('repo')) throw usage('--demo makes its own repository; drop --repo');
  return target;
}

/** `abc123` (a commit), `A..B` or `A...B` (an empty side means HEAD, as in git). */
function parseRevisionTarget(arg: string): GitTargetSpec {
  const range = /^(.*?)(\.\.\.?)(.*)$/.exec(arg);
  if (range) {
    const [, from = '', dots = '', to = ''] = range;
    if (from === '' && to === '') throw usage(`'${arg}' is not a range; write A..B`);
    return { kind: 'range', from: checkRef(from || 'HEAD', arg), to: checkRef(to || 'HEAD', arg), symmetric: dots === '...' };
  }
  return { kind: 'commit', ref: checkRef(arg, 'target') };
}

/** Refs never start with '-', so they can never be read as options by git. */
export function checkRef(ref: string, where: string): string {
  if (ref.startsWith('-')) throw usage(`'${ref}' (${where}) is not a revision`);
  if (/[\0\n]/.test(ref)) throw usage(`${where}: a revision cannot contain control characters`);
  return ref;
}

function parsePullNumber(value: string): number {
  if (!/^[1-9][0-9]{0,9}$/.test(value)) throw usage(`redline pr takes a pull request number, got '${value}'`);
  return Number(value);
}

export function parsePort(value: string | undefined): number {
  if (value === undefined) return 0;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw usage(`--port must be a number from 0 to 65535, got '${value}'`);
  return Number(value);
}
