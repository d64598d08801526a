/**
 * A pull request to publish to, for the publish tests: the contract forge
 * (GitHub's API, every request checked against its OpenAPI description), a
 * bare remote on disk with `refs/pull/7/head`, a reviewer's clone that has
 * fetched it, and rounds sent through the real CLI on `base...head` (the
 * pull request's diff), each recording the pull request as a review of it
 * by URL records it.
 *
 * `src/app.ts` (40 lines) changes in three hunks: line 3 rewritten, line 20
 * deleted (old side), line 35 rewritten (new line 34).
 */
import { execFileSync } from 'node:child_process';
import { sendRound } from './reviewRounds.js';
import { gitIn, plantRound } from './plantRound.js';
import { makeDiskRemote, type DiskRemote, type GitDir } from './githubContract/diskRemote.js';
import { startGitHubContract, type GitHubContractServer } from './githubContract/githubContractServer.js';
import { contractPull, type ContractPull } from './githubContract/contractState.js';

export const PUBLISH_TOKEN = 'ghp_publishTestToken000000000000000000';
export const PULL_URL = 'https://github.com/octo/widgets/pull/7';
const LINES = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`);

export interface PublishFixture {
  forge: GitHubContractServer;
  remote: DiskRemote;
  clone: GitDir;
  pull: ContractPull;
  base: string;
  head: string;
  /** GITHUB_API_URL and GH_TOKEN for the contract forge. */
  env: NodeJS.ProcessEnv;
  /** Sends a round of `base...head` through the real CLI and records the pull request in it; returns its round commit. */
  sendPullRound(body: Record<string, unknown>): Promise<string>;
  /** Pushes a new head to `refs/pull/7/head` (a force-push) and tells the forge. */
  forcePush(): string;
  close(): Promise<void>;
}

export async function makePublishFixture(): Promise<PublishFixture> {
  const remote = makeDiskRemote({ 'src/app.ts': `${LINES.join('\n')}\n` });
  const base = remote.mainSha;
  const changed = LINES.filter((_, i) => i !== 19).map((line) => (line === 'line 3' ? 'LINE 3' : line === 'line 35' ? 'LINE 35' : line));
  remote.author.write('src/app.ts', `${changed.join('\n')}\n`);
  remote.author.commitAll('the change');
  const head = remote.pushPull(7);
  const clone = remote.clone();
  clone.git('fetch', '--quiet', 'origin', 'refs/pull/7/head');
  const pull = contractPull({ number: 7, base: { ref: 'main', sha: base, repo: 'octo/widgets' }, head: { ref: 'feature', sha: head, repo: 'octo/widgets' } });
  const forge = await startGitHubContract({ state: { owner: 'octo', repo: 'widgets', login: 'reviewer', pulls: new Map([[7, pull]]) }, token: PUBLISH_TOKEN });
  const env = { ...process.env, BROWSER: undefined, GITHUB_API_URL: forge.url, GH_TOKEN: PUBLISH_TOKEN, GITHUB_TOKEN: undefined };
  return {
    forge, remote, clone, pull, base, head, env,
    async sendPullRound(body) {
      await sendRound(clone.dir, () => body, [`${base}...${head}`]);
      return recordPullRequest(clone.dir);
    },
    forcePush() {
      remote.author.write('src/app.ts', `${changed.join('\n')}\nline 41\n`);
      remote.author.commitAll('more');
      const moved = remote.pushPull(7);
      pull.head.sha = moved;
      return moved;
    },
    close: () => forge.close(),
  };
}

/**
 * The round just sent, with the pull request recorded in its round.json as
 * a review by URL records it (rounds/recordSentRound.ts, from the review's
 * forge facts): the same round written again over its own ref.
 */
function recordPullRequest(dir: string): string {
  const [ref, commit] = gitIn(dir, ['for-each-ref', '--sort=-committerdate', '--count=1', '--format=%(refname) %(objectname)', 'refs/redline/']).trim().split(' ') as [string, string];
  const parents = gitIn(dir, ['rev-list', '--parents', '-n', '1', commit]).trim().split(' ').slice(1);
  const review = JSON.parse(gitIn(dir, ['show', `${commit}:review.json`])) as { annotations: Record<string, unknown>[] };
  const pullRequest = { host: 'github.com', owner: 'octo', repo: 'widgets', number: 7, url: PULL_URL };
  return plantRound(dir, { template: commit, parents, record: { pullRequest }, annotations: review.annotations, ref });
}

/** The bytes of git's view of a repository's refs, for "nothing else moved". */
export function refsOf(dir: string): string {
  return execFileSync('git', ['for-each-ref'], { cwd: dir, encoding: 'utf8' });
}
