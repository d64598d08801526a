/**
 * `redline apply` on a later round's export applies the suggestions of
 * earlier rounds it carries (docs/feedback-format.md, section 8) with the
 * round's own, in both forms, and says which round each came from; a
 * second run finds them all applied. Real temporary git repository, the
 * export rendered as the CLI prints it.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderFeedbackJson, renderFeedbackMarkdown, type Suggestion } from '@redline/core';
import { GIT_ENV, makeReview, makeSuggestion, makeTempRepo, runApply, type TempRepo } from '../../../testSupport/apply/applyTestKit.js';

const ROUND1 = 'one\ntwo\nthree\nfour\nfive\n';
// Round 2's text: the agent added a line on top; round 1's suggestion on line 4 is still open.
const ROUND2 = 'zero\none\ntwo\nthree\nfour\nfive\n';

let repo: TempRepo;
beforeAll(() => {
  repo = makeTempRepo();
  // Round 1 as `redline` records it: a commit under refs/redline/ whose state/ holds the reviewed files.
  const git = (args: string[], input?: string) => {
    const result = spawnSync('git', args, { cwd: repo.root, env: GIT_ENV, encoding: 'utf8', input });
    if (result.status !== 0) throw new Error(result.stderr);
    return result.stdout.trim();
  };
  const blob = git(['hash-object', '-w', '--stdin'], ROUND1);
  const state = git(['mktree'], `100644 blob ${blob}\ta.txt\n`);
  const tree = git(['mktree'], `040000 tree ${state}\tstate\n`);
  git(['update-ref', 'refs/redline/series/_anonymous/rounds', git(['commit-tree', tree, '-m', 'round 1'])]);
});
afterAll(() => repo.remove());

describe('redline apply: suggestions carried from earlier rounds', () => {
  const earlier = makeSuggestion({ path: 'a.txt', startLine: 4, endLine: 4, originalCode: 'four', suggestedCode: 'FOUR', madeOn: ROUND1 }) as Suggestion;
  const own = makeSuggestion({ path: 'a.txt', startLine: 2, endLine: 2, originalCode: 'one', suggestedCode: 'ONE', madeOn: ROUND2 });
  const review = { ...makeReview([own]), carried: [{ round: 1, suggestion: earlier }] };

  for (const [form, text] of [['markdown', renderFeedbackMarkdown(review)], ['JSON', renderFeedbackJson(review)]] as const) {
    it(`applies them with the round's own and names their round (${form})`, async () => {
      repo.write('a.txt', ROUND2);
      const first = await runApply(['-'], { cwd: repo.root, stdin: text });
      expect(first.code).toBe(0);
      expect(repo.read('a.txt').toString()).toBe('zero\nONE\ntwo\nthree\nFOUR\nfive\n');
      const lines = first.stdout.split('\n');
      expect(lines.find((line) => line.startsWith(earlier.id))).toMatch(/a\.txt:4 \(round 1\) +relocated +the file changed since the review; the original code moved 1 line\(s\) down to line 5/);
      expect(lines.find((line) => line.startsWith(own.id))).toMatch(/a\.txt:2 +applied/);
      const again = await runApply(['--json', '-'], { cwd: repo.root, stdin: text });
      const report = JSON.parse(again.stdout) as { suggestions: { id: string; round: number | null; status: string }[] };
      expect(report.suggestions.map((s) => [s.id, s.round, s.status])).toEqual([
        [own.id, null, 'already-applied'],
        [earlier.id, 1, 'already-applied'],
      ]);
    });
  }
});
