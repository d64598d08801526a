/** The built `redline` (apps/cli/bin/redline.js over dist/), for tests that run the real process. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');
export const BIN = join(ROOT, 'apps/cli/bin/redline.js');

/** Builds dist with `tsc -b apps/cli`; whether it exists afterwards is for the caller to check. */
export function buildCli(): boolean {
  // Other packages' type errors must not stop the build of dist (tsc -b still emits).
  try {
    execFileSync('npx', ['tsc', '-b', 'apps/cli'], { cwd: ROOT, stdio: 'ignore' });
  } catch {
    // checked below
  }
  return existsSync(join(ROOT, 'apps/cli/dist/main.js'));
}
