import { describe, expect, it } from 'vitest';
import type { Annotation, Suggestion } from '../model/types.js';
import { buildPullReview } from './buildPullReview.js';
import { pullDiffHunksOfPatch } from './pullDiffHunks.js';
import { carriesRoundMarker, roundMarker } from './roundMarker.js';

// a.ts: line 2 changed (hunk 1: old 1-5, new 1-5), line 20 changed (hunk 2: old 17-23, new 17-23).
const PATCH = [
  'diff --git a/a.ts b/a.ts',
  'index 1111111..2222222 100644',
  '--- a/a.ts',
  '+++ b/a.ts',
  '@@ -1,5 +1,5 @@',
  ' one',
  '-two',
  '+TWO',
  ' three',
  ' four',
  ' five',
  '@@ -17,7 +17,7 @@',
  ' l17',
  ' l18',
  ' l19',
  '-l20',
  '+L20',
  ' l21',
  ' l22',
  ' l23',
  '',
].join('\n');
const DIFF = pullDiffHunksOfPatch(PATCH, ['a.ts']);
const HEAD = 'c'.repeat(40);
const CREATED = '2026-12-05T00:00:00.000Z';

function comment(over: Partial<Annotation> & Pick<Annotation, 'id'>): Annotation {
  return { kind: 'comment', scope: 'line', path: 'a.ts', side: 'new', startLine: 2, endLine: 2, text: 'words', createdAt: CREATED, ...over } as Annotation;
}

function suggestion(over: Partial<Suggestion> & Pick<Suggestion, 'id' | 'startLine' | 'endLine' | 'originalCode' | 'suggestedCode'>): Suggestion {
  return { kind: 'suggestion', scope: 'line', path: 'a.ts', side: 'new', text: '', deletion: false, revision: null, createdAt: CREATED, ...over };
}

function publish(annotations: Annotation[], verdict: 'approve' | 'request-changes' | 'comment' = 'request-changes') {
  return buildPullReview({ roundId: 'r1', headCommit: HEAD, review: { verdict, summary: 'Summary words.', annotations }, diff: DIFF });
}

describe('buildPullReview', () => {
  it('maps the verdict to the event and carries the summary and the hidden marker', () => {
    expect(publish([], 'approve').payload).toEqual({ commit_id: HEAD, event: 'APPROVE', body: 'Summary words.\n\n<!-- redline-round: r1 -->', comments: [] });
    expect(publish([], 'request-changes').payload.event).toBe('REQUEST_CHANGES');
    expect(publish([], 'comment').payload.event).toBe('COMMENT');
    expect(carriesRoundMarker(publish([]).payload.body, 'r1')).toBe(true);
    expect(carriesRoundMarker(publish([]).payload.body, 'r2')).toBe(false);
    expect(() => roundMarker('x -->')).toThrow();
  });

  it('puts a comment on its line and on its range, on either side', () => {
    const { payload } = publish([
      comment({ id: 'c1' }),
      comment({ id: 'c2', startLine: 18, endLine: 21 }),
      comment({ id: 'c3', side: 'old', startLine: 20, endLine: 20 }),
    ]);
    expect(payload.comments).toEqual([
      { path: 'a.ts', body: 'words', line: 2, side: 'RIGHT' },
      { path: 'a.ts', body: 'words', start_line: 18, start_side: 'RIGHT', line: 21, side: 'RIGHT' },
      { path: 'a.ts', body: 'words', line: 20, side: 'LEFT' },
    ]);
  });

  it('writes a suggestion inside one hunk as a suggestion block, and a deletion as an empty one', () => {
    const { payload, placed } = publish([
      suggestion({ id: 's1', startLine: 2, endLine: 3, originalCode: 'TWO\nthree', suggestedCode: 'two\n```\nthree', text: 'Lower case.' }),
      suggestion({ id: 's2', startLine: 20, endLine: 20, originalCode: 'L20', suggestedCode: '', deletion: true }),
    ]);
    expect(payload.comments[0]).toEqual({
      path: 'a.ts', start_line: 2, start_side: 'RIGHT', line: 3, side: 'RIGHT',
      body: 'Lower case.\n\n````suggestion\ntwo\n```\nthree\n````',
    });
    expect(payload.comments[1]!.body).toBe('```suggestion\n```');
    expect(placed.map((p) => (p.annotation.kind === 'suggestion' && 'block' in p ? p.block : null))).toEqual(['suggestion', 'suggestion']);
  });

  it('writes a suggestion across two hunks in the body as a diff block saying why', () => {
    const { payload, placed } = publish([suggestion({ id: 's1', startLine: 4, endLine: 18, originalCode: 'x', suggestedCode: 'y' })]);
    expect(payload.comments).toEqual([]);
    expect(placed[0]!.placement).toEqual({ kind: 'in-body', reason: 'across-hunks' });
    expect(payload.body).toContain('#### `a.ts` · Suggestion on lines 4-18 (new side)');
    expect(payload.body).toContain('span more than one hunk');
    expect(payload.body).toContain('```diff\n-x\n+y\n```');
  });

  it('writes lines outside the diff in the body under their file and lines', () => {
    const { payload } = publish([
      comment({ id: 'c1', startLine: 10, endLine: 10, text: 'Far away.' }),
      suggestion({ id: 's1', startLine: 10, endLine: 11, originalCode: 'a\nb', suggestedCode: '', deletion: true }),
    ]);
    expect(payload.comments).toEqual([]);
    expect(payload.body).toContain('#### `a.ts` · line 10 (new side)');
    expect(payload.body).toContain("outside the pull request's diff");
    expect(payload.body).toContain('Far away.');
    expect(payload.body).toContain('```diff\n-a\n-b\n```');
  });

  it('writes a comment on a deleted file line outside the old side of the hunks in the body', () => {
    expect(publish([comment({ id: 'c1', side: 'old', startLine: 12, endLine: 12 })]).placed[0]!.placement).toEqual({ kind: 'in-body', reason: 'outside-diff' });
  });

  it('writes file, general, outdated and empty-file annotations in the body', () => {
    const { payload, placed } = publish([
      { kind: 'comment', scope: 'general', path: '', id: 'g', text: 'Overall.', createdAt: CREATED },
      { kind: 'comment', scope: 'file', path: 'a.ts', id: 'f', text: 'This file.', createdAt: CREATED },
      comment({ id: 'o', outdated: true, text: 'Gone.' }),
      suggestion({ id: 'e', path: 'empty.txt', startLine: 1, endLine: 0, originalCode: '', suggestedCode: 'hello' }),
    ]);
    expect(placed.map((p) => p.placement)).toEqual([
      { kind: 'in-body', reason: 'general' },
      { kind: 'in-body', reason: 'file' },
      { kind: 'in-body', reason: 'outdated' },
      { kind: 'in-body', reason: 'empty-file' },
    ]);
    expect(payload.body).toContain('#### On the whole change\n\nOverall.');
    expect(payload.body).toContain('#### `a.ts`\n\n_A comment on a whole file');
    expect(payload.body).toContain('```diff\n+hello\n```');
    expect(payload.body.endsWith('<!-- redline-round: r1 -->')).toBe(true);
  });

  it('marks an accepted agent proposal', () => {
    expect(publish([comment({ id: 'c', proposal: 'p1' })]).payload.comments[0]!.body).toBe('words\n\n_Proposed by the agent, accepted by the reviewer._');
  });
});

describe('pullDiffHunksOfPatch', () => {
  it('reads the lines each hunk shows on each side', () => {
    expect(DIFF.get('a.ts')).toEqual([
      { old: { startLine: 1, endLine: 5 }, new: { startLine: 1, endLine: 5 } },
      { old: { startLine: 17, endLine: 23 }, new: { startLine: 17, endLine: 23 } },
    ]);
    const added = pullDiffHunksOfPatch('diff --git a/n b/n\nnew file mode 100644\n--- /dev/null\n+++ b/n\n@@ -0,0 +1,2 @@\n+a\n+b\n', ['n']);
    expect(added.get('n')).toEqual([{ old: null, new: { startLine: 1, endLine: 2 } }]);
  });
});
