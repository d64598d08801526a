/**
 * The bench's real change (repository R): two published versions of a
 * well-known npm package, the newer laid over the older as uncommitted work,
 * as an agent's port would leave it (jsdiff 8.0.4 → 9.0.0, its JavaScript
 * to TypeScript release). The tarballs come from the registry through
 * `npm pack`, once, into bench/.work/tarballs/; npm's tarballs carry fixed
 * dates and modes, so the repository is the same on every machine.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const REAL_CHANGE = { pkg: 'diff', from: '8.0.4', to: '9.0.0' };

/** `<dir>/<pkg>-<version>.tgz`, fetched with `npm pack` when not already there. */
export async function packedTarball(pkg, version, dir) {
  const file = join(dir, `${pkg.replace(/^@/, '').replace('/', '-')}-${version}.tgz`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  await run('npm', ['pack', `${pkg}@${version}`, '--pack-destination', dir, '--silent'], { cwd: dir, maxBuffer: 16 * 1024 * 1024 });
  if (!existsSync(file)) throw new Error(`npm pack ${pkg}@${version} left no ${file}`);
  return file;
}

/** Empties `root` but for .git and unpacks the tarball's `package/` into it. */
export async function unpackOver(root, tarball) {
  for (const name of readdirSync(root)) if (name !== '.git') rmSync(join(root, name), { recursive: true, force: true });
  await run('tar', ['-xzf', tarball, '--strip-components=1', '-C', root]);
}
