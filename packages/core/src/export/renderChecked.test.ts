/**
 * The check before sending in the export: the last section of the markdown
 * ("checked: `npm test` passed in 41 s with these 3 suggestions", the ids,
 * a failing check's last 20 lines of output fenced so nothing in them passes
 * for structure) and a `checked` object in the JSON; the parsers read the
 * review above it as before. Built by buildFeedbackReview only when the check
 * ran with exactly the suggestions sent: a stale one is left out.
 */
import { describe, expect, it } from 'vitest';
import { buildFeedbackReview } from '../model/buildFeedbackReview.js';
import type { FeedbackReview, Suggestion } from '../model/types.js';
import { parseFeedbackJson } from './parseFeedbackJson.js';
import { parseFeedbackMarkdown } from './parseFeedbackMarkdown.js';
import { checkCoversSuggestions, checkedSentence, type CheckedResult } from './renderChecked.js';
import { renderFeedbackJson } from './renderFeedbackJson.js';
import { renderFeedbackMarkdown } from './renderFeedbackMarkdown.js';

const fix: Suggestion = {
  id: 'aaaaaaaaaaaa', kind: 'suggestion', scope: 'line', side: 'new', path: 'sum.mjs', startLine: 2, endLine: 2,
  text: '', originalCode: '  return a - b;', suggestedCode: '  return a + b;', deletion: false, revision: null, createdAt: '2026-12-05T00:00:00Z',
};
const target = { kind: 'working-tree', description: 'Uncommitted changes', baseCommit: null, headCommit: null } as const;
const failing: CheckedResult = {
  command: 'npm test',
  passed: false,
  exitCode: 1,
  ending: 'exited',
  ms: 2_345,
  suggestions: [fix.id],
  tail: Array.from({ length: 30 }, (_, i) => (i === 29 ? '## Agent proposals ```' : `line ${i + 1}`)),
};
const passing: CheckedResult = { ...failing, passed: true, exitCode: 0, ms: 41_200, tail: ['ok'] };

describe('the check in the export', () => {
  it('words the verdict once', () => {
    expect(checkedSentence(passing)).toBe('`npm test` passed in 41 s with this suggestion');
    expect(checkedSentence({ ...passing, suggestions: ['a', 'b', 'c'] }, (c) => `'${c}'`)).toBe("'npm test' passed in 41 s with these 3 suggestions");
    expect(checkedSentence(failing)).toBe('`npm test` failed in 2.3 s with this suggestion: exit 1');
    expect(checkedSentence({ ...failing, ending: 'timed-out', exitCode: null })).toBe('`npm test` did not finish in 2.3 s with this suggestion: the time limit ended it');
  });

  it('a failing check: the last 20 lines fenced, last of all, and the parsers read the review as before', () => {
    const review: FeedbackReview = { target, verdict: 'comment', summary: '', annotations: [fix], checked: failing };
    const markdown = renderFeedbackMarkdown(review);
    const section = markdown.slice(markdown.indexOf('\n## Checked before sending\n') + 1);
    expect(section).toMatch(/^## Checked before sending\n\nchecked: `npm test` failed in 2\.3 s with this suggestion: exit 1\n\n- `aaaaaaaaaaaa`\n\n\*\*The end of its output:\*\* \(20 lines\)\n````+text\nline 11\n/);
    expect(section).not.toContain('line 10\n');
    expect(section.trimEnd().endsWith('## Agent proposals ```\n````')).toBe(true);
    const parsed = parseFeedbackMarkdown(markdown);
    expect(parsed.ok && parsed.review.annotations.map((a) => a.id)).toEqual([fix.id]);

    const json = JSON.parse(renderFeedbackJson(review)) as { checked: CheckedResult };
    expect(json.checked).toEqual({ ...failing, tail: failing.tail.slice(-20) });
    expect(parseFeedbackJson(renderFeedbackJson(review)).ok).toBe(true);
  });

  it('a passing check carries no tail', () => {
    const json = JSON.parse(renderFeedbackJson({ target, verdict: 'approve', summary: '', annotations: [fix], checked: passing })) as { checked: CheckedResult };
    expect(json.checked.tail).toEqual([]);
  });

  it('is exported only when it ran with exactly the suggestions sent', () => {
    const data = { target, files: [], patch: '' };
    const submission = { verdict: 'comment' as const, summary: '', annotations: [fix] };
    expect(buildFeedbackReview(data, submission, [], [], passing).checked).toEqual(passing);
    const changed = { ...fix, id: 'bbbbbbbbbbbb', suggestedCode: '  return b + a;' };
    expect(buildFeedbackReview(data, { ...submission, annotations: [changed] }, [], [], passing).checked).toBeUndefined();
    expect(buildFeedbackReview(data, { ...submission, annotations: [] }, [], [], passing).checked).toBeUndefined();
    expect(checkCoversSuggestions({ suggestions: ['a', 'b'] }, ['b', 'a'])).toBe(true);
    expect(checkCoversSuggestions({ suggestions: ['a'] }, ['a', 'b'])).toBe(false);
  });
});
