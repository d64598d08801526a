import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ParseResult } from './feedbackParseResult.js';
import { parseFeedbackMarkdown } from './parseFeedbackMarkdown.js';
import { renderFeedbackMarkdown } from './renderFeedbackMarkdown.js';
import { normalizeFeedbackReview } from './normalizeFeedbackReview.js';
import { suggestionId } from '../model/suggestionId.js';
import type { Annotation, FeedbackReview, Suggestion } from '../model/types.js';

const FIXTURES = fileURLToPath(new URL('../../test-fixtures/', import.meta.url));
const names = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.review.json'))
  .map((f) => f.slice(0, -'.review.json'.length));

function load(name: string): { review: FeedbackReview; markdown: string } {
  return {
    review: JSON.parse(readFileSync(`${FIXTURES}${name}.review.json`, 'utf8')) as FeedbackReview,
    markdown: readFileSync(`${FIXTURES}${name}.expected.md`, 'utf8'),
  };
}

function parsed(text: string): FeedbackReview {
  const result = parseFeedbackMarkdown(text);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  expect(result.format).toBe('markdown');
  return result.review;
}

function errorsOf(text: string): { line?: number; message: string }[] {
  const result: ParseResult = parseFeedbackMarkdown(text);
  expect(result.ok).toBe(false);
  return result.ok ? [] : result.errors;
}

/** What the markdown carries of an annotation (not createdAt, author, or comment ids). */
function carried(a: Annotation): Record<string, unknown> {
  const { createdAt: _c, author: _a, ...rest } = a;
  const out: Record<string, unknown> = { ...rest, deletion: a.kind === 'suggestion' ? a.deletion === true : undefined };
  if (a.kind === 'comment') delete out.id;
  if (out.deletion === undefined) delete out.deletion;
  return out;
}

describe('parseFeedbackMarkdown on the golden exports', () => {
  for (const name of names) {
    it(`${name}: recovers target, verdict, summary, files with notes, and every annotation it carries`, () => {
      const { review, markdown } = load(name);
      const back = parsed(markdown);
      const expected = normalizeFeedbackReview(review);
      expect(back.target).toEqual(expected.target);
      expect(back.verdict).toBe(expected.verdict);
      expect(back.summary).toBe(expected.summary);
      expect(back.annotations.map(carried)).toEqual(expected.annotations.map(carried));
      expect(back.annotations.every((a) => a.createdAt === '')).toBe(true);
      expect(renderFeedbackMarkdown({ ...back, files: expected.files })).toBe(markdown);
    });
  }

  it('tolerates CRLF line endings, trailing whitespace on structural lines, a BOM and no final newline', () => {
    const { markdown } = load('basic');
    const reference = parsed(markdown);
    const mangled =
      '\uFEFF' +
      markdown
        .split('\n')
        .map((line) => (/^(#|- \*\*|\*\*|Suggestion )/.test(line) ? line + ' \t ' : line))
        .join('\r\n')
        .trimEnd();
    expect(parsed(mangled)).toEqual(reference);
  });

  it('tolerates trailing whitespace after opening and closing fences', () => {
    const markdown = renderFeedbackMarkdown(review([makeSuggestion({ originalCode: 'x ', suggestedCode: ' y' })]));
    const padded = markdown.replace(/^(```(?:ts)?)$/gm, '$1  ');
    expect(padded).not.toBe(markdown);
    expect(parsed(padded)).toEqual(parsed(markdown));
    expect(parsed(padded).annotations[0]).toMatchObject({ originalCode: 'x ', suggestedCode: ' y' });
  });

  it('keeps a CR inside code when the document itself is not CRLF', () => {
    const a = makeSuggestion({ originalCode: 'one\r', suggestedCode: 'two\r\r' });
    const back = parsed(renderFeedbackMarkdown(review([a])));
    expect(back.annotations[0]).toMatchObject({ originalCode: 'one\r', suggestedCode: 'two\r\r' });
  });

  it('never reads the content of a fence as structure', () => {
    const evil = [
      '## `other.ts`',
      '### Line 1 (new)',
      'Suggestion `000000000000` · revision unknown',
      '**Suggested code:** (1 line)',
      '```',
      '> quoted',
      '# Code review feedback',
    ].join('\n');
    const a = makeSuggestion({ startLine: 1, endLine: 7, originalCode: evil, suggestedCode: evil + '\n````' });
    const back = parsed(renderFeedbackMarkdown(review([a])));
    expect(back.annotations).toHaveLength(1);
    expect(back.annotations[0]).toMatchObject({ originalCode: evil, suggestedCode: evil + '\n````', path: 'src/a.ts' });
  });

  it('never reads the reviewer’s words as structure', () => {
    const words = '### Line 1 (new)\n**Replaces:** (1 line)\n```\n## `x`\n## General';
    const back = parsed(renderFeedbackMarkdown({ ...review([makeSuggestion({ text: words })]), summary: words }));
    expect(back.summary).toBe(words);
    expect(back.annotations).toHaveLength(1);
    expect(back.annotations[0]!.text).toBe(words);
  });
});

function makeSuggestion(fields: Partial<Suggestion> = {}): Suggestion {
  const a: Suggestion = {
    id: '',
    kind: 'suggestion',
    scope: 'line',
    path: 'src/a.ts',
    side: 'new',
    startLine: 3,
    endLine: 3,
    text: 'Fix it.',
    originalCode: 'old',
    suggestedCode: 'new',
    deletion: false,
    revision: null,
    createdAt: '',
    ...fields,
  };
  a.id = suggestionId(a as Parameters<typeof suggestionId>[0]);
  return a;
}

function review(annotations: Annotation[]): FeedbackReview {
  return {
    target: { kind: 'staged', description: 'Staged changes', baseCommit: 'abcdef0', headCommit: null },
    verdict: 'request-changes',
    summary: '',
    annotations,
  };
}

describe('parseFeedbackMarkdown errors (with line numbers)', () => {
  const base = renderFeedbackMarkdown(review([makeSuggestion({ startLine: 3, endLine: 4, originalCode: 'a\nb' })]));
  const lines = base.split('\n');
  const lineOf = (prefix: string): number => lines.findIndex((l) => l.startsWith(prefix)) + 1;

  it('a truncated export: the fence opened at line N is never closed', () => {
    const truncated = lines.slice(0, lineOf('**Suggested code:**') + 2).join('\n');
    const errors = errorsOf(truncated);
    expect(errors).toEqual([{ line: lineOf('**Suggested code:**') + 1, message: expect.stringMatching(/never closed.*3 backticks/) }]);
  });

  it('a suggestion without its Suggested code block', () => {
    const start = lineOf('**Suggested code:**');
    const without = [...lines.slice(0, start - 1), ...lines.slice(start + 3)].join('\n');
    expect(errorsOf(without)).toEqual([{ line: lineOf('### Lines'), message: expect.stringContaining('no **Suggested code:** block') }]);
  });

  it('a suggestion without its id line', () => {
    const without = lines.filter((l) => !l.startsWith('Suggestion ')).join('\n');
    expect(errorsOf(without)[0]).toMatchObject({ line: lineOf('### Lines'), message: expect.stringContaining('no "Suggestion') });
  });

  it('bad line numbers: line 0, a range that ends before it starts', () => {
    const zero = base.replace('### Lines 3-4 (new)', '### Lines 0-1 (new)');
    expect(errorsOf(zero)).toEqual([{ line: lineOf('### Lines'), message: 'annotations[0].startLine: expected a positive integer, got 0' }]);
    const backwards = base.replace('### Lines 3-4 (new)', '### Lines 4-3 (new)');
    expect(errorsOf(backwards)[0]).toMatchObject({ line: lineOf('### Lines'), message: expect.stringContaining('annotations[0].endLine: expected an integer >= startLine (4), got 3') });
    const garbled = base.replace('### Lines 3-4 (new)', '### Lines three-4 (new)');
    expect(errorsOf(garbled)[0]).toMatchObject({ line: lineOf('### Lines'), message: expect.stringContaining('expected "### Line N (new)"') });
  });

  it('a range whose Replaces block has the wrong number of lines', () => {
    const wide = base.replace('### Lines 3-4 (new)', '### Lines 3-5 (new)');
    expect(errorsOf(wide)).toEqual([
      { line: lineOf('**Replaces:**'), message: 'annotations[0].originalCode: expected 3 lines (lines 3-5), got 2' },
    ]);
  });

  it('a block whose line count does not match its label (lines lost in transport)', () => {
    const lost = base.replace('**Replaces:** (2 lines)', '**Replaces:** (3 lines)');
    expect(errorsOf(lost)).toEqual([{ line: lineOf('**Replaces:**'), message: '**Replaces:** says 3 lines but its block holds 2' }]);
  });

  it('unknown lines, a stray fence, a missing title and a missing verdict', () => {
    expect(errorsOf(base.replace('> Fix it.', 'Fix it.'))[0]).toMatchObject({ line: lineOf('> Fix it.'), message: 'unexpected line: "Fix it."' });
    expect(errorsOf(base + '\n```\nx\n```\n')[0]!.message).toContain('a code block must follow a label');
    expect(errorsOf(base.replace('# Code review feedback', '# Review'))[0]).toMatchObject({ line: 1 });
    expect(errorsOf(base.replace(/^- \*\*Verdict:.*\n/m, ''))).toEqual([{ line: 1, message: 'missing the "- **Verdict:**" line' }]);
    expect(errorsOf(base.replace('Request changes', 'LGTM'))[0]!.message).toContain('unknown verdict "LGTM"');
    expect(errorsOf('')[0]!.message).toContain('empty');
  });

  it('"nothing replaced" outside an empty file, and a block after an empty-file heading', () => {
    const nothing = base.replace(/\*\*Replaces:\*\* \(2 lines\)\n```ts\na\nb\n```/, '**Replaces:** nothing: the file is empty, so the suggested code becomes its whole content');
    expect(errorsOf(nothing)[0]!.message).toContain('is only for "### Empty file (new)"');
    const emptyHeading = base.replace('### Lines 3-4 (new)', '### Empty file (new)');
    expect(errorsOf(emptyHeading)[0]!.message).toContain('an insertion into an empty file replaces nothing');
  });
});
