/**
 * An annotation the reviewer accepted from the agent's proposals keeps where
 * it came from (`proposal`, the proposal's id) in both forms of the export,
 * so the round's review.json carries it and every later round's threads say
 * "Proposed by the agent".
 */
import { describe, expect, it } from 'vitest';
import type { Annotation, FeedbackReview } from '../model/types.js';
import { sha256Hex } from '../safety/sha256.js';
import { parseFeedbackJson } from './parseFeedbackJson.js';
import { renderFeedbackJson } from './renderFeedbackJson.js';
import { parseFeedbackMarkdown } from './parseFeedbackMarkdown.js';
import { renderFeedbackMarkdown } from './renderFeedbackMarkdown.js';

const accepted: Annotation = { id: 'a1b2c3d4e5f6', kind: 'suggestion', scope: 'line', path: 'src/a.ts', side: 'new', startLine: 2, endLine: 2, text: 'from the agent', originalCode: 'x', suggestedCode: 'y', deletion: false, revision: sha256Hex('x'), proposal: 'p-9f8e', createdAt: '' };
const review: FeedbackReview = { target: { kind: 'working-tree', description: '', baseCommit: null, headCommit: null }, verdict: 'comment', summary: '', annotations: [accepted] };

describe('the provenance of an accepted proposal in the export', () => {
  it('is a note in the markdown and a field in the JSON, and both read back', () => {
    const markdown = renderFeedbackMarkdown(review);
    expect(markdown).toContain('Suggestion `a1b2c3d4e5f6` · revision `' + sha256Hex('x') + '`\n_Proposed by the agent (proposal `p-9f8e`), accepted by the reviewer._');
    const fromMarkdown = parseFeedbackMarkdown(markdown);
    expect(fromMarkdown.ok && fromMarkdown.review.annotations[0]).toMatchObject({ proposal: 'p-9f8e' });
    const json = renderFeedbackJson(review);
    expect(JSON.parse(json).annotations[0].proposal).toBe('p-9f8e');
    const fromJson = parseFeedbackJson(json);
    expect(fromJson.ok && fromJson.review.annotations[0]).toEqual(accepted);
  });
});
