import { describe, expect, it } from 'vitest';
import { reanchorAnnotations, type ReanchorTexts } from './reanchorAnnotations.js';
import type { Annotation, LineAnnotation } from '../model/types.js';
import { generateEditCase, mulberry32 } from '../testing/editFuzz.js';

const text = (...lines: string[]): string => lines.map((line) => `${line}\n`).join('');
const numbered = (from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => `line ${from + i}`);

/** A line comment, or (through `extra`) any other annotation; built loosely, as tests build odd ones. */
function comment(startLine: number, endLine: number, extra: Record<string, unknown> = {}): Annotation {
  return {
    id: `c${startLine}-${endLine}`,
    kind: 'comment',
    scope: 'line',
    path: 'src/a.ts',
    side: 'new',
    startLine,
    endLine,
    text: 'look here',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  } as Annotation;
}

const onNewSide = (before: string | null, after: string | null, path = 'src/a.ts'): ReanchorTexts => ({ [path]: { new: { before, after } } });

describe('reanchorAnnotations: lines still there', () => {
  it('keeps an annotation whose file did not change, as the same object', () => {
    const annotation = comment(2, 3);
    const body = text(...numbered(1, 5));
    const [result] = reanchorAnnotations([annotation], onNewSide(body, body));
    expect(result).toEqual({ annotation, status: 'unchanged', offset: 0 });
    expect(result!.annotation).toBe(annotation);
  });

  it('keeps the position when only lines below changed', () => {
    const [result] = reanchorAnnotations([comment(2, 2)], onNewSide(text('a', 'b', 'c'), text('a', 'b', 'C', 'd')));
    expect(result!.status).toBe('unchanged');
  });

  it('follows lines pushed down by an insertion above, reporting the offset', () => {
    const before = text(...numbered(1, 6));
    const after = text('new 1', 'new 2', 'new 3', ...numbered(1, 6));
    const [result] = reanchorAnnotations([comment(4, 5)], onNewSide(before, after));
    expect(result).toMatchObject({ status: 'moved', offset: 3, how: 'diff', annotation: { startLine: 7, endLine: 8 } });
  });

  it('follows lines pulled up by a deletion above', () => {
    const [result] = reanchorAnnotations([comment(5, 5)], onNewSide(text(...numbered(1, 6)), text('line 1', ...numbered(4, 6))));
    expect(result).toMatchObject({ status: 'moved', offset: -2, annotation: { startLine: 3, endLine: 3 } });
  });

  it('follows the line right below a deletion', () => {
    const [result] = reanchorAnnotations([comment(4, 4)], onNewSide(text(...numbered(1, 6)), text('line 1', ...numbered(4, 6))));
    expect(result).toMatchObject({ status: 'moved', offset: -2, how: 'diff', annotation: { startLine: 2, endLine: 2 } });
  });

  it('follows the diff, not the line number, when a look-alike line sits at the old position', () => {
    // Line 3 is "}"; two lines are inserted above it, so another "}" now sits at line 3.
    const before = text('f() {', '  x', '}', 'g() {', '  y', '}');
    const after = text('f() {', '  x', '}', 'h() {', '}', 'g() {', '  y', '}');
    const [result] = reanchorAnnotations([comment(6, 6)], onNewSide(before, after));
    expect(result).toMatchObject({ status: 'moved', offset: 2, annotation: { startLine: 8 } });
  });
});

describe('reanchorAnnotations: lines moved', () => {
  const block = ['function moved() {', '  return 42;', '}'];

  it('finds a moved block by its content and reports how far it went', () => {
    const before = text('top', ...block, 'a', 'b', 'c', 'bottom');
    const after = text('top', 'a', 'b', 'c', ...block, 'bottom');
    const [result] = reanchorAnnotations([comment(2, 4)], onNewSide(before, after));
    expect(result).toMatchObject({ status: 'moved', how: 'search', offset: 3, annotation: { startLine: 5, endLine: 7 } });
  });

  it('takes the nearest of two new copies', () => {
    const before = text('x1', ...block, 'x2', 'x3', 'x4', 'x5', 'x6');
    const after = text('x1', 'x2', ...block, 'x3', 'x4', 'x5', 'x6', ...block);
    const [result] = reanchorAnnotations([comment(2, 4)], onNewSide(before, after));
    expect(result).toMatchObject({ status: 'moved', annotation: { startLine: 3, endLine: 5 } });
  });

  it('marks outdated when two new copies are equally near (ambiguous)', () => {
    const before = text('x1', 'x2', 'x3', 'target', 'x4', 'x5', 'x6');
    // Expected near line 5 (one line was inserted above); copies at lines 2 and 8.
    const after = text('x1', 'target', 'x2', 'x3', 'x4', 'x5', 'x6', 'target');
    const [result] = reanchorAnnotations([comment(4, 4)], onNewSide(before, after));
    expect(result).toMatchObject({ status: 'outdated', reason: 'its lines now appear in several places' });
  });

  it('moves a suggestion by its originalCode and keeps its code and revision', () => {
    const suggestion = comment(2, 4, {
      id: 's1',
      kind: 'suggestion',
      originalCode: block.join('\n'),
      suggestedCode: 'function moved() {\n  return 43;\n}',
      revision: 'abc123',
    });
    const before = text('top', ...block, 'a', 'bottom');
    const after = text('inserted', 'top', ...block, 'a', 'bottom');
    const [result] = reanchorAnnotations([suggestion], onNewSide(before, after));
    expect(result!.status).toBe('moved');
    expect(result!.annotation).toEqual({ ...suggestion, startLine: 3, endLine: 5 });
  });
});

describe('reanchorAnnotations: lines gone', () => {
  it('marks outdated with the old lines as snippet, keeping the old line numbers', () => {
    const [result] = reanchorAnnotations([comment(2, 3)], onNewSide(text('a', 'b', 'c', 'd'), text('a', 'B', 'd')));
    expect(result).toMatchObject({
      status: 'outdated',
      offset: 0,
      annotation: { outdated: true, anchorSnippet: 'b\nc', startLine: 2, endLine: 3 },
    });
  });

  it('does not jump to an older identical copy that was already elsewhere', () => {
    const before = text('dup', 'x', 'dup', 'y');
    const after = text('x', 'dup', 'y');
    const [result] = reanchorAnnotations([comment(1, 1)], onNewSide(before, after));
    expect(result!.status).toBe('outdated');
  });

  it('does not search for blank lines: they identify nothing', () => {
    const [result] = reanchorAnnotations([comment(2, 2)], onNewSide(text('a', '', 'b'), text('a', 'b', 'c', '')));
    expect(result).toMatchObject({ status: 'outdated', annotation: { anchorSnippet: '' } });
  });

  it('marks outdated when lines were inserted inside the annotated range', () => {
    const [result] = reanchorAnnotations([comment(1, 2)], onNewSide(text('a', 'b'), text('a', 'inserted', 'b')));
    expect(result!.status).toBe('outdated');
  });

  it('marks a suggestion outdated when its original code was edited, with the original code as snippet', () => {
    const suggestion = comment(2, 2, { kind: 'suggestion', originalCode: 'b', suggestedCode: 'B!' });
    const [result] = reanchorAnnotations([suggestion], onNewSide(text('a', 'b', 'c'), text('a', 'b2', 'c')));
    expect(result!.annotation).toEqual({ ...suggestion, outdated: true, anchorSnippet: 'b' });
  });

  it('marks outdated when the side of the file is gone', () => {
    const [result] = reanchorAnnotations([comment(1, 1)], onNewSide(text('a'), null));
    expect(result).toMatchObject({ status: 'outdated', annotation: { anchorSnippet: 'a' } });
  });

  it('keeps an insertion into an empty file only while the file is still empty', () => {
    const insert = comment(1, 0, { kind: 'suggestion', originalCode: '', suggestedCode: 'x' });
    expect(reanchorAnnotations([insert], onNewSide('', ''))[0]!.status).toBe('unchanged');
    expect(reanchorAnnotations([insert], onNewSide('', text('y')))[0]!.status).toBe('outdated');
  });
});

describe('reanchorAnnotations: what it leaves alone', () => {
  it('keeps file and general annotations, already-outdated ones, and paths it has no texts for', () => {
    const file = comment(1, 1, { scope: 'file', startLine: undefined, endLine: undefined });
    const general = comment(1, 1, { scope: 'general', path: '' });
    const stale = comment(1, 1, { outdated: true, anchorSnippet: 'old' });
    const elsewhere = comment(1, 1, { path: 'other.ts' });
    const results = reanchorAnnotations([file, general, stale, elsewhere], onNewSide(text('a'), text('b')));
    expect(results.map((r) => r.status)).toEqual(['kept', 'kept', 'kept', 'kept']);
    expect(results.map((r) => r.annotation)).toEqual([file, general, stale, elsewhere]);
  });

  it('uses the texts of the side each annotation is on', () => {
    const texts: ReanchorTexts = {
      'src/a.ts': { old: { before: text('a', 'b'), after: text('a', 'b') }, new: { before: text('a', 'b'), after: text('z', 'a', 'b') } },
    };
    const results = reanchorAnnotations([comment(2, 2, { side: 'old' }), comment(2, 2)], texts);
    expect(results.map((r) => [r.status, (r.annotation as LineAnnotation).startLine])).toEqual([
      ['unchanged', 2],
      ['moved', 3],
    ]);
  });

  it('is pure and deterministic: same answer twice, inputs untouched', () => {
    const annotations = [comment(2, 3), comment(1, 1), comment(4, 4)];
    const snapshot = structuredClone(annotations);
    const texts = onNewSide(text('a', 'b', 'c', 'd'), text('b', 'c', 'x', 'a'));
    const first = reanchorAnnotations(annotations, texts);
    expect(reanchorAnnotations(annotations, texts)).toEqual(first);
    expect(annotations).toEqual(snapshot);
  });
});

describe('reanchorAnnotations property (2,000 seeded edit histories)', () => {
  it('never places an annotation on lines that differ from its old lines, and follows untouched unique lines to their origin', () => {
    const rng = mulberry32(0x5eed_4e4c);
    const failures: string[] = [];
    for (let n = 0; n < 2_000; n++) {
      // The generator's edit plays the refresh: the annotation sits on the pre-refresh text.
      const testCase = generateEditCase(rng);
      const oldLines = testCase.beforeLines;
      if (oldLines.length === 0) continue;
      const start = 1 + Math.floor(rng() * oldLines.length);
      const end = Math.min(oldLines.length, start + Math.floor(rng() * 3));
      const [result] = reanchorAnnotations([comment(start, end)], onNewSide(testCase.before, testCase.after), { timeoutMs: Infinity });
      const { status } = result!;
      const annotation = result!.annotation as LineAnnotation;
      const wanted = oldLines.slice(start - 1, end);
      if (status === 'outdated') {
        if (annotation.anchorSnippet !== wanted.join('\n')) failures.push(`case ${n}: wrong snippet`);
        continue;
      }
      const placedLines = testCase.afterLines.slice(annotation.startLine! - 1, annotation.endLine);
      if (placedLines.join('\n') !== wanted.join('\n') || placedLines.length !== wanted.length) failures.push(`case ${n}: placed on other lines`);
      if (testCase.vocabulary === 'unique' && !testCase.options) {
        // With unique lines, lines kept together by the edit must be found exactly where they went.
        const at = testCase.afterOrigins.indexOf(start - 1);
        const together = at >= 0 && wanted.every((_, i) => testCase.afterOrigins[at + i] === start - 1 + i);
        if (together && annotation.startLine !== at + 1) failures.push(`case ${n}: did not follow to ${at + 1}`);
      }
    }
    expect(failures.slice(0, 5)).toEqual([]);
  }, 60_000);
});
