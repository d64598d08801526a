/**
 * The MCP loop: the SDK's own client drives `redline mcp` over
 * stdio (StdioClientTransport spawning node apps/cli/bin/redline.js mcp)
 * against a real review server, while Playwright plays the reviewer in
 * Chromium: start_review, wait_for_feedback answering "still open", the
 * reviewer sends, wait_for_feedback answers with the feedback; post_findings
 * posts a finding (once: the second post is a no-op) and refuses a bad one.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect, test } from '@playwright/test';
import { REDLINE_BIN, reviewerLink, REVIEW_LINK, runRedline } from './support/agentCli';
import { createFixtureRepo, type FixtureRepo } from './support/fixtureRepo';

let fixture: FixtureRepo;
let client: Client | null = null;

test.beforeEach(() => {
  fixture = createFixtureRepo();
});

test.afterEach(async () => {
  await client?.close();
  client = null;
  await runRedline(['stop'], fixture.dir);
  fixture.cleanup();
});

type ToolAnswer = { content: { type: string; text?: string }[]; isError?: boolean };

async function callTool(name: string, args: Record<string, unknown> = {}): Promise<{ text: string; isError: boolean }> {
  const answer = (await client!.callTool({ name, arguments: args })) as ToolAnswer;
  return { text: answer.content.map((part) => part.text ?? '').join(''), isError: answer.isError === true };
}

test('an MCP client starts a review, hears "still open", and gets the feedback the reviewer sent', async ({ page }) => {
  test.setTimeout(90_000);
  const env = Object.fromEntries(Object.entries({ ...process.env, BROWSER: '' }).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const transport = new StdioClientTransport({ command: process.execPath, args: [REDLINE_BIN, 'mcp'], cwd: fixture.dir, env, stderr: 'pipe' });
  client = new Client({ name: 'redline-e2e-agent', version: '1.0.0' });
  await client.connect(transport);

  const tools = (await client.listTools()).tools.map((tool) => tool.name).sort();
  expect(tools).toEqual(['answer_question', 'get_feedback', 'post_findings', 'post_tour', 'reply_to_thread', 'review_status', 'start_review', 'wait_for_feedback']);

  const started = await callTool('start_review', { open: false });
  expect(started.isError, started.text).toBe(false);
  expect(started.text).not.toMatch(REVIEW_LINK);
  expect(started.text).not.toMatch(/token=/);
  const link = await reviewerLink(fixture.dir);
  expect(started.text).toMatch(/"session":"[0-9a-f]{16}"/);

  // The agent's findings go in through the same code as redline annotate: posted once, a no-op the second time.
  const finding = { kind: 'note', path: fixture.files.modified, side: 'new', lines: { start: 1, end: 1 }, text: 'Posted over MCP.' };
  const posted = await callTool('post_findings', { findings: [finding] });
  expect(posted.isError, posted.text).toBe(false);
  expect(posted.text).toMatch(/"added":\["[0-9a-f]{10}"\],"known":\[\]/);
  expect((await callTool('post_findings', { findings: [finding] })).text).toMatch(/"added":\[\],"known":\["[0-9a-f]{10}"\]/);
  const refused = await callTool('post_findings', { findings: [{ ...finding, lines: { start: 0, end: 1 } }] });
  expect(refused.isError).toBe(true);
  expect(refused.text).toContain('findings[0].lines.start: expected a positive integer, got 0');

  const open = await callTool('wait_for_feedback', { timeoutSeconds: 1 });
  expect(open.isError).toBe(false);
  expect(open.text).toContain('still open');
  expect((await callTool('review_status')).text).toContain('"state": "open"');

  await page.goto(link);
  await page.waitForURL(`${new URL(link).origin}/`);
  await expect(page.getByText(fixture.files.modified, { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: /^Send Feedback/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await dialog.getByRole('radio', { name: /^Approve/ }).check();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Feedback sent' })).toBeVisible();

  const feedback = await callTool('wait_for_feedback', { timeoutSeconds: 30, json: true });
  expect(feedback.isError, feedback.text).toBe(false);
  const json = JSON.parse(feedback.text.slice(0, feedback.text.indexOf('\n}\n') + 3)) as { decision: string; verdict: string };
  expect(json).toMatchObject({ verdict: 'approve', decision: 'approve' });
  expect(feedback.text).toMatch(/a copy is in .*\.git\/redline\/reviews\//);
  const after = await callTool('get_feedback');
  expect(after.isError).toBe(true);
  expect(after.text).toContain('no review session');
});
