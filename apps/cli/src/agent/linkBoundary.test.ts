/**
 * The review link goes only to the reviewer (docs/cli.md, "Who holds the
 * link"). A scripted agent runs every verb it has as real processes whose
 * stdout and stderr are pipes, as an agent's shell tool runs them, and the
 * MCP server through a real MCP client; it keeps every byte they give it, and
 * the session's log. Not one holds a link, a token or a key (no 64-hex
 * secret at all). The reviewer, at a terminal, gets the link with
 * `redline open`; the same verb run by the agent prints none.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@redline/core';
import { signInAsPage } from '../../testSupport/browserSession.js';
import { buildCli, CLI_BIN } from '../../testSupport/buildCli.js';
import { makeRepo, type TestRepo } from '../../testSupport/gitRepo.js';
import { reviewerLink } from '../../testSupport/inTerminal.mjs';
import { makeStubAppDir } from '../../testSupport/stubApp.js';

const ENV = { ...process.env, REDLINE_APP_DIR: makeStubAppDir(), BROWSER: '' };

/** A link, its token, or any other 256-bit secret of a session (link tokens, the agent's and the opener's keys). */
function secretsIn(text: string): string[] {
  return [...text.matchAll(/token=|[0-9a-f]{64}/gi)].map((match) => match[0]);
}

function agentRuns(args: string[], cwd: string, stdin = ''): Promise<{ code: number; output: string }> {
  const child = spawn(process.execPath, [CLI_BIN, ...args], { cwd, env: ENV, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? -1, output })));
}

beforeAll(() => {
  expect(buildCli()).toBe(true);
}, 120_000);

let repo: TestRepo;
afterAll(async () => {
  await agentRuns(['stop'], repo.dir);
});

describe('the review link never reaches an agent', () => {
  it('the check catches a planted link, token or key (so a clean scan means something)', () => {
    expect(secretsIn('Review: http://127.0.0.1:4242/?token=abc')).not.toEqual([]);
    expect(secretsIn(`key ${'ab'.repeat(32)}`)).not.toEqual([]);
    expect(secretsIn('Review session 0123456789abcdef is open (pid 7, port 4242)')).toEqual([]);
  });

  it('start, status, annotate, wait, open, plain redline and every MCP tool give the agent no link; the reviewer gets one at a terminal', async () => {
    repo = makeRepo({ commit: { 'a.txt': 'one\ntwo\n' } });
    repo.write('a.txt', 'one\n2\n');
    const seen: string[] = [];
    const run = async (args: string[], stdin = '') => {
      const done = await agentRuns(args, repo.dir, stdin);
      seen.push(`$ redline ${args.join(' ')} (exit ${done.code})\n${done.output}`);
      return done;
    };

    expect((await run(['start', '--json'])).code).toBe(0);
    await run(['status']);
    await run(['status', '--json']);
    const finding = { kind: 'note', path: 'a.txt', side: 'new', lines: { start: 2, end: 2 }, text: 'Renamed.' };
    await run(['annotate', '-'], JSON.stringify({ findings: [finding] }));
    expect((await run(['wait', '--timeout', '1'])).code).toBe(4);
    // redline open by the agent: it may open the reviewer's browser, never print a link where no terminal is.
    await run(['open']);
    expect((await run(['open', '--no-open'])).code).toBe(2);
    // Plain redline, which an agent may run too, while one is open: refused, and no link either way.
    expect((await run(['--no-open'])).code).toBe(1);

    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI_BIN, 'mcp'], cwd: repo.dir, env: ENV as Record<string, string>, stderr: 'pipe' });
    const client = new Client({ name: 'link-boundary-agent', version: '1.0.0' });
    await client.connect(transport);
    for (const [name, args] of [['review_status', {}], ['get_feedback', {}], ['wait_for_feedback', { timeoutSeconds: 0 }], ['start_review', { open: false }], ['post_findings', { findings: [finding] }]] as const) {
      const answer = (await client.callTool({ name, arguments: args })) as { content: { text?: string }[] };
      seen.push(`mcp ${name}\n${answer.content.map((part) => part.text ?? '').join('')}`);
    }
    await client.close();

    const sessions = join(repo.dir, '.git', 'redline', 'sessions');
    const [id] = readdirSync(sessions).filter((name) => /^[0-9a-f]{16}$/.test(name));
    const log = join(sessions, id!, 'server.log');
    seen.push(`server.log\n${existsSync(log) ? readFileSync(log, 'utf8') : ''}`);

    const everything = seen.join('\n');
    expect(everything).toContain('redline open');
    expect(secretsIn(everything), everything).toEqual([]);

    // The reviewer, at a terminal of theirs, gets a link that works; the agent's status then says who opened it.
    const link = await reviewerLink(CLI_BIN, repo.dir, ENV);
    const page = await signInAsPage(link);
    expect((await page.get(API.review)).status).toBe(200);
    const status = await run(['status']);
    expect(status.output).toMatch(/^link: opened by \S+ \(pid \d+\) at \d\d:\d\d:\d\d/m);
    expect(secretsIn(status.output)).toEqual([]);
  }, 90_000);
});
