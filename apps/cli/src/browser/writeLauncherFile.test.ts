/**
 * The launcher file holds the review link: private, and gone once used, on
 * Ctrl-C, and (for one a SIGKILLed redline left) at the next start.
 */
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../testSupport/gitRepo.js';
import { removeStaleLaunchers, STALE_LAUNCHER_AGE_MS, writeLauncherFile } from './writeLauncherFile.js';

describe('launcher files', () => {
  it('is private (0600 in a 0700 folder) and removed with its folder', async () => {
    const launcher = await writeLauncherFile('http://127.0.0.1:1/?token=abc&x="<');
    expect(statSync(launcher.path).mode & 0o777).toBe(0o600);
    expect(statSync(join(launcher.path, '..')).mode & 0o777).toBe(0o700);
    await launcher.remove();
    expect(existsSync(join(launcher.path, '..'))).toBe(false);
  });

  it('removes stale launcher folders a killed redline left, and nothing young, foreign or holding more', async () => {
    const tmp = makeTempDir('redline-launchers-');
    const make = (name: string, files: string[], ageMs: number) => {
      const dir = join(tmp, name);
      mkdirSync(dir);
      for (const file of files) writeFileSync(join(dir, file), 'x');
      const at = new Date(Date.now() - ageMs);
      utimesSync(dir, at, at);
    };
    make('redline-open-stale', ['open-review.html'], STALE_LAUNCHER_AGE_MS + 60_000);
    make('redline-open-young', ['open-review.html'], 1_000);
    make('redline-open-more', ['open-review.html', 'other.txt'], STALE_LAUNCHER_AGE_MS + 60_000);
    make('someone-else', ['open-review.html'], STALE_LAUNCHER_AGE_MS + 60_000);
    expect(await removeStaleLaunchers(Date.now(), tmp)).toBe(1);
    expect(readdirSync(tmp).sort()).toEqual(['redline-open-more', 'redline-open-young', 'someone-else']);
  });
});
