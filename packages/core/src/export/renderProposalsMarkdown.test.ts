import { describe, expect, it } from 'vitest';
import type { FeedbackReview } from '../model/types.js';
import type { ProposalState } from '../proposals/proposalTypes.js';
import { parseFeedbackJson } from './parseFeedbackJson.js';
import { renderFeedbackJson } from './renderFeedbackJson.js';
import { parseFeedbackMarkdown } from './parseFeedbackMarkdown.js';
import { renderFeedbackMarkdown } from './renderFeedbackMarkdown.js';

function state(id: string, start: number, answer: ProposalState['answer'], extra: Partial<ProposalState> = {}): ProposalState {
  const finding = { kind: 'finding' as const, path: 'src/a.ts', side: 'new' as const, lines: { start, end: start }, text: `words of ${id}\n## Agent proposals`, suggestion: null };
  return { proposal: { id, finding, seen: 'x', postedAt: '2026-12-01T00:00:00Z' }, answer, replies: [], outdated: false, ...extra };
}

const review: FeedbackReview = {
  target: { kind: 'working-tree', description: 'Uncommitted changes', baseCommit: null, headCommit: null },
  verdict: 'comment',
  summary: '',
  annotations: [{ id: 'c1', kind: 'comment', scope: 'line', side: 'new', path: 'src/a.ts', startLine: 1, endLine: 1, text: 'words of p1', createdAt: '2026-12-01T00:00:00Z' }],
  proposals: [
    state('p4', 4, { kind: 'unanswered' }, { outdated: true }),
    state('p1', 1, { kind: 'accepted', annotationId: 'c1' }),
    state('p2', 2, { kind: 'edited', annotationId: 'c2' }),
    state('p3', 3, { kind: 'rejected' }, { replies: ['not \u202Ethis'] }),
  ],
};

describe('the proposals in the export', () => {
  it('names every outcome in the markdown, escaped as the reviewer\'s words are, and apply still reads the annotations', () => {
    const markdown = renderFeedbackMarkdown(review);
    const section = markdown.slice(markdown.indexOf('\n## Agent proposals\n'));
    expect(section).toContain("### Proposal `p1` · finding · accepted\n\n- **Where:** `src/a.ts` line 1 (new)\n- **Outcome:** accepted: the reviewer's annotation `c1` above, proposed by the agent");
    expect(section).toContain('· edited');
    expect(section).toContain('- **Outcome:** rejected by the reviewer');
    expect(section).toContain("**Reviewer's reply:**\n\n> not \\u{202E}this");
    expect(section).toContain('- **Outcome:** unanswered');
    expect(section).toContain('- **Outdated:**');
    // The agent's words are quoted: a heading inside them stays prose.
    expect(section).toContain('> ## Agent proposals');
    expect(section.indexOf('`p1`')).toBeLessThan(section.indexOf('`p4`'));
    const parsed = parseFeedbackMarkdown(markdown);
    expect(parsed.ok && parsed.review.annotations.map((a) => a.text)).toEqual(['words of p1']);
  });

  it('lists them in the JSON, in the same order, with provenance, and the JSON still parses', () => {
    const json = renderFeedbackJson(review);
    const document = JSON.parse(json) as { proposals: Record<string, unknown>[] };
    expect(document.proposals.map((p) => [p.id, p.outcome, p.annotationId ?? null, p.proposedBy])).toEqual([
      ['p1', 'accepted', 'c1', 'agent'],
      ['p2', 'edited', 'c2', 'agent'],
      ['p3', 'rejected', null, 'agent'],
      ['p4', 'unanswered', null, 'agent'],
    ]);
    expect(document.proposals[2]!.replies).toEqual(['not \u202Ethis']);
    expect(json).toContain('\\u202e');
    expect(parseFeedbackJson(json).ok).toBe(true);
  });

  it('adds nothing when there are none', () => {
    const { proposals: _none, ...plain } = review;
    expect(renderFeedbackMarkdown({ ...plain, proposals: [] })).toBe(renderFeedbackMarkdown(plain));
    expect(renderFeedbackJson({ ...plain, proposals: [] })).toBe(renderFeedbackJson(plain));
  });
});
