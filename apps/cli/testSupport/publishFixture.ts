/**
 * The publish tests' pull request (`githubContract/publishPull.ts`) with
 * rounds sent through the real CLI as a reviewer sends them: `redline <PR
 * URL>` in the clone (in-process), the page's feedback posted.
 */
import { execFileSync } from 'node:child_process';
import { API } from '@redline/core';
import { runCli } from '../src/main.js';
import { signInAsPage, type PageSession } from './browserSession.js';
import { captureIo } from './capturedIo.js';
import { makeTempDir } from './gitRepo.js';
import { makePublishPull, PULL_URL, type PublishPull } from './githubContract/publishPull.js';

export { PULL_URL } from './githubContract/publishPull.js';

const REVIEW_URL_RE = /Review: (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64})\n/;

export interface OpenPullReview {
  page: PageSession;
  /** The CLI's exit code, once the review ended. */
  exit: Promise<number>;
  stderr(): string;
}

export interface PublishFixture extends PublishPull {
  /** `redline <PR URL>` in the clone (the real CLI, in-process), signed in as its page. */
  openPullReview(): Promise<OpenPullReview>;
  /** Reviews the pull request and sends `body` as the page does; returns the round commit it recorded. */
  sendPullRound(body: Record<string, unknown>): Promise<string>;
  /** The newest round commit of the clone. */
  latestRound(): string;
  close(): Promise<void>;
}

export async function makePublishFixture(): Promise<PublishFixture> {
  const pull = await makePublishPull(makeTempDir);
  const { clone, env } = pull;
  const fixture: PublishFixture = {
    ...pull,
    async openPullReview() {
      const io = captureIo(clone.dir, { env });
      const exit = runCli(['--no-open', '--json', PULL_URL], io);
      const link = await Promise.race([io.waitForStderr(REVIEW_URL_RE), exit.then((code) => Promise.reject(new Error(`exit ${code}: ${io.err()}`)))]);
      return { page: await signInAsPage(link[1]!), exit, stderr: () => io.err() };
    },
    async sendPullRound(body) {
      const { page, exit, stderr } = await fixture.openPullReview();
      const answer = await page.post(API.feedback, body);
      if (answer.status !== 200) throw new Error(`the feedback was refused: ${answer.text}`);
      const code = await exit;
      if (code !== 0) throw new Error(`redline exited ${code}: ${stderr()}`);
      return fixture.latestRound();
    },
    latestRound: () => clone.git('for-each-ref', '--sort=-committerdate', '--count=1', '--format=%(objectname)', 'refs/redline/*/*/rounds').trim(),
    close: () => pull.forge.close(),
  };
  return fixture;
}

/** The bytes of git's view of a repository's refs, for "nothing else moved". */
export function refsOf(dir: string): string {
  return execFileSync('git', ['for-each-ref'], { cwd: dir, encoding: 'utf8' });
}
