/**
 * The agent boundary, enforced on every agent surface: the integration files
 * under integrations/, the MCP server and the agent's client and verbs never
 * name a reviewer's act (testSupport/findReviewerActs.ts). The checker is
 * shown to catch a planted mention of each form, so a clean scan means
 * something.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findReviewerActs, REVIEWER_ACT_PATTERNS } from '../../testSupport/findReviewerActs.js';

const ROOT = resolve(__dirname, '../../../..');

/** The agent's surfaces: what an agent reads, and the code that acts for it. */
const AGENT_SURFACES = [
  'integrations',
  'apps/cli/src/agent',
  'apps/cli/src/commands/mcp',
  'apps/cli/src/commands/start',
  'apps/cli/src/commands/wait',
  'apps/cli/src/commands/status',
  'apps/cli/src/commands/stop',
  'apps/cli/src/server/agent',
  'apps/cli/src/commands/annotate',
  'apps/cli/src/commands/reply',
  'apps/cli/src/commands/answer',
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.test\.ts$/.test(name) ? [] : [path];
  });
}

/** One planted offender per form, each as an agent surface would really write it. */
const PLANTED = [
  'curl -X POST http://127.0.0.1:4000/api/feedback -d "{}"',
  "fetch(origin + API.close, { method: 'POST' })",
  "headers: { 'X-Redline-Session': secret }",
  'open http://127.0.0.1:4000/?token=abc',
  "curl -X POST -H 'X-Redline-Opener: k' http://127.0.0.1:4000/api/opener/link",
  'cat .git/redline/sessions/*/opener-key',
  'Run `redline approve` when the change looks right.',
  "server.registerTool('send_feedback', …)",
  "const tool = 'resolveThread'",
  'acceptProposal(id)',
  "curl -X POST http://127.0.0.1:4000/api/proposals/answer -d '{\"act\":\"accept\"}'",
  'post(API.proposalAnswer, body)',
  "spawn('redline', ['close'])",
  'Run `redline check` before you apply the suggestions.',
  // Asking the agent is the reviewer's act: the agent answers, and never asks in the reviewer's name.
  "curl -X POST http://127.0.0.1:4000/api/questions -d '{\"text\":\"why?\"}'",
  'post(API.questions, body)',
  "server.registerTool('ask_question', …)",
  'Run `redline ask` to put a question to yourself.',
  'send\u200b_feed\u200dback', // invisible characters do not hide it
  // Publishing a round to its pull request is the reviewer's act, in every form an agent could reach it.
  "curl -X POST http://127.0.0.1:4000/api/publish -d '{}'",
  'post(API.publish, {})',
  'Run `redline publish --yes` when you are done.',
  "server.registerTool('publish_round', …)",
  'await publishRound(root, choice)',
  'createPullReview(client, ref, payload)',
  'octokit.rest.pulls.createReview({ owner, repo, pull_number })',
  'curl -X POST https://api.github.com/repos/o/r/pulls/7/reviews',
  'gh pr review 7 --approve',
  // Choosing among several attempts and applying the picks (redline compare) are the reviewer's acts.
  "curl -X POST http://127.0.0.1:4000/api/compare/apply -d '{}'",
  "curl -X PUT http://127.0.0.1:4000/api/compare/picks -d '{\"picks\":[]}'",
  'put(API.comparePicks, { picks })',
  "curl -X PUT http://127.0.0.1:4000/api/compare/notes -d '{\"variant\":\"B\"}'",
  "server.registerTool('apply_picks', …)",
];

describe('the agent boundary', () => {
  it('the checker catches a planted mention of every form (so a clean scan means something)', () => {
    for (const planted of PLANTED) expect(findReviewerActs(planted), planted).not.toEqual([]);
    const caught = new Set(PLANTED.flatMap((planted) => findReviewerActs(planted).map((mention) => mention.what)));
    expect([...caught].sort()).toEqual(REVIEWER_ACT_PATTERNS.map((p) => p.what).sort());
  });

  it('lets the agent surfaces talk about the reviewer in prose and name their own verbs', () => {
    const prose = 'The verdict, the feedback and the end of the review are the developer\'s. Run `redline wait --timeout 90`; call wait_for_feedback or get_feedback; `decision` is approve, request_changes or comment.';
    expect(findReviewerActs(prose)).toEqual([]);
  });

  it.each(AGENT_SURFACES)('%s names no reviewer act', (surface) => {
    const files = filesUnder(join(ROOT, surface));
    expect(files.length).toBeGreaterThan(0);
    const offenders = files.flatMap((file) =>
      findReviewerActs(readFileSync(file, 'utf8')).map((mention) => `${relative(ROOT, file)}: ${mention.what}: ${JSON.stringify(mention.match)}`),
    );
    expect(offenders).toEqual([]);
  });
});
