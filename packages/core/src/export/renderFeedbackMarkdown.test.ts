import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderFeedbackJson } from './renderFeedbackJson.js';
import { unsafeCharsWarning } from './markdownWriters.js';
import { renderFeedbackMarkdown } from './renderFeedbackMarkdown.js';
import { suggestionId } from '../model/suggestionId.js';
import { hasUnsafeChars } from '../safety/textSafety.js';
import type { FeedbackReview, Suggestion } from '../model/types.js';

const FIXTURES = fileURLToPath(new URL('../../test-fixtures/', import.meta.url));
// REDLINE_UPDATE_FIXTURES=1 writes missing or changed expected files instead of failing (review the diff!).
const UPDATE = process.env.REDLINE_UPDATE_FIXTURES === '1';

function loadReview(name: string): FeedbackReview {
  return JSON.parse(readFileSync(FIXTURES + name + '.review.json', 'utf8')) as FeedbackReview;
}

function expectFile(actual: string, file: string): void {
  const path = FIXTURES + file;
  if (UPDATE && (!existsSync(path) || readFileSync(path, 'utf8') !== actual)) writeFileSync(path, actual);
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

const fixtureNames = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.review.json'))
  .map((f) => f.slice(0, -'.review.json'.length));

describe('golden fixtures (test-fixtures/<name>.review.json → .expected.md / .expected.json, compared exactly)', () => {
  it('has fixtures', () => expect(fixtureNames.length).toBeGreaterThanOrEqual(2));
  for (const name of fixtureNames) {
    it(`${name}: markdown`, () => expectFile(renderFeedbackMarkdown(loadReview(name)), `${name}.expected.md`));
    it(`${name}: json`, () => expectFile(renderFeedbackJson(loadReview(name)), `${name}.expected.json`));
  }
});

describe('docs/feedback-format.md', () => {
  it('shows the basic golden export, byte for byte, as its full example', () => {
    const doc = readFileSync(fileURLToPath(new URL('../../../../docs/feedback-format.md', import.meta.url)), 'utf8');
    const example = /<!-- full-example:start -->\n``````markdown\n([\s\S]*?)``````\n<!-- full-example:end -->/.exec(doc);
    expect(example?.[1]).toBe(readFileSync(FIXTURES + 'basic.expected.md', 'utf8'));
  });
});

function suggestion(fields: Partial<Suggestion> & Pick<Suggestion, 'path' | 'startLine' | 'endLine'>): Suggestion {
  const a: Suggestion = {
    id: '',
    kind: 'suggestion',
    scope: 'line',
    side: 'new',
    text: '',
    originalCode: 'old',
    suggestedCode: 'new',
    deletion: false,
    revision: null,
    createdAt: '2026-01-01T00:00:00Z',
    ...fields,
  };
  a.id = suggestionId(a);
  return a;
}

const target = { kind: 'working-tree', description: 'Uncommitted changes', baseCommit: null, headCommit: null } as const;

describe('renderFeedbackMarkdown', () => {
  it('gives the same bytes whatever the order of annotations and files', () => {
    const review = loadReview('basic');
    const reversed: FeedbackReview = {
      ...review,
      annotations: [...review.annotations].reverse(),
      files: [...(review.files ?? [])].reverse(),
    };
    expect(renderFeedbackMarkdown(reversed)).toBe(renderFeedbackMarkdown(review));
    expect(renderFeedbackJson(reversed)).toBe(renderFeedbackJson(review));
  });

  it('collapses a suggestion sent twice into one, keeping both texts', () => {
    const a = suggestion({ path: 'a.ts', startLine: 1, endLine: 1, text: 'first' });
    const review: FeedbackReview = {
      target,
      verdict: 'comment',
      summary: '',
      annotations: [a, { ...a, text: 'second' }, { ...a, text: 'first' }],
    };
    const md = renderFeedbackMarkdown(review);
    expect(md.match(/^Suggestion /gm)).toHaveLength(1);
    expect(md).toContain('> first\n>\n> second');
  });

  it('keeps a deletion and a one-empty-line replacement of the same lines apart', () => {
    const blank = suggestion({ path: 'a.ts', startLine: 2, endLine: 2, suggestedCode: '' });
    const deletion = suggestion({ path: 'a.ts', startLine: 2, endLine: 2, suggestedCode: '', deletion: true });
    expect(blank.id).not.toBe(deletion.id);
    const md = renderFeedbackMarkdown({ target, verdict: 'comment', summary: '', annotations: [blank, deletion] });
    expect(md).toContain('**Suggested code:** (1 empty line)\n```ts\n\n```');
    expect(md).toContain('**Suggested code:** nothing: delete the replaced lines');
  });

  it('sizes every fence past the longest backtick run of its code', () => {
    const code = 'a ``````` b\n```';
    const md = renderFeedbackMarkdown({
      target,
      verdict: 'comment',
      summary: '',
      annotations: [suggestion({ path: 'x.md', startLine: 1, endLine: 2, originalCode: code, suggestedCode: '`' })],
    });
    expect(md).toContain('````````md\na ``````` b\n```\n````````');
    expect(md).toContain('```md\n`\n```');
  });

  it('escapes every unsafe character outside fences and warns before a fence that holds one', () => {
    const md = renderFeedbackMarkdown({
      target: { ...target, description: 'desc \u202E' },
      verdict: 'comment',
      summary: 'sum \u{E0041}',
      annotations: [
        suggestion({ path: 'p\u200B.ts', startLine: 1, endLine: 2, originalCode: 'ok\nbad\u2066', suggestedCode: 'x\ry', text: 't\u0000' }),
      ],
    });
    const outside = md.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '');
    expect(hasUnsafeChars(outside, { carriageReturns: true })).toBe(false);
    expect(md).toContain('U+2066 (line 2)');
    expect(md).toContain('U+000D (line 1)');
    expect(md).toContain('ok\nbad\u2066\n');
  });

  it('names at most 16 code points in a warning and counts the rest', () => {
    const smuggled = Array.from({ length: 40 }, (_, i) => String.fromCodePoint(0xe0041 + i)).join('');
    const warning = unsafeCharsWarning(smuggled)!;
    expect(warning.match(/U\+E00/g)).toHaveLength(16);
    expect(warning).toMatch(/, and 24 more$/);
    expect(unsafeCharsWarning('clean')).toBeNull();
  });

  it('says when an anchor is approximate or outdated', () => {
    const md = renderFeedbackMarkdown({
      target,
      verdict: 'comment',
      summary: '',
      annotations: [
        {
          id: 'c', kind: 'comment', scope: 'line', path: 'a.ts', side: 'new', startLine: 3, endLine: 3,
          text: 'x', approximate: true, outdated: true, anchorSnippet: 'gone', createdAt: '',
        },
      ],
    });
    expect(md).toContain('_Approximate anchor:');
    expect(md).toContain('_Outdated:');
    expect(md).toContain('**Originally anchored to:** (1 line)\n```ts\ngone\n```');
  });

  it('prints only the header for an approval without comments', () => {
    expect(renderFeedbackMarkdown({ target, verdict: 'approve', summary: '', annotations: [] })).toBe(
      '# Code review feedback\n\n- **Verdict:** Approve\n- **Target:** `working-tree` — Uncommitted changes\n',
    );
  });
});
