/**
 * The edit latency bench's repositories (bench/editLatency.mjs): a generated
 * file of N lines with three changed lines, optionally with a small second
 * changed file (`companion`) for a two-file edit session; and the bench's F.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const IDENTITY = {
  GIT_AUTHOR_NAME: 'Redline Bench',
  GIT_AUTHOR_EMAIL: 'bench@redline.invalid',
  GIT_COMMITTER_NAME: 'Redline Bench',
  GIT_COMMITTER_EMAIL: 'bench@redline.invalid',
  GIT_AUTHOR_DATE: '2026-01-01T00:00:00+0000',
  GIT_COMMITTER_DATE: '2026-01-01T00:00:00+0000',
};

/**
 * A repository with one file of `lineCount` lines, three of them changed in
 * the working tree; `companion`: also src/companion.ts, 20 lines, one changed
 * (the second file of a two-file session).
 */
export function createEditRepo(parent, name, lineCount, { companion = false } = {}) {
  const dir = join(parent, name);
  mkdirSync(join(dir, 'src'), { recursive: true });
  const git = (...args) =>
    execFileSync('git', ['-c', 'commit.gpgsign=false', '-c', 'core.hooksPath=/dev/null', ...args], {
      cwd: dir,
      env: { ...process.env, ...IDENTITY, GIT_DIR: undefined, GIT_WORK_TREE: undefined },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  // Short, code-like lines (so they are highlighted).
  const lines = Array.from({ length: lineCount }, (_, i) => (i % 10 === 9 ? '' : `let v${i + 1} = f(${i % 97});`));
  const path = 'src/edited.ts';
  writeFileSync(join(dir, path), lines.join('\n') + '\n');
  const companionPath = 'src/companion.ts';
  const companionLines = Array.from({ length: 20 }, (_, i) => `export const c${i + 1} = ${i};`);
  if (companion) writeFileSync(join(dir, companionPath), companionLines.join('\n') + '\n');
  git('init', '--quiet', '--initial-branch=main');
  git('add', '--all');
  git('commit', '--quiet', '-m', 'base');
  const at = [Math.floor(lineCount * 0.1), Math.floor(lineCount / 2), lineCount - 3].map((n) => Math.max(0, Math.min(lineCount - 1, n)));
  for (const i of at) lines[i] = `let changed${i + 1} = g(${i});`;
  writeFileSync(join(dir, path), lines.join('\n') + '\n');
  if (companion) {
    companionLines[9] = 'export const c10 = 100;';
    writeFileSync(join(dir, companionPath), companionLines.join('\n') + '\n');
  }
  return { name, dir, path, line: at[1] + 1, lines: lineCount, ...(companion ? { companion: companionPath } : {}) };
}

/**
 * The bench's F (bench/generateRepos.mjs: one 100,000-line, 4.0 MB file, 1% of
 * its lines changed) as an edit target at its first changed line; null
 * when the runner has not generated it.
 */
export function benchRepoF(root = ROOT) {
  const dir = join(root, 'bench/.work/repos/F');
  if (!existsSync(join(dir, '.git'))) return null;
  const diff = execFileSync('git', ['diff', '--no-ext-diff', '--no-color', '-U0'], { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const path = /^\+\+\+ b\/(.+)$/m.exec(diff)?.[1];
  const starts = [...diff.matchAll(/^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/gm)].filter((m) => m[2] !== '0').map((m) => Number(m[1]));
  if (!path || starts.length === 0) return null;
  const lines = readFileSync(join(dir, path), 'utf8').split('\n').length - 1;
  // The first changed line: on screen when the session starts (the caret is put there by a click).
  const line = starts[0];
  return { name: `F: ${lines.toLocaleString('en-US')} lines, ${(statSync(join(dir, path)).size / 1e6).toFixed(1)} MB`, dir, path, line, lines };
}

