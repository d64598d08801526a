/** A repository whose working tree adds one 5 MB minified file: one line, no newline (issue 15's long line). */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const MINIFIED_PATH = 'vendor/bundle.min.js';
export const MINIFIED_BYTES = 5 * 1024 * 1024;

/** `var a0=function(b){return b*0};var a1=…` up to exactly MINIFIED_BYTES characters. */
export function minifiedText(): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < MINIFIED_BYTES; i++) {
    const part = `var a${i}=function(b){return b*${i % 97}};`;
    parts.push(part);
    length += part.length;
  }
  return parts.join('').slice(0, MINIFIED_BYTES);
}

export function minifiedRepo(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'redline-minified-')));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'commit.gpgsign=false', '-c', 'core.hooksPath=/dev/null', '-c', 'user.name=R', '-c', 'user.email=r@r.invalid', ...args], { cwd: root, stdio: 'pipe' });
  git('init', '--quiet', '--initial-branch=main');
  writeFileSync(join(root, 'README.md'), '# minified\n');
  git('add', '--all');
  git('commit', '--quiet', '-m', 'initial');
  mkdirSync(join(root, 'vendor'));
  writeFileSync(join(root, MINIFIED_PATH), minifiedText());
  return root;
}
