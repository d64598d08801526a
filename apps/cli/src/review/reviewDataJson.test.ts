/** The review's JSON written around the patch is JSON.stringify of the same data, a pull request's included. */
import { describe, expect, it } from 'vitest';
import type { PullRequestData } from '@redline/core';
import { escapeJsonText, makeReviewData, reviewJsonHead, reviewJsonTail, type ReviewDataParts } from './reviewDataJson.js';

const pullRequest: PullRequestData = {
  forge: 'github', host: 'github.com', owner: 'octo', repo: 'widgets', number: 7, title: 'Say "hi"\u2028', url: 'https://github.com/octo/widgets/pull/7',
  baseSha: 'a'.repeat(40), headSha: 'b'.repeat(40),
  threads: [{ id: 'T1', path: 'a.ts', line: 2, startLine: null, side: 'RIGHT', isOutdated: false, comments: [{ author: 'mona', body: '</script>', createdAt: '2026-01-02T03:04:05Z' }] }],
};

describe('the review JSON around the patch', () => {
  it.each([
    ['without a pull request', {}],
    ['with a pull request', { pullRequest }],
  ])('%s', (_what, extra) => {
    const parts: ReviewDataParts = { target: { kind: 'range', description: 'd', baseCommit: null, headCommit: null }, repoName: 'r', patchOnly: false, ignoreWhitespace: false, ...extra };
    const patch = 'diff --git a/a.ts b/a.ts\n+"x"\n';
    const text = reviewJsonHead(parts) + escapeJsonText(patch) + reviewJsonTail(parts, '[]', 'f'.repeat(64));
    expect(text).toBe(JSON.stringify(makeReviewData(parts, patch, [], 'f'.repeat(64))));
  });
});
