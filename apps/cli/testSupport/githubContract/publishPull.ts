/**
 * The pull request the publish tests post to (vitest-free, so the
 * Playwright spec uses it too): a bare remote at `<tmp>/octo/widgets.git`
 * with pull request 7 on `refs/pull/7/head`, a reviewer's clone, and the
 * contract forge answering for it (every request checked against GitHub's
 * OpenAPI description). `src/app.ts` (40 lines) changes in three hunks:
 * line 3 rewritten, line 20 deleted (old side), line 35 rewritten (new 34).
 */
import { contractPull, type ContractPull } from './contractState.js';
import { makeDiskRemote, type DiskRemote, type GitDir, type TempDir } from './diskRemote.js';
import { startGitHubContract, type GitHubContractServer } from './githubContractServer.js';

export const PUBLISH_TOKEN = 'ghp_publishTestToken000000000000000000';
export const PULL_URL = 'https://github.com/octo/widgets/pull/7';
const LINES = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`);
const CHANGED = LINES.filter((_, i) => i !== 19).map((line) => (line === 'line 3' ? 'LINE 3' : line === 'line 35' ? 'LINE 35' : line));

export interface PublishPull {
  forge: GitHubContractServer;
  remote: DiskRemote;
  clone: GitDir;
  /** The forge's pull request: its reviews are what was posted. */
  pull: ContractPull;
  base: string;
  head: string;
  /** GITHUB_API_URL and GH_TOKEN for the contract forge, no browser. */
  env: NodeJS.ProcessEnv;
  /** Pushes a new head to `refs/pull/7/head` (as a force-push would) and tells the forge; returns it. */
  forcePush(): string;
}

export async function makePublishPull(tempDir: TempDir): Promise<PublishPull> {
  const remote = makeDiskRemote(tempDir, { 'src/app.ts': `${LINES.join('\n')}\n` }, 'octo/widgets');
  const pushHead = (text: string, message: string): string => {
    remote.author.git('checkout', '--quiet', '-B', 'feature');
    remote.author.write('src/app.ts', text);
    remote.author.commitAll(message);
    const sha = remote.pushPull(7);
    remote.author.git('checkout', '--quiet', 'main');
    return sha;
  };
  const head = pushHead(`${CHANGED.join('\n')}\n`, 'the change');
  const clone = remote.clone();
  const pull = contractPull({ number: 7, base: { ref: 'main', sha: remote.mainSha, repo: 'octo/widgets' }, head: { ref: 'feature', sha: head, repo: 'octo/widgets' } });
  const forge = await startGitHubContract({ state: { owner: 'octo', repo: 'widgets', login: 'reviewer', pulls: new Map([[7, pull]]) }, token: PUBLISH_TOKEN });
  const env = { ...process.env, BROWSER: undefined, GITHUB_API_URL: forge.url, GH_TOKEN: PUBLISH_TOKEN, GITHUB_TOKEN: undefined, GH_HOST: undefined };
  return {
    forge, remote, clone, pull, base: remote.mainSha, head, env,
    forcePush() {
      const moved = pushHead(`${CHANGED.join('\n')}\nline 41\n`, 'more');
      pull.head.sha = moved;
      return moved;
    },
  };
}
