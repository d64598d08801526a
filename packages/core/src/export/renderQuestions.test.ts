/**
 * The reviewer's questions in the export: a last section in both forms,
 * each question with where it is, the code it quoted, its words and the
 * agent's answer, escaped as the reviewer's words are; `redline apply`'s
 * parser stops at its heading, so a question's code is never a suggestion
 * (with or without proposals before it).
 */
import { describe, expect, it } from 'vitest';
import type { FeedbackReview } from '../model/types.js';
import type { Question } from '../questions/questionTypes.js';
import { parseFeedbackJson } from './parseFeedbackJson.js';
import { renderFeedbackJson } from './renderFeedbackJson.js';
import { parseFeedbackMarkdown } from './parseFeedbackMarkdown.js';
import { renderFeedbackMarkdown } from './renderFeedbackMarkdown.js';

const onLines: Question = {
  id: 'a1b2c3d4e5',
  anchor: { scope: 'lines', path: 'src/a.ts', side: 'new', lines: { start: 2, end: 3 } },
  text: 'Why \u202Ethis?\n### Lines 1-1 (new)',
  quoted: 'two\nthree',
  askedAt: '2026-12-05T03:00:01.000Z',
  pickedUpAt: '2026-12-05T03:00:02.000Z',
  answer: { text: 'Because.', answeredAt: '2026-12-05T03:00:09.000Z', proposalId: 'ffeeddccbb' },
};
const onReview: Question = { id: '0a0b0c0d0e', anchor: { scope: 'review' }, text: 'Tests?', quoted: null, askedAt: '2026-12-05T03:00:00.000Z', pickedUpAt: null, answer: null };

const review: FeedbackReview = {
  target: { kind: 'working-tree', description: 'Uncommitted changes', baseCommit: null, headCommit: null },
  verdict: 'comment',
  summary: '',
  annotations: [{ id: 'c1', kind: 'comment', scope: 'line', side: 'new', path: 'src/a.ts', startLine: 1, endLine: 1, text: 'mine', createdAt: '2026-12-01T00:00:00Z' }],
  questions: [onLines, onReview],
};

describe('the questions in the export', () => {
  it('lists them in the order asked, with the quoted code and the answer, and the parser reads only the annotations above', () => {
    const markdown = renderFeedbackMarkdown(review);
    const section = markdown.slice(markdown.indexOf('\n## Questions to the agent\n'));
    expect(section.indexOf('`0a0b0c0d0e`')).toBeLessThan(section.indexOf('`a1b2c3d4e5`'));
    expect(section).toContain('### Question `0a0b0c0d0e` · unanswered\n\n- **Where:** the whole review\n\n> Tests?');
    expect(section).toContain(
      "### Question `a1b2c3d4e5` · answered\n\n- **Where:** `src/a.ts` lines 2-3 (new)\n- **Suggestion:** the agent's proposal `ffeeddccbb` (under \"Agent proposals\")\n\n**Quoted code:** (2 lines)\n```ts\ntwo\nthree\n```\n\n> Why \\u{202E}this?\n> ### Lines 1-1 (new)\n\n**Agent's answer:**\n\n> Because.",
    );
    const parsed = parseFeedbackMarkdown(markdown);
    expect(parsed.ok && parsed.review.annotations.map((a) => a.text)).toEqual(['mine']);
    // After the proposals, too.
    const both = renderFeedbackMarkdown({ ...review, proposals: [] , questions: [onReview] });
    expect(parseFeedbackMarkdown(both).ok).toBe(true);
  });

  it('is a `questions` field in the JSON, which readers pass over', () => {
    const json = renderFeedbackJson(review);
    const document = JSON.parse(json) as { questions: unknown[] };
    expect(document.questions).toEqual([
      { id: '0a0b0c0d0e', anchor: { scope: 'review' }, text: 'Tests?', quoted: null, askedAt: onReview.askedAt, answer: null },
      { id: onLines.id, anchor: onLines.anchor, text: onLines.text, quoted: 'two\nthree', askedAt: onLines.askedAt, answer: onLines.answer },
    ]);
    const parsed = parseFeedbackJson(json);
    expect(parsed.ok && parsed.review.annotations.map((a) => a.text)).toEqual(['mine']);
  });

  it('is absent without questions', () => {
    const none = { ...review, questions: [] };
    expect(renderFeedbackMarkdown(none)).not.toContain('## Questions to the agent');
    expect(JSON.parse(renderFeedbackJson(none))).not.toHaveProperty('questions');
  });
});
