/**
 * Which command `redline check` runs, and for how long at most: the
 * reviewer's own configuration, read from the repository's root only,
 *
 *   package.json   { "redline": { "check": "<command>", "checkTimeout": <seconds> } }
 *   .redline.json  { "check": "<command>", "checkTimeout": <seconds> }
 *
 * (package.json first), or `--command` / `--timeout` on the command line,
 * which win. Never from the agent: not from an export, a finding or any file
 * under `.git/redline/`. With no command configured, the commands the
 * repository suggests are offered (`npm test`, `tsc --noEmit`, `make check`)
 * and the reviewer confirms one by passing it or writing it down: nothing is
 * run on a guess. A configuration that is there but wrong is a usage error
 * naming the file and the field.
 */
import { join } from 'node:path';
import { RedlineError } from '../errors.js';
import { readOwnFile } from '../files/readOwnFile.js';

/** The default time limit: five minutes. */
export const DEFAULT_CHECK_TIMEOUT_SECONDS = 300;
/** Far above any package.json, .redline.json or Makefile worth reading. */
const MAX_CONFIG_BYTES = 4 * 1024 * 1024;

export type CheckCommandSource = '--command' | 'package.json' | '.redline.json';

export interface CheckConfig {
  /** The command and where it came from, or null with what the repository would suggest. */
  command: { text: string; from: CheckCommandSource } | { text: null; offers: string[] };
  timeoutSeconds: number;
}

export interface CheckOverrides {
  command: string | null;
  timeoutSeconds: number | null;
}

interface FileSettings {
  check: string | null;
  checkTimeout: number | null;
}

export async function readCheckConfig(root: string, overrides: CheckOverrides): Promise<CheckConfig> {
  const packageJson = await readJsonFile(root, 'package.json');
  const fromPackage = packageJson === null ? null : settingsOf(packageJson.redline, 'package.json', 'redline.');
  const dotfile = await readJsonFile(root, '.redline.json');
  const fromDotfile = dotfile === null ? null : settingsOf(dotfile, '.redline.json', '');
  const timeoutSeconds = overrides.timeoutSeconds ?? fromPackage?.checkTimeout ?? fromDotfile?.checkTimeout ?? DEFAULT_CHECK_TIMEOUT_SECONDS;
  if (overrides.command !== null) return { command: { text: overrides.command, from: '--command' }, timeoutSeconds };
  if (fromPackage?.check) return { command: { text: fromPackage.check, from: 'package.json' }, timeoutSeconds };
  if (fromDotfile?.check) return { command: { text: fromDotfile.check, from: '.redline.json' }, timeoutSeconds };
  return { command: { text: null, offers: await offeredCommands(root, packageJson) }, timeoutSeconds };
}

/** What the repository has that a check could run, in the order offered. */
async function offeredCommands(root: string, packageJson: Record<string, unknown> | null): Promise<string[]> {
  const offers: string[] = [];
  const scripts = packageJson?.scripts;
  if (isObject(scripts) && typeof scripts.test === 'string') offers.push('npm test');
  if ((await readOwnFile(join(root, 'tsconfig.json'), MAX_CONFIG_BYTES)).kind === 'bytes') offers.push('tsc --noEmit');
  const makefile = await readOwnFile(join(root, 'Makefile'), MAX_CONFIG_BYTES);
  if (makefile.kind === 'bytes' && hasCheckTarget(makefile.bytes.toString('utf8'))) offers.push('make check');
  return offers;
}

/** A `check:` rule at the start of a line (not `check :=`, a variable). Linear: one split, one test per line. */
function hasCheckTarget(makefile: string): boolean {
  return makefile.split('\n').some((line) => line.startsWith('check:') && !line.startsWith('check:='));
}

function settingsOf(value: unknown, file: string, prefix: string): FileSettings | null {
  if (value === undefined) return null;
  if (!isObject(value)) throw configError(file, prefix === '' ? 'the file' : prefix.slice(0, -1), 'an object', value);
  const check = value.check;
  if (check !== undefined && (typeof check !== 'string' || check.trim() === '')) throw configError(file, `${prefix}check`, 'a command (a non-empty string)', check);
  const timeout = value.checkTimeout;
  if (timeout !== undefined && !isTimeout(timeout)) throw configError(file, `${prefix}checkTimeout`, 'a number of seconds (1 to 86400)', timeout);
  return { check: check ?? null, checkTimeout: timeout ?? null };
}

export function isTimeout(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 1 && value <= 86_400;
}

async function readJsonFile(root: string, name: string): Promise<Record<string, unknown> | null> {
  const read = await readOwnFile(join(root, name), MAX_CONFIG_BYTES);
  if (read.kind === 'missing') return null;
  if (read.kind === 'refused') throw new RedlineError('usage', `${name}: ${read.reason}`);
  let value: unknown;
  try {
    value = JSON.parse(read.bytes.toString('utf8'));
  } catch (error) {
    throw new RedlineError('usage', `${name} is not JSON (${(error as Error).message}); redline check reads its check command there`);
  }
  if (!isObject(value)) throw configError(name, 'the file', 'an object', value);
  return value;
}

function configError(file: string, field: string, expected: string, got: unknown): RedlineError {
  const shown = JSON.stringify(got) ?? 'nothing';
  return new RedlineError('usage', `${file}: ${field} must be ${expected}, not ${shown.length > 60 ? `${shown.slice(0, 60)}…` : shown}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
