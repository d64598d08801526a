/**
 * A small, strict parser for `redline [target] [options]`: every option is
 * known, values are checked, and anything else is a usage error (exit 2)
 * naming the bad argument.
 */
import { RedlineError } from '../../errors.js';
import type { GitTargetSpec } from '../../git/resolveTarget.js';

export type TargetChoice = GitTargetSpec | { kind: 'patch'; file: string } | { kind: 'demo' };

export interface ReviewOptions {
  target: TargetChoice;
  /** 0: a free port. */
  port: number;
  open: boolean;
  json: boolean;
  output: string | null;
  repo: string | null;
}

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'apply'; args: string[] }
  | { kind: 'review'; options: ReviewOptions };

const VALUE_OPTIONS = ['--base', '--patch', '--port', '--output', '--repo'] as const;
const FLAG_OPTIONS = ['--staged', '--no-open', '--json', '--demo', '--help', '-h', '--version', '-v'] as const;
type ValueOption = (typeof VALUE_OPTIONS)[number];

function usage(message: string): RedlineError {
  return new RedlineError('usage', message);
}

export function parseArgs(argv: readonly string[]): Command {
  if (argv[0] === 'apply') return { kind: 'apply', args: argv.slice(1) };
  const values = new Map<ValueOption, string>();
  const flags = new Set<string>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    if ((VALUE_OPTIONS as readonly string[]).includes(name)) {
      const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
      if (value === undefined || value === '') throw usage(`option ${name} needs a value`);
      if (values.has(name as ValueOption)) throw usage(`option ${name} given more than once`);
      values.set(name as ValueOption, value);
    } else if ((FLAG_OPTIONS as readonly string[]).includes(name)) {
      if (eq !== -1) throw usage(`option ${name} takes no value`);
      flags.add(name);
    } else {
      throw usage(`unknown option '${name}'`);
    }
  }
  if (flags.has('--help') || flags.has('-h')) return { kind: 'help' };
  if (flags.has('--version') || flags.has('-v')) return { kind: 'version' };
  return {
    kind: 'review',
    options: {
      target: chooseTarget(values, flags, positionals),
      port: parsePort(values.get('--port')),
      open: !flags.has('--no-open'),
      json: flags.has('--json'),
      output: values.get('--output') ?? null,
      repo: values.get('--repo') ?? null,
    },
  };
}

function chooseTarget(values: Map<ValueOption, string>, flags: Set<string>, positionals: string[]): TargetChoice {
  if (positionals.length > 1) throw usage(`expected at most one target, got ${positionals.map((p) => `'${p}'`).join(' ')}`);
  const chosen: TargetChoice[] = [];
  const positional = positionals[0];
  if (positional !== undefined) chosen.push(parseRevisionTarget(positional));
  if (flags.has('--staged')) chosen.push({ kind: 'staged' });
  const base = values.get('--base');
  if (base !== undefined) chosen.push({ kind: 'base', ref: checkRef(base, '--base') });
  const patch = values.get('--patch');
  if (patch !== undefined) chosen.push({ kind: 'patch', file: patch });
  if (flags.has('--demo')) chosen.push({ kind: 'demo' });
  if (chosen.length > 1) throw usage('choose one target: a commit or range, --staged, --base REF, --patch FILE or --demo');
  const target = chosen[0] ?? { kind: 'working-tree' };
  if (target.kind === 'demo' && values.has('--repo')) throw usage('--demo makes its own repository; drop --repo');
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
function checkRef(ref: string, where: string): string {
  if (ref.startsWith('-')) throw usage(`'${ref}' (${where}) is not a revision`);
  if (/[\0\n]/.test(ref)) throw usage(`${where}: a revision cannot contain control characters`);
  return ref;
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return 0;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw usage(`--port must be a number from 0 to 65535, got '${value}'`);
  return Number(value);
}
