/**
 * The reviewer's preferences file, on a real file system: where it lives,
 * its modes, and that nothing at its path but a regular file of your own is
 * read or written through.
 */
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, DEFAULT_SETTINGS, type Preferences } from '@redline/core';
import { makeTempDir } from '../../testSupport/gitRepo.js';
import { PreferencesStore, preferencesDir } from './preferencesStore.js';

const MINE: Preferences = { ...DEFAULT_PREFERENCES, settings: { ...DEFAULT_SETTINGS, theme: 'dark', hideWhitespace: true }, reviewer: '@bob' };

const fresh = () => new PreferencesStore(join(makeTempDir('redline-config-'), 'redline'));

describe('the preferences file', () => {
  it('lives at ${XDG_CONFIG_HOME:-$HOME/.config}/redline/preferences.json (a relative XDG_CONFIG_HOME is ignored)', () => {
    expect(PreferencesStore.forEnv({ XDG_CONFIG_HOME: '/x/conf', HOME: '/home/me' }).path).toBe('/x/conf/redline/preferences.json');
    expect(preferencesDir({ HOME: '/home/me' })).toBe('/home/me/.config/redline');
    expect(preferencesDir({ XDG_CONFIG_HOME: 'conf', HOME: '/home/me' })).toBe('/home/me/.config/redline');
    expect(preferencesDir({ XDG_CONFIG_HOME: '', HOME: '/home/me' })).toBe('/home/me/.config/redline');
  });

  it('missing: the defaults; written: its folder 0700, the file 0600, read back as written', async () => {
    const store = fresh();
    expect(await store.read()).toEqual(DEFAULT_PREFERENCES);
    await store.write(MINE);
    expect(statSync(store.dir).mode & 0o777).toBe(0o700);
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(store.path, 'utf8'))).toEqual(MINE);
    expect(await store.read()).toEqual(MINE);
  });

  it('a symlink at the file is neither followed when read nor written through', async () => {
    const store = fresh();
    const elsewhere = join(makeTempDir('redline-elsewhere-'), 'target.json');
    writeFileSync(elsewhere, JSON.stringify(MINE));
    mkdirSync(store.dir, { recursive: true });
    symlinkSync(elsewhere, store.path);
    expect(await store.read()).toEqual(DEFAULT_PREFERENCES);
    await expect(store.write(DEFAULT_PREFERENCES)).rejects.toThrow(/preferences\.json is a symbolic link; Redline keeps your preferences only in a regular file there/);
    expect(lstatSync(store.path).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(elsewhere, 'utf8'))).toEqual(MINE);
  });

  it('unreadable (a FIFO, a folder, not JSON, not UTF-8 JSON, too large) is the defaults, at once', async () => {
    const cases: [string, (path: string) => void][] = [
      ['a FIFO', (path) => execFileSync('mkfifo', [path])],
      ['a folder', (path) => mkdirSync(path)],
      ['not JSON', (path) => writeFileSync(path, '{"settings":')],
      ['bytes', (path) => writeFileSync(path, Buffer.from([0xff, 0xfe, 0x00]))],
      ['too large', (path) => writeFileSync(path, JSON.stringify({ ...MINE, pad: 'x'.repeat(70_000) }))],
    ];
    for (const [what, make] of cases) {
      const store = fresh();
      mkdirSync(store.dir, { recursive: true });
      make(store.path);
      const started = performance.now();
      expect(await store.read(), what).toEqual(DEFAULT_PREFERENCES);
      expect(performance.now() - started, what).toBeLessThan(1_000);
    }
  });

  it('a file with a wrong field keeps the rest, that field its default', async () => {
    const store = fresh();
    mkdirSync(store.dir, { recursive: true });
    writeFileSync(store.path, JSON.stringify({ ...MINE, settings: { ...MINE.settings, theme: 'pink' }, reviewer: 'eve\u202E' }));
    expect(await store.read()).toEqual({ ...MINE, settings: { ...MINE.settings, theme: 'system' }, reviewer: '' });
  });
});
