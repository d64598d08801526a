/**
 * A pull request to review in tests, end to end: the disk remote
 * (`<tmp>/octo/widgets.git`, so its path names OWNER/REPO as a GitHub URL
 * would), pull request 7 pushed to `refs/pull/7/head`, the contract forge
 * answering for it with a few review threads, a reviewer's clone, and the
 * environment that points the CLI at the forge (`GITHUB_API_URL`, `GH_TOKEN`,
 * a PATH without the GitHub CLI's login).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { contractPull, type ContractThread } from './contractState.js';
import { makeDiskRemote, type DiskRemote, type GitDir, type TempDir } from './diskRemote.js';
import { startGitHubContract, type GitHubContractServer } from './githubContractServer.js';

export const FORGE_TOKEN = 'ghp_redlineForgeTestToken0123456789abcdef';
export const PULL_URL = 'https://github.com/octo/widgets/pull/7';

export const WIDGET_BEFORE = ['export function widget(n: number) {', '  return n + 1;', '}', ''].join('\n');
export const WIDGET_AFTER = ['export function widget(n: number) {', '  return n * 2;', '}', '', 'export const WIDGETS = 3;', ''].join('\n');

const at = '2026-01-02T03:04:05Z';

export function forgeThreads(): ContractThread[] {
  return [
    { id: 'PRRT_1', path: 'src/widget.ts', line: 2, startLine: null, side: 'RIGHT', isResolved: false, isOutdated: false, comments: [{ author: 'mona', body: 'Why **double** it? <img src=x onerror=alert(1)>', createdAt: at }, { author: 'hubot', body: 'Agreed, odd.', createdAt: at }] },
    { id: 'PRRT_2', path: 'src/widget.ts', line: 1, startLine: null, side: 'RIGHT', isResolved: true, isOutdated: false, comments: [{ author: 'mona', body: 'resolved already', createdAt: at }] },
    { id: 'PRRT_3', path: 'src/widget.ts', line: null, startLine: null, side: 'RIGHT', isResolved: false, isOutdated: true, comments: [{ author: 'octocat', body: 'on a line that is gone', createdAt: at }] },
  ];
}

export interface PullRequestFixture {
  remote: DiskRemote;
  forge: GitHubContractServer;
  clone: GitDir;
  headSha: string;
  /** The CLI's environment: the contract forge's API and token, no browser, no GitHub CLI login. */
  env: NodeJS.ProcessEnv;
}

/** A PATH that keeps git and node but holds a `gh` that has no login (a real one may be installed here). */
function pathWithoutGhLogin(tempDir: TempDir): string {
  const bin = join(tempDir('redline-no-gh-'), 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'gh'), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
  return `${bin}:${process.env.PATH ?? ''}`;
}

/** `tempDir`: the vitest tests pass `../gitRepo.ts`'s makeTempDir (removed after the file), the Playwright spec its own. */
export async function makePullRequestFixture(tempDir: TempDir): Promise<PullRequestFixture> {
  const remote = makeDiskRemote(tempDir, { 'src/widget.ts': WIDGET_BEFORE, 'README.md': '# widgets\n' }, 'octo/widgets');
  remote.author.git('checkout', '--quiet', '-b', 'feature');
  remote.author.write('src/widget.ts', WIDGET_AFTER);
  remote.author.commitAll('double widgets');
  const headSha = remote.pushPull(7);
  remote.author.git('checkout', '--quiet', 'main');
  const clone = remote.clone();
  const pull = contractPull({
    number: 7,
    title: 'Double the widgets',
    base: { ref: 'main', sha: remote.mainSha, repo: 'octo/widgets' },
    head: { ref: 'feature', sha: headSha, repo: 'octo/widgets' },
    threads: forgeThreads(),
  });
  const forge = await startGitHubContract({ state: { owner: 'octo', repo: 'widgets', login: 'reviewer', pulls: new Map([[7, pull]]) }, token: FORGE_TOKEN });
  const env: NodeJS.ProcessEnv = { ...process.env, BROWSER: undefined, GITHUB_API_URL: forge.url, GH_TOKEN: FORGE_TOKEN, GITHUB_TOKEN: undefined, GH_HOST: undefined, PATH: pathWithoutGhLogin(tempDir) };
  return { remote, forge, clone, headSha, env };
}
