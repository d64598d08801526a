/**
 * `redline check` without --export takes the pending suggestions of the
 * review open in the repository: a real review (runCli in-process, its real
 * server), a suggestion saved in its draft as the page saves it
 * (PUT /api/draft, signed in as the page), then the project's own
 * `node --test` passes in the scratch copy with it, and the suggestion still
 * in its form (not added) is said to be left out.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { API, type DraftData, type ReviewData } from '@redline/core';
import { signInAsPage } from '../../../testSupport/browserSession.js';
import { captureIo } from '../../../testSupport/capturedIo.js';
import { runCheck, SUM_JS, sumRepo } from '../../../testSupport/check/checkTestKit.js';
import { httpCall } from '../../../testSupport/httpClient.js';
import { makeSuggestion, type TempRepo } from '../../../testSupport/apply/applyTestKit.js';
import { runCli } from '../../main.js';

const REVIEW_URL_RE = /Review: (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64})\n/;
const repos: TempRepo[] = [];
afterAll(() => {
  for (const repo of repos.splice(0)) repo.remove();
});

describe('redline check: the open review\'s draft', () => {
  it('checks the suggestions the page saved in the draft', async () => {
    const { repo } = sumRepo();
    repos.push(repo);
    // The agent's change under review: sum.mjs now subtracts (as committed) and says so.
    const changed = `// sums two numbers\n${SUM_JS}`;
    repo.write('sum.mjs', changed);
    const fix = makeSuggestion({ path: 'sum.mjs', startLine: 3, endLine: 3, originalCode: '  return a - b;', suggestedCode: '  return a + b;', madeOn: changed });

    const io = captureIo(repo.root);
    const exit = runCli(['--no-open'], io);
    const page = await signInAsPage((await io.waitForStderr(REVIEW_URL_RE))[1]!);
    try {
      const review = (await page.get(API.review)).json<ReviewData>();
      const draft: DraftData = {
        version: 2,
        fingerprint: review.fingerprint,
        annotations: [fix],
        viewed: {},
        composer: { kind: 'suggestion', target: { scope: 'line', path: 'sum.mjs', side: 'new', startLine: 1, endLine: 1 }, text: '', originalCode: '// sums two numbers', suggestedCode: '// adds', deletion: false, revision: null, editingId: null },
        updatedAt: new Date().toISOString(),
      };
      const saved = await httpCall({ port: page.port, method: 'PUT', path: API.draft, headers: { ...page.auth, origin: page.origin, 'content-type': 'application/json' }, body: JSON.stringify(draft) });
      expect(saved.status).toBe(200);

      const run = await runCheck(['--command', 'node --test', '--json'], repo.root);
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ passed: true, suggestions: [fix.id] });
      expect(run.stderr).toContain('the suggestion still in its form (not added yet) is not checked');
      expect(repo.read('sum.mjs').toString()).toBe(changed);
    } finally {
      io.interrupt();
      await exit;
    }
  });

  it("checks a commit review's draft on that commit's tree: the work tree moved on since", async () => {
    const { repo } = sumRepo();
    repos.push(repo);
    repo.git('add', 'sum.test.mjs');
    repo.git('commit', '-q', '-m', 'the test');
    const head = repo.git('rev-parse', 'HEAD').trim();
    const fix = makeSuggestion({ path: 'sum.mjs', startLine: 2, endLine: 2, originalCode: '  return a - b;', suggestedCode: '  return a + b;', madeOn: SUM_JS });
    // Reviewed: the first commit's sum.mjs (the test came in HEAD); the work tree then changes the reviewed line.
    const io = captureIo(repo.root);
    const exit = runCli(['--no-open', 'HEAD~1..HEAD'], io);
    const page = await signInAsPage((await io.waitForStderr(REVIEW_URL_RE))[1]!);
    try {
      const review = (await page.get(API.review)).json<ReviewData>();
      const draft: DraftData = { version: 2, fingerprint: review.fingerprint, annotations: [fix], viewed: {}, composer: null, updatedAt: new Date().toISOString() };
      const saved = await httpCall({ port: page.port, method: 'PUT', path: API.draft, headers: { ...page.auth, origin: page.origin, 'content-type': 'application/json' }, body: JSON.stringify(draft) });
      expect(saved.status).toBe(200);
      repo.write('sum.mjs', 'export function sum() {\n  return 0;\n}\n');

      const run = await runCheck(['--command', 'node --test'], repo.root);
      expect(run.stderr).toContain(`of commit ${head.slice(0, 12)}'s tree to a scratch copy`);
      expect(run.code, run.stderr).toBe(0);
    } finally {
      io.interrupt();
      await exit;
    }
  });
});
