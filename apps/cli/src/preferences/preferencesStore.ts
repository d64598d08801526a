/**
 * The reviewer's preferences (the core's Preferences: settings, layout and
 * name), kept in the user's own file
 * `${XDG_CONFIG_HOME:-$HOME/.config}/redline/preferences.json` (its folder
 * 0700, the file 0600): one file for every review, whatever port the server
 * has, and out of reach of any other local page (cookies were shared by
 * every port of 127.0.0.1, docs/cli.md). Read only as a regular file
 * (readRegularFile: a symlink, FIFO or device there is never followed or
 * opened); a missing, unreadable or malformed file is the defaults, field by
 * field, never a failed review. Written atomically (writeFileAtomic), and
 * never through a symlink: one at the file is refused by name.
 */
import { lstat, realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { DEFAULT_PREFERENCES, readPreferences, type Preferences } from '@redline/core';
import { RedlineError } from '../errors.js';
import { readRegularFile } from '../files/readRegularFile.js';
import { writeFileAtomic, writesSettled } from '../files/writeFileAtomic.js';

export const PREFERENCES_FILE = 'preferences.json';

/** Far above the few hundred bytes the file holds; a bigger one is not read. */
const MAX_PREFERENCES_BYTES = 64 * 1024;

/** `${XDG_CONFIG_HOME:-$HOME/.config}/redline`; a relative XDG_CONFIG_HOME is ignored, as the XDG spec asks. */
export function preferencesDir(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_CONFIG_HOME;
  const config = xdg && isAbsolute(xdg) ? xdg : join(env.HOME || homedir(), '.config');
  return join(config, 'redline');
}

export class PreferencesStore {
  readonly path: string;

  constructor(readonly dir: string) {
    this.path = join(dir, PREFERENCES_FILE);
  }

  static forEnv(env: NodeJS.ProcessEnv): PreferencesStore {
    return new PreferencesStore(preferencesDir(env));
  }

  /** The preferences as the file holds them now: the defaults for what it lacks or gets wrong, all of them without one. */
  async read(): Promise<Preferences> {
    // A save on its way (the page's last one, sent as it reloads) is read, not raced.
    await writesSettled(this.path);
    const realDir = await realpath(this.dir).catch(() => null);
    if (realDir === null) return DEFAULT_PREFERENCES;
    const read = await readRegularFile(this.dir, realDir, PREFERENCES_FILE, MAX_PREFERENCES_BYTES).catch(() => null);
    if (!read?.ok) return DEFAULT_PREFERENCES;
    let value: unknown;
    try {
      value = JSON.parse(read.bytes.toString('utf8'));
    } catch {
      return DEFAULT_PREFERENCES;
    }
    return readPreferences(value).preferences;
  }

  /** Replaces the file with `preferences` (already read by readPreferences: the route checked them). */
  async write(preferences: Preferences): Promise<void> {
    const existing = await lstat(this.path).catch(() => null);
    if (existing && !existing.isFile()) {
      throw new RedlineError('write-failed', `${this.path} is ${existing.isSymbolicLink() ? 'a symbolic link' : 'not a regular file'}; Redline keeps your preferences only in a regular file there`);
    }
    try {
      await writeFileAtomic(this.path, `${JSON.stringify(preferences, null, 2)}\n`, 0o600);
    } catch (error) {
      throw new RedlineError('write-failed', `could not save your preferences in ${dirname(this.path)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }
}
