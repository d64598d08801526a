/** `redline --demo`: a temporary repository holding a realistic agent change, for trying Redline out. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { runGit } from '../git/runGit.js';
import { CHANGED_FILES, COMMITTED_FILES, DELETED, RENAMED } from './demoFiles.js';

/** Works without any global git config: identity, signing and hooks are set per command. */
const COMMIT_CONFIG = [
  '-c', 'user.name=Redline Demo',
  '-c', 'user.email=demo@redline.invalid',
  '-c', 'commit.gpgsign=false',
  '-c', 'core.hooksPath=/dev/null',
];

/** Creates the demo repository and returns its directory; the review removes it when it ends (removeDemoRepo). */
export async function createDemoRepo(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'redline-demo-'));
  const git = (...args: string[]) => runGit([...COMMIT_CONFIG, ...args], { cwd: dir });
  await git('init', '--quiet', '--initial-branch=main');
  await writeFiles(dir, COMMITTED_FILES);
  await git('add', '--all');
  await git('commit', '--quiet', '--no-verify', '-m', 'Cart with legacy discount');
  // The agent's change: a rename (staged, as `git mv` does), a deletion,
  // rewrites, and a new file it never added.
  await git('mv', RENAMED.from, RENAMED.to);
  await rm(join(dir, DELETED));
  await writeFiles(dir, CHANGED_FILES);
  return dir;
}

async function writeFiles(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, contents] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), contents);
  }
}

/** Removes what createDemoRepo made (only a `redline-demo-*` folder, so a wrong path is refused rather than deleted). */
export async function removeDemoRepo(dir: string): Promise<void> {
  if (!basename(dir).startsWith('redline-demo-')) throw new Error(`not a demo repository: ${dir}`);
  await rm(dir, { recursive: true, force: true });
}
