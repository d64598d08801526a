/**
 * A later round's export carries every suggestion of earlier rounds that is
 * still open, with its code (docs/feedback-format.md, section 8), in both
 * forms, so `redline apply` on the latest export applies it too; the threads
 * come from the real computeThreads on real texts.
 */
import { describe, expect, it } from 'vitest';
import { planApply } from '../apply/planApply.js';
import { buildFeedbackReview } from '../model/buildFeedbackReview.js';
import type { Annotation, FeedbackSubmission, ReviewData, Suggestion } from '../model/types.js';
import { computeThreads } from '../rounds/computeThreads.js';
import type { ThreadAct } from '../rounds/roundTypes.js';
import { sha256Hex } from '../safety/sha256.js';
import { renderFeedbackJson } from './renderFeedbackJson.js';
import { parseFeedback } from './parseFeedback.js';
import { renderFeedbackMarkdown } from './renderFeedbackMarkdown.js';

const PATH = 'src/a.ts';
const ROUND1 = 'one\ntwo\nthree\nfour\nfive\nsix\n';
// Round 2's text: a line added on top, s2 applied, c-line edited; s1, s3 and s4 untouched.
const NOW = 'zero\none\ntwo\nthree\nFOUR\nfive\nsix\n';

function suggestion(id: string, line: number, originalCode: string, suggestedCode: string): Suggestion {
  return { id, kind: 'suggestion', scope: 'line', path: PATH, side: 'new', startLine: line, endLine: line, text: `${id} says`, originalCode, suggestedCode, deletion: false, revision: sha256Hex(ROUND1), createdAt: '2026-01-01T00:00:00.000Z' };
}

const s1 = suggestion('s1', 2, 'two', 'TWO');
const s2 = suggestion('s2', 4, 'four', 'FOUR');
const s3 = suggestion('s3', 5, 'five', 'FIVE');
const s4 = suggestion('s4', 6, 'six', 'SIX');
const sResolved = suggestion('s5', 1, 'one', 'ONE');

function built(annotations: Annotation[] = []) {
  const acts: ThreadAct[] = [
    { by: 'agent', thread: 's3', act: 'addressed', text: 'kept: it is right as it is', at: '2026-01-02T00:00:00.000Z' },
    { by: 'reviewer', reviewer: null, thread: 's5', act: 'resolve', text: '', at: '2026-01-02T00:00:00.000Z' },
  ];
  const threads = computeThreads([s1, s2, s3, s4, sResolved].map((annotation) => ({ round: 1, reviewer: null, annotation, before: ROUND1, after: { text: NOW, sha256: sha256Hex(NOW) } })), acts);
  const target = { kind: 'working-tree', description: 'Uncommitted changes', baseCommit: 'a'.repeat(40), headCommit: null } as const;
  const review: Pick<ReviewData, 'target' | 'files' | 'rounds' | 'patch'> = {
    target,
    files: [],
    patch: '',
    rounds: { seriesId: 'x', baseCommit: 'a'.repeat(40), rounds: [], previousAnnotations: [], lastStateBlobs: null, threads, fixSets: [] },
  };
  const submission: FeedbackSubmission = { verdict: 'approve', summary: '', annotations, threadActs: [{ thread: 's4', act: 'resolve', text: '' }] };
  return buildFeedbackReview(review, submission, []);
}

describe('suggestions carried from earlier rounds', () => {
  it('carries the open, unapplied ones only: not applied (s2), addressed (s3), resolved earlier (s5) or now (s4)', () => {
    expect(built().carried).toEqual([{ round: 1, suggestion: s1 }]);
  });

  it('a suggestion sent again among this round\'s annotations is not carried twice, nor one this round\'s overlaps (the newer word stands)', () => {
    expect(built([s1]).carried).toBeUndefined();
    // s1 is on line 2 of round 1, line 3 now: a suggestion of this round on line 3 supersedes it, one on line 2 does not.
    const now = (line: number) => ({ ...suggestion('new', line, NOW.split('\n')[line - 1]!, 'X'), revision: sha256Hex(NOW) });
    expect(built([now(3)]).carried).toBeUndefined();
    expect(built([now(2)]).carried).toEqual([{ round: 1, suggestion: s1 }]);
  });

  it('writes them with their code in both forms; parseFeedback reads them back, and apply places them on the text now', () => {
    const review = built();
    const markdown = renderFeedbackMarkdown(review);
    expect(markdown).toContain(
      "## Suggestions still open from earlier rounds\n\n_Sent in an earlier round and not applied yet: apply each like the suggestions above (`redline apply` applies them with this round's). Its lines and revision are its round's; where its lines are now is in the thread of the same id above._\n\n### Round 1 · `src/a.ts` · Line 2 (new)\n\nSuggestion `s1` · revision `" +
        sha256Hex(ROUND1) +
        '`\n\n> s1 says\n\n**Replaces:** (1 line)\n```ts\ntwo\n```\n\n**Suggested code:** (1 line)\n```ts\nTWO\n```',
    );
    expect(markdown.indexOf('## Suggestions still open')).toBeGreaterThan(markdown.indexOf('## Threads from earlier rounds'));
    const json = renderFeedbackJson(review);
    expect(JSON.parse(json).carried).toEqual([{ round: 1, annotation: expect.objectContaining({ id: 's1', suggestedCode: 'TWO', revision: sha256Hex(ROUND1) }) }]);
    for (const text of [markdown, json]) {
      const parsed = parseFeedback(text);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      expect(parsed.review.annotations).toEqual([]);
      const read = parsed.review.carried!;
      expect(read.map((c) => [c.round, c.suggestion.id, c.suggestion.startLine, c.suggestion.suggestedCode])).toEqual([[1, 's1', 2, 'TWO']]);
      const plan = planApply({ text: NOW, sha256: sha256Hex(NOW), suggestions: read.map((c) => c.suggestion) });
      expect(plan.newText).toBe(NOW.replace('two', 'TWO'));
    }
  });

  it('refuses a carried entry that is not a suggestion with a revision, naming the field', () => {
    const json = JSON.parse(renderFeedbackJson(built())) as { carried: { annotation: Record<string, unknown> }[] };
    delete json.carried[0]!.annotation.revision;
    const parsed = parseFeedback(JSON.stringify(json));
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.errors[0]!.message).toContain('carried[0].annotation.revision');
  });

  it('reads past the threads fence by fence: a thread whose code now holds the section\'s heading does not open it', () => {
    const hostile = `## Suggestions still open from earlier rounds\n### Round 1 · \`${PATH}\` · Line 1 (new)\nSuggestion \`x\` · revision \`${sha256Hex('x')}\``;
    const review = built();
    const withCode = { ...review, threads: { ...review.threads!, open: review.threads!.open.map((t) => ({ ...t, codeNow: hostile, text: hostile })) } };
    const parsed = parseFeedback(renderFeedbackMarkdown(withCode));
    expect(parsed.ok && parsed.review.carried!.map((c) => c.suggestion.id)).toEqual(['s1']);
  });

  it('a reader from before carried suggestions, which stops at the threads\' heading, reads the round\'s own review as before', () => {
    const review = built([suggestion('own', 1, 'zero', 'ZERO')]);
    const markdown = renderFeedbackMarkdown(review);
    const seenByAnOlderReader = parseFeedback(markdown.slice(0, markdown.indexOf('## Threads from earlier rounds')));
    const withoutCarried = parseFeedback(renderFeedbackMarkdown({ ...review, threads: undefined, carried: undefined }));
    expect(seenByAnOlderReader).toEqual(withoutCarried);
    expect(seenByAnOlderReader.ok && seenByAnOlderReader.review.annotations.map((a) => a.id)).toEqual(['own']);
  });
});

