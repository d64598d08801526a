/**
 * A pull request to publish to, for the publish tests: the contract forge
 * (GitHub's API, every request checked against its OpenAPI description), a
 * bare remote on disk named `octo/widgets` with `refs/pull/7/head`, a
 * reviewer's clone, and rounds sent through the real CLI as the reviewer
 * sends them: `redline <PR URL>`, the page's feedback posted.
 *
 * `src/app.ts` (40 lines) changes in three hunks: line 3 rewritten, line 20
 * deleted (old side), line 35 rewritten (new line 34).
 */
import { execFileSync } from 'node:child_process';
import { API } from '@redline/core';
import { runCli } from '../src/main.js';
import { signInAsPage, type PageSession } from './browserSession.js';
import { captureIo } from './capturedIo.js';
import { makeDiskRemote, type DiskRemote, type GitDir } from './githubContract/diskRemote.js';
import { startGitHubContract, type GitHubContractServer } from './githubContract/githubContractServer.js';
import { contractPull, type ContractPull } from './githubContract/contractState.js';

export const PUBLISH_TOKEN = 'ghp_publishTestToken000000000000000000';
export const PULL_URL = 'https://github.com/octo/widgets/pull/7';
const REVIEW_URL_RE = /Review: (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64})\n/;
const LINES = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`);

export interface OpenPullReview {
  page: PageSession;
  /** The CLI's exit code, once the review ended. */
  exit: Promise<number>;
  stderr(): string;
}

export interface PublishFixture {
  forge: GitHubContractServer;
  remote: DiskRemote;
  clone: GitDir;
  pull: ContractPull;
  base: string;
  head: string;
  /** GITHUB_API_URL and GH_TOKEN for the contract forge. */
  env: NodeJS.ProcessEnv;
  /** `redline <PR URL>` in the clone (the real CLI, in-process), signed in as its page. */
  openPullReview(): Promise<OpenPullReview>;
  /** Reviews the pull request and sends `body` as the page does; returns the round commit it recorded. */
  sendPullRound(body: Record<string, unknown>): Promise<string>;
  /** The newest round commit of the clone. */
  latestRound(): string;
  /** Pushes a new head to `refs/pull/7/head` (a force-push) and tells the forge. */
  forcePush(): string;
  close(): Promise<void>;
}

export async function makePublishFixture(): Promise<PublishFixture> {
  const remote = makeDiskRemote({ 'src/app.ts': `${LINES.join('\n')}\n` }, 'octo/widgets');
  const base = remote.mainSha;
  const changed = LINES.filter((_, i) => i !== 19).map((line) => (line === 'line 3' ? 'LINE 3' : line === 'line 35' ? 'LINE 35' : line));
  const pushHead = (text: string, message: string): string => {
    remote.author.git('checkout', '--quiet', '-B', 'feature');
    remote.author.write('src/app.ts', text);
    remote.author.commitAll(message);
    const sha = remote.pushPull(7);
    remote.author.git('checkout', '--quiet', 'main');
    return sha;
  };
  const head = pushHead(`${changed.join('\n')}\n`, 'the change');
  const clone = remote.clone();
  const pull = contractPull({ number: 7, base: { ref: 'main', sha: base, repo: 'octo/widgets' }, head: { ref: 'feature', sha: head, repo: 'octo/widgets' } });
  const forge = await startGitHubContract({ state: { owner: 'octo', repo: 'widgets', login: 'reviewer', pulls: new Map([[7, pull]]) }, token: PUBLISH_TOKEN });
  const env = { ...process.env, BROWSER: undefined, GITHUB_API_URL: forge.url, GH_TOKEN: PUBLISH_TOKEN, GITHUB_TOKEN: undefined };
  return {
    forge, remote, clone, pull, base, head, env,
    async openPullReview() {
      const io = captureIo(clone.dir, { env });
      const exit = runCli(['--no-open', '--json', PULL_URL], io);
      const link = await Promise.race([io.waitForStderr(REVIEW_URL_RE), exit.then((code) => Promise.reject(new Error(`exit ${code}: ${io.err()}`)))]);
      return { page: await signInAsPage(link[1]!), exit, stderr: () => io.err() };
    },
    async sendPullRound(body) {
      const { page, exit, stderr } = await this.openPullReview();
      const answer = await page.post(API.feedback, body);
      if (answer.status !== 200) throw new Error(`the feedback was refused: ${answer.text}`);
      const code = await exit;
      if (code !== 0) throw new Error(`redline exited ${code}: ${stderr()}`);
      return this.latestRound();
    },
    latestRound: () => clone.git('for-each-ref', '--sort=-committerdate', '--count=1', '--format=%(objectname)', 'refs/redline/*/*/rounds').trim(),
    forcePush() {
      const moved = pushHead(`${changed.join('\n')}\nline 41\n`, 'more');
      pull.head.sha = moved;
      return moved;
    },
    close: () => forge.close(),
  };
}

/** The bytes of git's view of a repository's refs, for "nothing else moved". */
export function refsOf(dir: string): string {
  return execFileSync('git', ['for-each-ref'], { cwd: dir, encoding: 'utf8' });
}
