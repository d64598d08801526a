import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseFeedback } from './parseFeedback.js';
import { parseFeedbackJson } from './parseFeedbackJson.js';
import { parseFeedbackMarkdown } from './parseFeedbackMarkdown.js';
import { renderFeedbackJson } from './renderFeedbackJson.js';
import { renderFeedbackMarkdown } from './renderFeedbackMarkdown.js';
import { normalizeFeedbackReview } from './normalizeFeedbackReview.js';
import { validateFixSets } from './readFixSets.js';
import type { FeedbackReview } from '../model/types.js';

const FIXTURES = fileURLToPath(new URL('../../test-fixtures/', import.meta.url));
const review = JSON.parse(readFileSync(FIXTURES + 'fixset.review.json', 'utf8')) as FeedbackReview;
const [set] = review.fixSets!;
const [carriedSet] = review.carriedSets!;

describe('fix sets in the export', () => {
  it('the JSON writes each set as one item with its members in order (version 3), and not in annotations or carried', () => {
    const json = JSON.parse(renderFeedbackJson(review));
    expect(json.version).toBe(3);
    expect(json.annotations.map((a: { id: string }) => a.id)).toEqual([review.annotations[1]!.id]);
    expect(json.carried).toBeUndefined();
    expect(json.fixSets.map((s: { id: string; round?: number; description: string; members: { id: string }[] }) => [s.id, s.round, s.description, s.members.map((m) => m.id)])).toEqual([
      [set!.id, undefined, set!.description, set!.members],
      [carriedSet!.set.id, 1, carriedSet!.set.description, carriedSet!.set.members],
    ]);
  });

  it('both forms read back to the same review, sets and carried sets included', () => {
    const expected = normalizeFeedbackReview(review);
    const fromJson = parseFeedbackJson(renderFeedbackJson(review));
    expect(fromJson.ok && fromJson.review).toEqual(expected);
    const fromMarkdown = parseFeedbackMarkdown(renderFeedbackMarkdown(review));
    if (!fromMarkdown.ok) throw new Error(JSON.stringify(fromMarkdown.errors));
    expect(fromMarkdown.review.fixSets).toEqual(expected.fixSets);
    expect(fromMarkdown.review.carriedSets).toEqual(expected.carriedSets);
    expect(fromMarkdown.review.annotations.map((a) => a.id)).toEqual(expected.annotations.map((a) => a.id));
    expect(fromMarkdown.review.carried).toEqual(expected.carried!.map((c) => ({ ...c, suggestion: { ...c.suggestion, createdAt: '' } })));
  });

  it('still reads a stored version 2 export (written before fix sets)', () => {
    const v2 = readFileSync(FIXTURES + 'v2/basic.export.json', 'utf8');
    expect(v2).toContain('"version": 2,');
    const parsed = parseFeedback(v2);
    expect(parsed.ok && parsed.review.annotations.length).toBe(7);
    expect(parsed.ok && parsed.review.fixSets).toBeUndefined();
  });

  it('refuses a set of one, a comment as a member and a member id shared with an annotation, naming the field', () => {
    const json = JSON.parse(renderFeedbackJson(review));
    const one = { ...json, fixSets: [{ ...json.fixSets[0], members: [json.fixSets[0].members[0]] }] };
    expect(parseFeedbackJson(JSON.stringify(one))).toEqual({ ok: false, errors: [{ message: `fixSets: fix set ${set!.id} has 1 member(s); a set has at least 2` }] });
    const comment = { id: 'c', kind: 'comment', scope: 'file', path: 'a', text: '', createdAt: '' };
    const withComment = { ...json, fixSets: [{ ...json.fixSets[0], members: [json.fixSets[0].members[0], comment] }] };
    expect(parseFeedbackJson(JSON.stringify(withComment))).toEqual({ ok: false, errors: [{ message: 'fixSets[0].members[1].kind: a fix set member is a suggestion, got "comment"' }] });
    const twice = { ...json, annotations: [...json.annotations, json.fixSets[0].members[0]] };
    const result = parseFeedbackJson(JSON.stringify(twice));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]!.message).toMatch(/is the id of a fix set member and of another annotation/);
  });

  it('the markdown reader names the line of a member out of order', () => {
    const markdown = renderFeedbackMarkdown(review).replace('### Member 2 · `src/cart.ts`', '### Member 3 · `src/cart.ts`');
    const result = parseFeedbackMarkdown(markdown);
    expect(result.ok).toBe(false);
    const line = markdown.split('\n').findIndex((l) => l.startsWith('### Member 3')) + 1;
    expect(!result.ok && result.errors[0]).toEqual({ line, message: expect.stringMatching(/^expected "### Member 2 · `<path>` · Line N \(new\)" in a fix set/) });
  });
});

describe('validateFixSets (the page\'s spelling, at the edge)', () => {
  const annotations = review.annotations;
  const good = { id: set!.id, description: 'x', members: set!.members };

  it('takes sets over the annotations', () => {
    expect(validateFixSets([good], annotations)).toEqual({ ok: true, fixSets: [good] });
    expect(validateFixSets(undefined, annotations)).toEqual({ ok: true, fixSets: [] });
  });

  it('refuses unknown member ids and a member in two sets, with clear messages', () => {
    expect(validateFixSets([{ ...good, members: [set!.members[0], 'nope'] }], annotations)).toEqual({
      ok: false,
      problems: [{ field: 'fixSets', problem: `fix set ${set!.id} names nope, which is no annotation of the review` }],
    });
    const other = { id: 'other', description: '', members: [set!.members[1], annotations[1]!.id] };
    expect(validateFixSets([good, other], annotations)).toEqual({
      ok: false,
      problems: [{ field: 'fixSets', problem: `suggestion ${set!.members[1]} is in two fix sets: ${set!.id} and other` }],
    });
    expect(validateFixSets([{ id: '', description: 1, members: [2] }], annotations)).toEqual({
      ok: false,
      problems: [
        { field: 'fixSets[0].id', problem: 'expected a non-empty string' },
        { field: 'fixSets[0].description', problem: 'expected a string, got 1' },
        { field: 'fixSets[0].members[0]', problem: 'expected a suggestion id, got 2' },
      ],
    });
  });
});
