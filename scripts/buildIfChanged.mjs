#!/usr/bin/env node
// `npm start`'s build: runs `npm run build:cli` and `npm run build:app`, each
// only when one of its sources is newer than its last build here (the page's
// build took about 11 s on 2 cores and printed about 530 lines of chunk
// names; with nothing to build this takes well under a second). Sources are
// the files under the listed folders, outside node_modules and dist; a
// checkout or an edit moves their modification times on. A build that
// succeeded touches its stamp under node_modules/.cache/redline-start/
// (tsc -b leaves unchanged outputs untouched, so they cannot serve as one).

import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SHARED = ['package.json', 'package-lock.json', 'tsconfig.base.json', 'packages/core'];
const BUILDS = {
  'build:cli': { output: 'apps/cli/dist/main.js', sources: [...SHARED, 'tsconfig.json', 'apps/cli'] },
  'build:app': { output: 'apps/review/dist/index.html', sources: [...SHARED, 'vite.config.ts', 'apps/review', 'packages/review-editor'] },
};
const SKIPPED_DIRS = new Set(['node_modules', 'dist']);
const stampDir = join(root, 'node_modules/.cache/redline-start');

function newest(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  const entries = readdirSync(path, { withFileTypes: true }).filter((entry) => !(entry.isDirectory() && SKIPPED_DIRS.has(entry.name)));
  return Math.max(stats.mtimeMs, ...entries.map((entry) => newest(join(path, entry.name))));
}

function modifiedAt(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -1;
  }
}

mkdirSync(stampDir, { recursive: true });
for (const [script, { output, sources }] of Object.entries(BUILDS)) {
  const stamp = join(stampDir, script.replace(':', '-'));
  const builtAt = Math.min(modifiedAt(stamp), modifiedAt(join(root, output)));
  if (builtAt >= Math.max(...sources.map((source) => newest(join(root, source))))) continue;
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, '');
}
