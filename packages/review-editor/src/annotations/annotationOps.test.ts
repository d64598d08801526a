import { findSuggestionOverlaps, suggestionId, type Annotation } from '@redline/core';
import { describe, expect, it } from 'vitest';
import { buildComment, buildSuggestion, describeAnchor, groupAnnotationsByFile } from './annotationOps.js';

const at = new Date('2025-01-01T00:00:00Z');
const suggestion = (path: string, startLine: number, endLine: number, code = 'x') =>
  buildSuggestion({ path, startLine, endLine, originalCode: 'a', suggestedCode: code, deletion: false, text: '' }, at);

describe('building annotations', () => {
  it('gives a suggestion the content id of suggestionId, on the new side', () => {
    const s = buildSuggestion({ path: 'a.ts', startLine: 2, endLine: 3, originalCode: 'one\ntwo', suggestedCode: 'three', deletion: false, text: 'why', revision: 'abc' }, at);
    expect(s).toMatchObject({ kind: 'suggestion', scope: 'line', side: 'new', startLine: 2, endLine: 3, revision: 'abc', createdAt: at.toISOString() });
    expect(s.id).toBe(suggestionId({ path: 'a.ts', side: 'new', startLine: 2, endLine: 3, originalCode: 'one\ntwo', suggestedCode: 'three' }));
    // The resolved Suggestion type states its deletion flag (it was left out when false).
    expect(s.deletion).toBe(false);
  });

  it('makes a deletion explicit: empty suggested code, the flag, and an id of its own', () => {
    const input = { path: 'a.ts', startLine: 2, endLine: 2, originalCode: 'one', suggestedCode: 'ignored', text: '' };
    const deletion = buildSuggestion({ ...input, deletion: true }, at);
    const emptyLine = buildSuggestion({ ...input, suggestedCode: '', deletion: false }, at);
    expect(deletion).toMatchObject({ suggestedCode: '', deletion: true });
    expect(deletion.id).not.toBe(emptyLine.id);
  });

  it('gives comments unique ids and drops line fields outside line scope', () => {
    const a = buildComment({ scope: 'line', path: 'a.ts', side: 'old', startLine: 4, endLine: 4, text: 'x' });
    const b = buildComment({ scope: 'line', path: 'a.ts', side: 'old', startLine: 4, endLine: 4, text: 'x' });
    expect(a.id).not.toBe(b.id);
    expect(buildComment({ scope: 'general', text: 'x' })).not.toHaveProperty('startLine');
    expect(buildComment({ scope: 'general', text: 'x' }).path).toBe('');
  });

  it('describes anchors', () => {
    expect(describeAnchor(suggestion('a', 3, 3))).toBe('Line 3 (new)');
    expect(describeAnchor(buildComment({ scope: 'line', path: 'a', side: 'old', startLine: 3, endLine: 5, text: '' }))).toBe('Lines 3–5 (old)');
    expect(describeAnchor(buildComment({ scope: 'file', path: 'a', text: '' }))).toBe('File comment');
  });
});

describe('findSuggestionOverlaps', () => {
  it('links suggestions on the same file whose ranges share a line, and only those', () => {
    const a = suggestion('a.ts', 1, 3);
    const b = suggestion('a.ts', 3, 4, 'y');
    const c = suggestion('a.ts', 5, 6, 'z');
    const d = suggestion('b.ts', 1, 3, 'w');
    const comment = buildComment({ scope: 'line', path: 'a.ts', side: 'new', startLine: 1, endLine: 9, text: 'x' });
    const overlaps = findSuggestionOverlaps([c, comment, b, a, d]);
    expect([...overlaps.keys()].sort()).toEqual([a.id, b.id].sort());
    expect(overlaps.get(a.id)).toEqual([b.id]);
  });

  it('checks a range against every later one that starts inside it (nested ranges)', () => {
    const outer = suggestion('a.ts', 1, 10);
    const inner1 = suggestion('a.ts', 2, 2, 'p');
    const inner2 = suggestion('a.ts', 8, 9, 'q');
    const overlaps = findSuggestionOverlaps([outer, inner1, inner2]);
    expect(overlaps.get(outer.id)?.sort()).toEqual([inner1.id, inner2.id].sort());
    expect(overlaps.get(inner1.id)).toEqual([outer.id]);
  });
});

describe('groupAnnotationsByFile', () => {
  it('puts general first, then files in diff order, file comments before lines, lines in order', () => {
    const list: Annotation[] = [
      buildComment({ scope: 'line', path: 'b.ts', side: 'new', startLine: 9, endLine: 9, text: '1' }),
      buildComment({ scope: 'line', path: 'a.ts', side: 'new', startLine: 5, endLine: 5, text: '2' }),
      buildComment({ scope: 'file', path: 'a.ts', text: '3' }),
      buildComment({ scope: 'general', text: '4' }),
      buildComment({ scope: 'line', path: 'a.ts', side: 'new', startLine: 1, endLine: 1, text: '5' }),
      buildComment({ scope: 'line', path: 'gone.ts', side: 'new', startLine: 1, endLine: 1, text: '6' }),
    ];
    const groups = groupAnnotationsByFile(list, ['a.ts', 'b.ts']);
    expect(groups.map((g) => [g.path, g.annotations.map((a) => a.text).join('')])).toEqual([
      ['', '4'],
      ['a.ts', '352'],
      ['b.ts', '1'],
      ['gone.ts', '6'],
    ]);
  });
});
