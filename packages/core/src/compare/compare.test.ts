import { describe, expect, it } from 'vitest';
import { pickedText } from './pickedText.js';
import { renderVariantFeedback } from './renderVariantFeedback.js';
import { variantOverview, type VariantFileFact } from './variantOverview.js';

const fact = (path: string, blob: string | null, extra: Partial<VariantFileFact> = {}): VariantFileFact => ({
  path, basePath: path, blob, additions: 1, deletions: 1, binary: false, ...extra,
});

describe('variantOverview', () => {
  it('lists each touched file once, marks agreement only when every variant made the identical result', () => {
    const rows = variantOverview([
      { id: 'A', files: [fact('same.ts', 'b1'), fact('diff.ts', 'x1'), fact('only-a.ts', 'o1')] },
      { id: 'B', files: [fact('same.ts', 'b1'), fact('diff.ts', 'x2')] },
      { id: 'C', files: [fact('same.ts', 'b1'), fact('diff.ts', 'x1')] },
    ]);
    expect(rows.map((r) => [r.key, r.agree, r.touched.map((t) => t?.blob ?? null)])).toEqual([
      ['diff.ts', false, ['x1', 'x2', 'x1']],
      ['only-a.ts', false, ['o1', null, null]],
      ['same.ts', true, ['b1', 'b1', 'b1']],
    ]);
  });

  it('shows a file renamed by one variant and edited by another as one row, keyed by its base path', () => {
    const rows = variantOverview([
      { id: 'A', files: [fact('new/name.ts', 'r1', { basePath: 'old.ts' })] },
      { id: 'B', files: [fact('old.ts', 'e1')] },
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key).toBe('old.ts');
    expect(rows[0]!.touched.map((t) => t?.path)).toEqual(['new/name.ts', 'old.ts']);
    expect(rows[0]!.agree).toBe(false);
  });

  it('an added file is keyed by its path; a deletion agrees with a deletion', () => {
    const rows = variantOverview([
      { id: 'A', files: [fact('gone.ts', null), fact('added.ts', 'n', { basePath: null })] },
      { id: 'B', files: [fact('gone.ts', null)] },
    ]);
    expect(rows.map((r) => [r.key, r.agree])).toEqual([['added.ts', false], ['gone.ts', true]]);
  });
});

describe('pickedText', () => {
  const base = 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n';
  const b = base.replace('two', 'TWO');
  const c = base.replace('nine', 'NINE').replace('two', 'deux');
  const variants = new Map([['B', b], ['C', c]]);

  it('lays hunks of two variants with overlapping context onto the base', () => {
    const picked = pickedText('f', [
      { kind: 'hunk', path: 'f', variant: 'B', hunk: { oldStart: 1, oldLines: 5, newStart: 1, newLines: 5 } },
      { kind: 'hunk', path: 'f', variant: 'C', hunk: { oldStart: 6, oldLines: 5, newStart: 6, newLines: 5 } },
    ], { base, variants });
    expect(picked).toEqual({ ok: true, text: base.replace('two', 'TWO').replace('nine', 'NINE') });
  });

  it('refuses two hunks that change the same base lines, naming both variants', () => {
    const picked = pickedText('f', [
      { kind: 'hunk', path: 'f', variant: 'B', hunk: { oldStart: 1, oldLines: 5, newStart: 1, newLines: 5 } },
      { kind: 'hunk', path: 'f', variant: 'C', hunk: { oldStart: 1, oldLines: 5, newStart: 1, newLines: 5 } },
    ], { base, variants });
    expect(picked).toEqual({ ok: false, problem: 'f: the hunk picked from C and the one from B change the same lines of the base' });
  });

  it('a whole-file pick is the variant\'s text, and takes no other pick beside it', () => {
    expect(pickedText('f', [{ kind: 'file', path: 'f', variant: 'C' }], { base, variants })).toEqual({ ok: true, text: c });
    const both = pickedText('f', [
      { kind: 'file', path: 'f', variant: 'C' },
      { kind: 'hunk', path: 'f', variant: 'B', hunk: { oldStart: 1, oldLines: 5, newStart: 1, newLines: 5 } },
    ], { base, variants });
    expect(both.ok).toBe(false);
  });

  it('refuses a hunk outside the texts', () => {
    const picked = pickedText('f', [{ kind: 'hunk', path: 'f', variant: 'B', hunk: { oldStart: 9, oldLines: 5, newStart: 9, newLines: 5 } }], { base, variants });
    expect(picked).toEqual({ ok: false, problem: 'f: @@ -9,5 +9,5 @@ of B is outside the texts' });
  });
});

describe('renderVariantFeedback', () => {
  it('heads each variant with its verdict and lists its comments by file and line, the code fenced and the words quoted', () => {
    const text = renderVariantFeedback({ id: 'B', name: 'for-of' }, {
      verdict: 'keep',
      comments: [
        { path: 'src/z.js', side: 'new', line: 2, code: 'x ```', text: 'Fine.\nReally.' },
        { path: 'src/a.js', side: 'old', line: 9, code: 'let y;', text: 'Why drop this?' },
      ],
    });
    expect(text).toBe('# Variant B (for-of): keep\n\n## `src/a.js`\n\n### Old line 9\n\n```\nlet y;\n```\n\n> Why drop this?\n\n## `src/z.js`\n\n### Line 2\n\n````\nx ```\n````\n\n> Fine.\n> Really.\n');
    expect(renderVariantFeedback({ id: 'C', name: 'c' }, { verdict: 'discard', comments: [] })).toBe('# Variant C (c): discarded\n\nNot taken; no comments.\n');
  });
});
