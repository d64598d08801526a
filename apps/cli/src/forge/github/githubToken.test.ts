import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../testSupport/gitRepo.js';
import { githubToken } from './githubToken.js';

/** A PATH holding only a `gh` that prints `output` (exit `code`), or nothing at all. */
function pathWithGh(script: string | undefined): string {
  const dir = join(makeTempDir('redline-gh-'), 'bin');
  mkdirSync(dir);
  if (script !== undefined) {
    writeFileSync(join(dir, 'gh'), `#!/bin/sh\n${script}\n`);
    chmodSync(join(dir, 'gh'), 0o755);
  }
  return dir;
}

describe('githubToken', () => {
  it('takes GH_TOKEN, then GITHUB_TOKEN, then the GitHub CLI', async () => {
    const gh = pathWithGh('[ "$1 $2 $3 $4" = "auth token --hostname github.com" ] && echo gho_fromGh');
    expect(await githubToken('github.com', { GH_TOKEN: 'a', GITHUB_TOKEN: 'b', PATH: gh })).toEqual({ value: 'a', source: 'GH_TOKEN' });
    expect(await githubToken('github.com', { GITHUB_TOKEN: 'b', PATH: gh })).toEqual({ value: 'b', source: 'GITHUB_TOKEN' });
    expect(await githubToken('github.com', { GH_TOKEN: ' ', PATH: gh })).toEqual({ value: 'gho_fromGh', source: 'gh auth token' });
  });

  it('says where it looked when there is no token: gh missing, or logged out', async () => {
    for (const path of [pathWithGh(undefined), pathWithGh('echo "not logged in" >&2; exit 1')]) {
      await expect(githubToken('github.com', { PATH: path })).rejects.toMatchObject({
        code: 'no-token',
        message: 'no GitHub token for github.com: set GH_TOKEN or GITHUB_TOKEN, or log in with the GitHub CLI (gh auth login)',
      });
    }
  });
});
