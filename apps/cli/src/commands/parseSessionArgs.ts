/**
 * The options of the session verbs `redline wait`, `status`, `stop` and
 * `open`, read by readOptions (so refused in the same words as every other
 * command's): `--repo DIR` for all, `--json` for wait and status,
 * `--timeout SECONDS` for wait, `--no-open` for open.
 */
import { findStateDir } from '../agent/findStateDir.js';
import type { CliIo } from '../cliIo.js';
import { SessionStore } from '../sessions/sessionStore.js';
import { optionValue, readOptions, usageError, type OptionSpec } from './readOptions.js';

export type SessionVerb = 'wait' | 'status' | 'stop' | 'open';

export interface SessionArgs {
  help: boolean;
  repo: string | null;
  json: boolean;
  /** wait only; null: no limit. */
  timeoutMs: number | null;
  /** open only: open the browser (false with --no-open). */
  browser: boolean;
}

const COMMON = { repo: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const satisfies Record<string, OptionSpec>;

const SPECS = {
  wait: { ...COMMON, json: { type: 'boolean' }, timeout: { type: 'string' } },
  status: { ...COMMON, json: { type: 'boolean' } },
  stop: COMMON,
  open: { ...COMMON, 'no-open': { type: 'boolean' } },
} as const satisfies Record<SessionVerb, Record<string, OptionSpec>>;

export function parseSessionArgs(verb: SessionVerb, argv: readonly string[]): SessionArgs {
  const read = readOptions<string>(argv, SPECS[verb]);
  if (read.positionals.length > 0) throw usageError(`redline ${verb} takes no arguments, got '${read.positionals[0]}'`);
  const timeout = optionValue(read, 'timeout');
  return {
    help: read.flags.has('help'),
    repo: optionValue(read, 'repo') ?? null,
    json: read.flags.has('json'),
    timeoutMs: timeout === undefined ? null : parseTimeout(timeout),
    browser: !read.flags.has('no-open'),
  };
}

/** Whole seconds, up to a day (an agent loops shorter waits; a longer one is a typo). */
function parseTimeout(value: string): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 86_400) throw usageError(`--timeout must be a whole number of seconds from 0 to 86400, got '${value}'`);
  return Number(value) * 1000;
}

/** What a session verb starts from: its arguments and the repository's sessions; null when it printed its help instead. */
export async function openSessionVerb(verb: SessionVerb, argv: readonly string[], io: CliIo, help: string): Promise<{ args: SessionArgs; store: SessionStore } | null> {
  const args = parseSessionArgs(verb, argv);
  if (args.help) {
    io.stdout.write(help);
    return null;
  }
  return { args, store: new SessionStore(await findStateDir(io.cwd, args.repo)) };
}
