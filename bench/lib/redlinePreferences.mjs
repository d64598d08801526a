/**
 * The reviewer's preferences for one Redline run of the bench: a fresh
 * XDG_CONFIG_HOME whose redline/preferences.json holds `settings` over the
 * defaults (the core's DEFAULT_PREFERENCES; docs/cli.md says where the file
 * lives). Every run gets its own: the bench never reads or writes the
 * developer's own preferences, and what it sets is what it measures.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PREFERENCES } from '@redline/core';

/** -> { env: { XDG_CONFIG_HOME }, write(settings) (the next page answer goes by them), cleanup() } */
export function preferencesHome(settings = {}) {
  const home = mkdtempSync(join(tmpdir(), 'redline-bench-config-'));
  mkdirSync(join(home, 'redline'), { mode: 0o700 });
  const write = (chosen) => {
    const preferences = { ...DEFAULT_PREFERENCES, settings: { ...DEFAULT_PREFERENCES.settings, ...chosen } };
    writeFileSync(join(home, 'redline', 'preferences.json'), JSON.stringify(preferences), { mode: 0o600 });
  };
  write(settings);
  return { env: { XDG_CONFIG_HOME: home }, write, cleanup: () => rmSync(home, { recursive: true, force: true }) };
}
