/**
 * The check commands the reviewer confirmed, one per repository root, kept
 * beside their preferences (`${XDG_CONFIG_HOME:-$HOME/.config}/redline/
 * check-commands.json`, 0600, written atomically): the page offers what the
 * repository suggests (`npm test`, `tsc --noEmit`, `make check`) and the
 * reviewer confirms one once. Never in the repository, where the agent
 * writes, and written only by the reviewer's `POST /api/check` (not by
 * `PUT /api/preferences`, which replaces the preferences whole). Read like
 * the preferences: only a regular file, anything unreadable is "none".
 */
import { lstat, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { RedlineError } from '../errors.js';
import { readRegularFile } from '../files/readRegularFile.js';
import { writeFileAtomic, writesSettled } from '../files/writeFileAtomic.js';

export const CHECK_COMMANDS_FILE = 'check-commands.json';
const MAX_BYTES = 1024 * 1024;

interface StoredCommands {
  version: 1;
  /** Repository root (real path) to the confirmed command. */
  commands: Record<string, string>;
}

export class CheckCommandStore {
  readonly path: string;

  /** `dir`: the preferences' folder (PreferencesStore.dir). */
  constructor(readonly dir: string) {
    this.path = join(dir, CHECK_COMMANDS_FILE);
  }

  /** The command the reviewer confirmed for this repository root, or null. */
  async confirmed(repoRoot: string): Promise<string | null> {
    const commands = await this.readAll();
    const command = commands[repoRoot];
    return typeof command === 'string' && command.trim() !== '' ? command : null;
  }

  async confirm(repoRoot: string, command: string): Promise<void> {
    const existing = await lstat(this.path).catch(() => null);
    if (existing && !existing.isFile()) throw new RedlineError('write-failed', `${this.path} is not a regular file; Redline keeps your confirmed check commands only in a regular file there`);
    const stored: StoredCommands = { version: 1, commands: { ...(await this.readAll()), [repoRoot]: command } };
    await writeFileAtomic(this.path, `${JSON.stringify(stored, null, 2)}\n`, 0o600);
  }

  private async readAll(): Promise<Record<string, string>> {
    await writesSettled(this.path);
    const realDir = await realpath(this.dir).catch(() => null);
    if (realDir === null) return {};
    const read = await readRegularFile(this.dir, realDir, CHECK_COMMANDS_FILE, MAX_BYTES).catch(() => null);
    if (!read?.ok) return {};
    try {
      const value = JSON.parse(read.bytes.toString('utf8')) as Partial<StoredCommands> | null;
      const commands = value?.version === 1 ? value.commands : undefined;
      if (typeof commands !== 'object' || commands === null || Array.isArray(commands)) return {};
      return Object.fromEntries(Object.entries(commands).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    } catch {
      return {};
    }
  }
}
