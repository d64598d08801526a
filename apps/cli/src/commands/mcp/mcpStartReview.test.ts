/**
 * start_review through the MCP SDK's own client, over stdio, against the real
 * `redline mcp` process: a user-wide MCP configuration starts the server
 * outside the repository, so a call without repo says to pass it; with repo
 * and a target the review opens on that target, and the answer says to call
 * wait_for_feedback, the tool, never a shell command.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRedline } from '../../../testSupport/agentSession.js';
import { buildCli, CLI_BIN } from '../../../testSupport/buildCli.js';
import { GIT_IDENTITY_ENV, makeRepo, makeTempDir, type TestRepo } from '../../../testSupport/gitRepo.js';

let client: Client;
let repo: TestRepo;
const env = { PATH: process.env.PATH ?? '', HOME: makeTempDir(), BROWSER: '', ...GIT_IDENTITY_ENV };

beforeAll(async () => {
  expect(buildCli()).toBe(true);
  repo = makeRepo({ commit: { 'a.ts': 'one\n' } });
  repo.write('a.ts', 'two\n');
  repo.git('commit', '-qam', 'second');
  client = new Client({ name: 'redline-test-agent', version: '1.0.0' });
  // Started in a folder that is not the repository, as a user-wide configuration starts it.
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI_BIN, 'mcp'], cwd: makeTempDir(), env, stderr: 'pipe' }));
}, 120_000);

afterAll(async () => {
  await client?.close();
  if (repo) await runRedline(['stop', '--repo', repo.dir], repo.dir, env);
});

async function call(name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
  const answer = (await client.callTool({ name, arguments: args })) as { content: { text?: string }[]; isError?: boolean };
  return { text: answer.content.map((part) => part.text ?? '').join(''), isError: answer.isError === true };
}

describe('start_review over MCP', () => {
  it('outside a repository, without repo: the error says where the server runs and to pass repo', async () => {
    const answer = await call('start_review', { open: false });
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(/not a git repository: .*\nredline mcp runs in .*: pass repo, the repository's absolute path\./);
  });

  it('with repo and a target: that commit is reviewed, and the answer names wait_for_feedback', async () => {
    const answer = await call('start_review', { repo: repo.dir, target: 'HEAD', open: false });
    expect(answer.isError, answer.text).toBe(false);
    expect(answer.text).toMatch(/"session":"[0-9a-f]{16}"/);
    expect(answer.text).toContain('call wait_for_feedback to collect the feedback');
    expect(answer.text).not.toContain('redline wait');
    const status = await call('review_status', { repo: repo.dir });
    expect(status.text).toContain('"state": "open"');
    expect(status.text).toContain(`"target": "Commit ${repo.git('rev-parse', '--short', 'HEAD').trim()}: second"`);
  });
});
