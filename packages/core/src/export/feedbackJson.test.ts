import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decisionForVerdict } from './feedbackJson.js';
import { parseFeedbackJson } from './parseFeedbackJson.js';
import { renderClosedFeedbackJson, renderFeedbackJson } from './renderFeedbackJson.js';
import { normalizeFeedbackReview } from './normalizeFeedbackReview.js';
import { suggestionId } from '../model/suggestionId.js';
import type { FeedbackReview } from '../model/types.js';

const FIXTURES = fileURLToPath(new URL('../../test-fixtures/', import.meta.url));
const hostile = JSON.parse(readFileSync(FIXTURES + 'hostile.review.json', 'utf8')) as FeedbackReview;

const validSuggestion = () => {
  const a = {
    id: '',
    kind: 'suggestion',
    scope: 'line',
    path: 'src/a.ts',
    side: 'new',
    startLine: 2,
    endLine: 3,
    text: '',
    originalCode: 'a\nb',
    suggestedCode: 'c',
    deletion: false,
    revision: 'f'.repeat(64),
    createdAt: '2026-01-01T00:00:00Z',
  } as Record<string, unknown>;
  a.id = suggestionId(a as never);
  return a;
};

function document(annotations: unknown[], extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    format: 'redline-feedback',
    version: 1,
    target: { kind: 'working-tree', description: 'd', baseCommit: null, headCommit: null },
    verdict: 'comment',
    summary: '',
    annotations,
    ...extra,
  });
}

function messages(text: string): string[] {
  const result = parseFeedbackJson(text);
  expect(result.ok).toBe(false);
  return result.ok ? [] : result.errors.map((e) => e.message);
}

describe('renderFeedbackJson', () => {
  it('is versioned, pretty-printed, ASCII-only, and parses back to the normalized review', () => {
    const json = renderFeedbackJson(hostile);
    expect(json.startsWith('{\n  "format": "redline-feedback",\n  "version": 3,\n')).toBe(true);
    expect(json).toMatch(/^[\x00-\x7e]*$/);
    expect(json).toContain('\\u202e');
    const result = parseFeedbackJson(json);
    expect(result).toEqual({ ok: true, format: 'json', review: normalizeFeedbackReview(hostile) });
  });
});

describe('parseFeedbackJson validation names the bad field', () => {
  it('accepts a valid document and ignores unknown fields', () => {
    const result = parseFeedbackJson(document([{ ...validSuggestion(), futureField: 1 }], { futureTop: true }));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.review.annotations[0]).not.toHaveProperty('futureField');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['startLine 0', { startLine: 0 }, 'annotations[0].startLine: expected a positive integer, got 0'],
    ['fractional startLine', { startLine: 1.5 }, 'annotations[0].startLine: expected a positive integer, got 1.5'],
    ['string endLine', { endLine: '3' }, 'annotations[0].endLine: expected an integer >= 0, got "3"'],
    ['backwards range', { startLine: 3, endLine: 2, originalCode: '' }, 'annotations[0].endLine: expected an integer >= startLine (3), got 2 (only an insertion into an empty file has startLine 1 and endLine 0)'],
    ['unknown kind', { kind: 'concern' }, 'annotations[0].kind: expected one of "comment", "suggestion", got "concern"'],
    ['missing side', { side: undefined }, 'annotations[0].side: expected one of "old", "new", got nothing'],
    ['old-side suggestion', { side: 'old' }, 'annotations[0].side: a suggestion is on the "new" side, got "old"'],
    ['original code of the wrong length', { originalCode: 'a' }, 'annotations[0].originalCode: expected 2 lines (lines 2-3), got 1'],
    ['deletion with code', { deletion: true }, 'annotations[0].suggestedCode: a deletion has suggestedCode "", got "c"'],
    ['bad revision', { revision: 'abc' }, 'annotations[0].revision: expected a sha256 (64 lowercase hex digits), got "abc"'],
    ['missing suggestedCode', { suggestedCode: undefined }, 'annotations[0].suggestedCode: expected a string, got nothing'],
    ['empty id', { id: '' }, 'annotations[0].id: expected a non-empty string'],
    ['no path', { path: '' }, 'annotations[0].path: a line annotation needs the path of its file'],
    ['non-boolean flag', { approximate: 'yes' }, 'annotations[0].approximate: expected true or false, got "yes"'],
    ['empty-file insertion with code', { startLine: 1, endLine: 0, originalCode: 'x' }, 'annotations[0].originalCode: an insertion into an empty file (lines 1-0) has originalCode "", got "x"'],
  ])('%s', (_name, patch, message) => {
    expect(messages(document([{ ...validSuggestion(), ...patch }]))).toContain(message);
  });

  it('checks comments, scopes and uniqueness', () => {
    const comment = { id: 'c1', kind: 'comment', scope: 'file', path: 'a.ts', text: 't', createdAt: '' };
    expect(messages(document([comment, { ...comment }]))).toEqual([
      'annotations[1].id: "c1" is also the id of annotations[0]; ids must be unique',
    ]);
    expect(messages(document([{ ...comment, suggestedCode: 'x' }]))).toEqual([
      'annotations[0].suggestedCode: only suggestions have this field; this annotation is a comment',
    ]);
    expect(messages(document([{ ...comment, startLine: 3 }]))).toEqual([
      'annotations[0].startLine: only line annotations have a startLine; this one is file-scoped',
    ]);
    expect(messages(document([{ ...comment, scope: 'general' }]))).toEqual([
      'annotations[0].path: a general annotation has path "", got "a.ts"',
    ]);
    expect(messages(document([comment, 'oops', null]))).toEqual([
      'annotations[1]: expected an object, got "oops"',
      'annotations[2]: expected an object, got null',
    ]);
    expect(messages(document([{ ...validSuggestion(), scope: 'file', side: undefined, startLine: undefined, endLine: undefined }]))).toContain(
      'annotations[0].scope: a suggestion is anchored to lines: expected "line", got "file"',
    );
  });

  it('checks the envelope, target, verdict, summary and files', () => {
    expect(messages(document([], { format: 'other' }))).toEqual(['format: expected "redline-feedback", got "other"']);
    expect(messages(document([], { version: 4 }))).toEqual(['version: 4 is newer than this Redline reads (3); update Redline']);
    expect(messages(document([], { version: '1' }))).toEqual(['version: expected 1 or 2 or 3, got "1"']);
    expect(messages('[]')).toEqual(['expected a JSON object with "format": "redline-feedback"']);
    expect(
      messages(
        document([], {
          target: { kind: 'tree', description: 1, baseCommit: 'HEAD', headCommit: null },
          verdict: 'lgtm',
          summary: null,
          files: [{ path: 'a', oldPath: null, status: 'moved' }],
          annotations: {},
        }),
      ),
    ).toEqual([
      'target.kind: expected one of "working-tree", "staged", "base", "commit", "range", "patch", got "tree"',
      'target.description: expected a string, got 1',
      'target.baseCommit: expected null or a commit id (7 to 64 lowercase hex digits), got "HEAD"',
      'verdict: expected one of "approve", "request-changes", "comment", got "lgtm"',
      'summary: expected a string, got null',
      'files[0].status: expected one of "added", "modified", "deleted", "renamed", "copied", "type-changed", got "moved"',
      'annotations: expected an array, got an object',
    ]);
  });

  it('writes the decision after the verdict, reads exports without one, and refuses one that contradicts the verdict', () => {
    expect(decisionForVerdict('approve')).toBe('approve');
    expect(decisionForVerdict('request-changes')).toBe('request_changes');
    expect(decisionForVerdict('comment')).toBe('comment');
    const rendered = renderFeedbackJson(hostile);
    expect(Object.keys(JSON.parse(rendered) as object).slice(0, 6)).toEqual(['format', 'version', 'target', 'verdict', 'decision', 'summary']);
    expect(parseFeedbackJson(document([])).ok).toBe(true);
    expect(parseFeedbackJson(document([], { decision: 'comment' })).ok).toBe(true);
    expect(messages(document([], { decision: 'approve' }))).toEqual(['decision: expected "comment" (the verdict is "comment"), got "approve"']);
    expect(JSON.parse(renderClosedFeedbackJson())).toEqual({ format: 'redline-feedback', version: 3, decision: 'closed' });
  });

  it('reports invalid JSON with its line', () => {
    const result = parseFeedbackJson('{\n  "format": "redline-feedback",\n  "version": 1,,\n}');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0]!.line).toBe(3);
      expect(result.errors[0]!.message).toMatch(/^not valid JSON: /);
    }
  });

  it('escapes unsafe characters of a bad value in the message', () => {
    const [message] = messages(document([{ ...validSuggestion(), kind: 'x\u202Ey' }]));
    expect(message).toContain('"x\\u202ey"');
  });
});
