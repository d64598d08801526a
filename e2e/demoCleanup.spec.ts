/**
 * `redline --demo` (what `npm start` runs) leaves no demo repository behind:
 * the real process, in a temporary folder of its own (TMPDIR), stopped by
 * real signals. (The ending with feedback sent is checked on the installed
 * package, e2e/tarball.spec.ts.)
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startRedline } from './support/redline';

for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
  test(`${signal} ends the demo review and removes its repository from the temporary folder`, async () => {
    const temp = mkdtempSync(join(tmpdir(), 'redline-e2e-tmpdir-'));
    try {
      const redline = await startRedline({ cwd: temp, args: ['--demo'], env: { TMPDIR: temp } });
      expect(readdirSync(temp)).toEqual([expect.stringMatching(/^redline-demo-/)]);
      redline.process.kill(signal);
      expect(await redline.exited).toBe(code);
      expect(readdirSync(temp)).toEqual([]);
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  });
}
