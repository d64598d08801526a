/**
 * Comment labels in the feedback export (docs/feedback-format.md, "Labels"):
 * the JSON `label` and the markdown `Label:` note are written, read back and
 * refused by field when malformed; an export without labels (older ones)
 * still reads, and `null` is no label.
 */
import { describe, expect, it } from 'vitest';
import { parseFeedbackJson } from './parseFeedbackJson.js';
import { parseFeedbackMarkdown } from './parseFeedbackMarkdown.js';
import { renderFeedbackJson } from './renderFeedbackJson.js';
import { renderFeedbackMarkdown } from './renderFeedbackMarkdown.js';
import { validateAnnotations } from './validateFeedbackReview.js';
import { suggestionId } from '../model/suggestionId.js';
import { defaultBlocking, labelChipWords, labelOfKind } from '../model/commentLabel.js';
import type { Annotation, FeedbackReview, Suggestion } from '../model/types.js';

const content = { path: 'src/a.ts', side: 'new' as const, startLine: 2, endLine: 2, originalCode: 'a', suggestedCode: 'b', deletion: false };
const suggestion: Suggestion = {
  id: suggestionId(content), kind: 'suggestion', scope: 'line', ...content, text: 'rename', revision: null, createdAt: '2026-01-01T00:00:00Z',
  label: { kind: 'nitpick', blocking: false },
};
const comment: Annotation = {
  id: 'c1', kind: 'comment', scope: 'line', path: 'src/a.ts', side: 'new', startLine: 5, endLine: 5, text: 'this leaks', createdAt: '2026-01-01T00:00:00Z',
  label: { kind: 'issue', blocking: true },
};
const praise: Annotation = { id: 'g1', kind: 'comment', scope: 'general', path: '', text: 'nice', createdAt: '', label: { kind: 'praise', blocking: false } };

function review(annotations: Annotation[]): FeedbackReview {
  return { target: { kind: 'working-tree', description: 'd', baseCommit: null, headCommit: null }, verdict: 'request-changes', summary: '', annotations };
}

function problems(label: unknown): string[] {
  const result = validateAnnotations([{ id: 'c', kind: 'comment', scope: 'general', path: '', text: '', createdAt: '', label }]);
  return result.ok ? [] : result.problems.map((p) => `${p.field}: ${p.problem}`);
}

describe('comment labels', () => {
  it('defaults: an issue blocks, every other kind does not; the chip reads "nitpick · non-blocking"', () => {
    expect(labelOfKind('issue')).toEqual({ kind: 'issue', blocking: true });
    expect(['question', 'suggestion', 'nitpick', 'praise'].map((k) => defaultBlocking(k as never))).toEqual([false, false, false, false]);
    expect(labelChipWords({ kind: 'nitpick', blocking: false })).toBe('nitpick · non-blocking');
    expect(labelChipWords({ kind: 'question', blocking: true })).toBe('question · blocking');
  });

  it('the validator takes a label, absent or null for none, and names the bad field otherwise', () => {
    expect(problems(undefined)).toEqual([]);
    expect(problems(null)).toEqual([]);
    const ok = validateAnnotations([{ ...comment }]);
    expect(ok.ok && ok.annotations[0]!.label).toEqual({ kind: 'issue', blocking: true });
    const none = validateAnnotations([{ ...comment, label: null }]);
    expect(none.ok && 'label' in none.annotations[0]!).toBe(false);
    expect(problems('issue')).toEqual(['annotations[0].label: expected an object, got "issue"']);
    expect(problems({ kind: 'blocker', blocking: true })).toEqual(['annotations[0].label.kind: expected one of "question", "suggestion", "issue", "nitpick", "praise", got "blocker"']);
    expect(problems({ kind: 'issue' })).toEqual(['annotations[0].label.blocking: expected true or false, got nothing']);
    expect(problems({ kind: 'issue', blocking: 'yes' })).toEqual(['annotations[0].label.blocking: expected true or false, got "yes"']);
  });

  it('the markdown writes a Label: note and the blocking count, and reads both back', () => {
    const markdown = renderFeedbackMarkdown(review([suggestion, comment, praise]));
    expect(markdown).toContain('\n\n_1 blocking: fix these first._\n\n');
    expect(markdown).toContain('### Line 5 (new)\n\nLabel: issue (blocking)\n\n> this leaks');
    expect(markdown).toContain('Label: nitpick (non-blocking)');
    expect(markdown).toContain('### Comment\n\nLabel: praise (non-blocking)');
    const read = parseFeedbackMarkdown(markdown);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(Object.fromEntries(read.review.annotations.map((a) => [a.text, a.label]))).toEqual({
      rename: { kind: 'nitpick', blocking: false }, 'this leaks': { kind: 'issue', blocking: true }, nice: { kind: 'praise', blocking: false },
    });
    expect(renderFeedbackMarkdown(review([suggestion]))).not.toContain('blocking: fix these first');
  });

  it('the markdown reader refuses an unknown kind, a malformed note and a second label, naming the line', () => {
    const markdown = renderFeedbackMarkdown(review([comment]));
    const errors = (text: string) => {
      const read = parseFeedbackMarkdown(text);
      return read.ok ? [] : read.errors.map((e) => e.message);
    };
    expect(errors(markdown.replace('Label: issue (blocking)', 'Label: blocker (blocking)')).join('\n')).toContain('label.kind: expected one of');
    expect(errors(markdown.replace('Label: issue (blocking)', 'Label: issue, blocking'))).toEqual(['expected "Label: <kind> (blocking)" or "(non-blocking)", got "Label: issue, blocking"']);
    expect(errors(markdown.replace('Label: issue (blocking)', 'Label: issue (blocking)\nLabel: praise (non-blocking)'))).toEqual(['a second label in the annotation at line 10']);
  });

  it('the JSON writes `label` only on a labelled annotation and reads it back; an export without labels still reads', () => {
    const json = renderFeedbackJson(review([suggestion, comment, { ...praise, label: undefined }]));
    const parsed = JSON.parse(json) as { annotations: Record<string, unknown>[] };
    expect(parsed.annotations.map((a) => a.label)).toEqual([undefined, { kind: 'nitpick', blocking: false }, { kind: 'issue', blocking: true }]);
    const read = parseFeedbackJson(json);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.review.annotations.map((a) => a.label)).toEqual([undefined, { kind: 'nitpick', blocking: false }, { kind: 'issue', blocking: true }]);
  });
});
