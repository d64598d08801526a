/**
 * Builds apps/cli/dist (tsc -b) for the tests that run the real `redline`
 * process, node apps/cli/bin/redline.js. Other packages' type errors must
 * not stop it (tsc -b still emits), so only the result is checked.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '../../..');
export const CLI_BIN = join(REPO_ROOT, 'apps/cli/bin/redline.js');

/** True once dist/main.js exists; call it from a beforeAll with a long timeout (a cold build takes ~30 s here). */
export function buildCli(): boolean {
  try {
    execFileSync('npx', ['tsc', '-b', 'apps/cli'], { cwd: REPO_ROOT, stdio: 'ignore' });
  } catch {
    // checked below
  }
  return existsSync(join(REPO_ROOT, 'apps/cli/dist/main.js'));
}
