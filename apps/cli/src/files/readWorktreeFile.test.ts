/** The working-tree reader on its own: symlinked parents, FIFOs, caps and plain-path checks. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../testSupport/gitRepo.js';
import { isPlainRepoPath as isPlainRelativePath } from '@redline/core';
import { readWorktreeFile } from './readWorktreeFile.js';

function setup() {
  const root = makeTempDir();
  const outside = makeTempDir('redline-outside-');
  writeFileSync(join(outside, 'secret.txt'), 'SECRET');
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'ok.txt'), 'fine\n');
  symlinkSync(outside, join(root, 'linked-dir'));
  symlinkSync(join(root, 'src'), join(root, 'inner-link'));
  execFileSync('mkfifo', [join(root, 'pipe')]);
  return { root };
}

describe('readWorktreeFile', () => {
  it('reads a regular file inside the root', async () => {
    const { root } = setup();
    const read = await readWorktreeFile(root, root, 'src/ok.txt', 100);
    expect(read).toEqual({ ok: true, bytes: Buffer.from('fine\n') });
  });

  it('refuses a path through a symlinked directory, even one pointing inside', async () => {
    const { root } = setup();
    expect(await readWorktreeFile(root, root, 'linked-dir/secret.txt', 100)).toMatchObject({ ok: false, code: 'symlink' });
    expect(await readWorktreeFile(root, root, 'inner-link/ok.txt', 100)).toMatchObject({ ok: false, code: 'symlink' });
  });

  it('refuses FIFOs and directories without blocking, and files over the cap', async () => {
    const { root } = setup();
    expect(await readWorktreeFile(root, root, 'pipe', 100)).toMatchObject({ ok: false, code: 'not-regular' });
    expect(await readWorktreeFile(root, root, 'src', 100)).toMatchObject({ ok: false, code: 'not-regular' });
    expect(await readWorktreeFile(root, root, 'src/ok.txt', 4)).toMatchObject({ ok: false, code: 'too-large' });
    expect(await readWorktreeFile(root, root, 'src/missing.txt', 100)).toMatchObject({ ok: false, code: 'changed' });
  });

  it('refuses anything that is not a plain relative path before touching the filesystem', async () => {
    const { root } = setup();
    for (const path of ['../x', '/etc/passwd', 'a/../../x', '.git/config', 'a/.GIT/x', 'C:\\x', 'C:x', '\\\\srv\\x', 'a//b', './a', 'a/', '', 'a\0b']) {
      expect(isPlainRelativePath(path), path).toBe(false);
      expect(await readWorktreeFile(root, root, path, 100), path).toMatchObject({ ok: false, code: 'not-in-diff' });
    }
    for (const path of ['a.txt', 'dir with space/naïve café.txt', '.github/workflows/ci.yml', 'a..b', '..a', 'x/.gitignore']) {
      expect(isPlainRelativePath(path), path).toBe(true);
    }
  });
});
