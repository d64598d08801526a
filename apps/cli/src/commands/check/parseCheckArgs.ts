/** The arguments of `redline check`, read by readOptions (node:util's parseArgs); usage errors name the bad value. */
import { isTimeout } from '../../check/checkConfig.js';
import { optionValue, readOptions, usageError, type OptionSpec } from '../readOptions.js';

export interface CheckOptions {
  /** A saved export to take the suggestions from; null for the open review's draft. */
  exportFile: string | null;
  command: string | null;
  timeoutSeconds: number | null;
  json: boolean;
  repo: string | null;
  help: boolean;
}

const OPTIONS = {
  export: { type: 'string' },
  command: { type: 'string' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  repo: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Record<string, OptionSpec>;

/** Throws a usage error (RedlineError 'usage', exit 2) naming the bad argument. */
export function parseCheckArgs(args: readonly string[]): CheckOptions {
  const read = readOptions(args, OPTIONS);
  if (read.positionals.length > 0) throw usageError(`redline check takes no arguments, got '${read.positionals[0]}' (an export is --export FILE)`);
  const command = optionValue(read, 'command') ?? null;
  if (command !== null && command.trim() === '') throw usageError('option --command needs a command');
  return {
    exportFile: optionValue(read, 'export') ?? null,
    command,
    timeoutSeconds: readTimeout(optionValue(read, 'timeout')),
    json: read.flags.has('json'),
    repo: optionValue(read, 'repo') ?? null,
    help: read.flags.has('help'),
  };
}

function readTimeout(value: string | undefined): number | null {
  if (value === undefined) return null;
  const seconds = /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
  if (!isTimeout(seconds)) throw usageError(`option --timeout takes a number of seconds from 1 to 86400, not '${value}'`);
  return seconds;
}
