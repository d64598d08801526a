/**
 * One Playwright test's run against the contract forge: the temp dirs it
 * made (the disk remote, the clone), the redline it started and the forge
 * it served, all stopped and removed after the test.
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '@playwright/test';
import type { RunningRedline } from './redline';

export interface ForgeRun {
  /** A new temp dir, removed after the test (the forge fixtures' `TempDir`). */
  tempDir(prefix: string): string;
  redline: RunningRedline | null;
  forge: { close(): Promise<void> } | null;
}

export function forgeRunPerTest(): ForgeRun {
  const dirs: string[] = [];
  const run: ForgeRun = {
    tempDir(prefix) {
      const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
      dirs.push(dir);
      return dir;
    },
    redline: null,
    forge: null,
  };
  test.afterEach(async () => {
    await run.redline?.stop();
    run.redline = null;
    await run.forge?.close();
    run.forge = null;
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return run;
}
