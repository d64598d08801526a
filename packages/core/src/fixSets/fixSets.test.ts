import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fixSetId } from '../model/fixSetId.js';
import type { Annotation, FixSet, Suggestion } from '../model/types.js';
import { combineIntoSet, keepFixSets, splitSet } from './combineIntoSet.js';
import { deriveFixSet } from './deriveFixSet.js';
import { fixSetOverlaps, fixSetProblems } from './fixSetProblems.js';
import { makeFixSet } from './makeFixSet.js';
import { suggestionFromHunk } from './deriveFixSet.js';

const at = '2026-12-05T06:00:00.000Z';
function suggestion(path: string, startLine: number, endLine: number, originalCode: string, suggestedCode: string): Suggestion {
  return suggestionFromHunk(path, 'f'.repeat(64), { startLine, endLine, originalCode, suggestedCode, deletion: false }, '', at);
}
const def = suggestion('src/a.ts', 1, 1, 'export function old() {}', 'export function renamed() {}');
const call = suggestion('src/b.ts', 4, 4, 'old();', 'renamed();');
const other = suggestion('src/b.ts', 9, 9, 'x', 'y');
const comment: Annotation = { id: 'c1', kind: 'comment', scope: 'general', path: '', text: 'hm', createdAt: at };

describe('fixSetId', () => {
  it('is the first 12 hex digits of sha256 over each member\'s fields joined by U+001F, members by U+001E (checked against node:crypto)', () => {
    const record = (s: Suggestion) => [s.path, String(s.startLine), String(s.endLine), s.originalCode, s.suggestedCode].join('\u001f');
    const expected = createHash('sha256').update([record(def), record(call)].join('\u001e'), 'utf8').digest('hex').slice(0, 12);
    expect(fixSetId([def, call])).toBe(expected);
  });

  it('depends on the order and on a deletion', () => {
    expect(fixSetId([call, def])).not.toBe(fixSetId([def, call]));
    const blank = { ...call, suggestedCode: '' };
    expect(fixSetId([def, { ...blank, deletion: true }])).not.toBe(fixSetId([def, blank]));
  });
});

describe('makeFixSet', () => {
  it('keeps the members in order and the description on one line', () => {
    const set = makeFixSet([def, call], '  Rename old to\n renamed  ');
    expect(set).toEqual({ id: fixSetId([def, call]), description: 'Rename old to renamed', members: [def.id, call.id] });
  });

  it('refuses one member or a member twice', () => {
    expect(() => makeFixSet([def], 'x')).toThrow(RangeError);
    expect(() => makeFixSet([def, def], 'x')).toThrow(RangeError);
  });
});

describe('combineIntoSet and splitSet', () => {
  const annotations = [def, call, other, comment];

  it('combines suggestions into a set, in the order named', () => {
    const result = combineIntoSet(annotations, [], [call.id, def.id], 'Rename');
    expect(result).toEqual({ ok: true, set: makeFixSet([call, def], 'Rename'), fixSets: [makeFixSet([call, def], 'Rename')] });
  });

  it('takes a set in whole, replacing it, and a suggestion out of another set', () => {
    const first = makeFixSet([def, call], 'Rename');
    const result = combineIntoSet(annotations, [first], [first.id, other.id], 'Rename and fix');
    expect(result.ok && result.fixSets).toEqual([makeFixSet([def, call, other], 'Rename and fix')]);
    const moved = combineIntoSet(annotations, [first], [call.id, other.id], 'Two');
    // `first` kept only def: a set of one is no set.
    expect(moved.ok && moved.fixSets).toEqual([makeFixSet([call, other], 'Two')]);
  });

  it('refuses an unknown id, a comment, a suggestion twice and fewer than two', () => {
    expect(combineIntoSet(annotations, [], [def.id, 'nope'], 'x')).toEqual({ ok: false, problem: 'no suggestion nope' });
    expect(combineIntoSet(annotations, [], [def.id, 'c1'], 'x')).toEqual({ ok: false, problem: 'c1 is a comment, not a suggestion' });
    expect(combineIntoSet(annotations, [], [def.id, def.id], 'x')).toEqual({ ok: false, problem: `suggestion ${def.id} is named twice` });
    expect(combineIntoSet(annotations, [], [def.id], 'x')).toEqual({ ok: false, problem: 'a fix set has at least 2 suggestions, got 1' });
  });

  it('keeps sets over changed annotations: a renamed member follows, a gone one leaves, a set of one dissolves', () => {
    const set = makeFixSet([def, call, other], 'Three');
    expect(keepFixSets([set], annotations)).toEqual([set]);
    const edited = { ...call, id: 'edited', suggestedCode: 'renamedAgain();' };
    expect(keepFixSets([set], [def, edited, other], new Map([[call.id, 'edited']]))).toEqual([makeFixSet([def, edited, other], 'Three')]);
    expect(keepFixSets([set], [def, other])).toEqual([makeFixSet([def, other], 'Three')]);
    expect(keepFixSets([set], [def])).toEqual([]);
  });

  it('splits a set back into its suggestions', () => {
    const set = makeFixSet([def, call], 'Rename');
    expect(splitSet([set], set.id)).toEqual([]);
    expect(splitSet([set], 'other')).toEqual([set]);
  });
});

describe('fixSetProblems and fixSetOverlaps', () => {
  const annotations = [def, call, other, comment];
  const set = makeFixSet([def, call], 'Rename');

  it('finds none in a good review', () => {
    expect(fixSetProblems(annotations, [set])).toEqual([]);
    expect(fixSetOverlaps(annotations, [set])).toEqual(new Map());
  });

  it('names the set and the member of every problem', () => {
    const bad: FixSet[] = [
      { id: 's1', description: '', members: [def.id] },
      { id: 's2', description: '', members: ['ghost', 'c1', call.id, call.id] },
      { id: 's3', description: '', members: [call.id, other.id] },
      { id: 's3', description: '', members: [def.id, other.id] },
    ];
    expect(fixSetProblems(annotations, bad)).toEqual([
      'fix set s1 has 1 member(s); a set has at least 2',
      'fix set s2 names ghost, which is no annotation of the review',
      'fix set s2 names c1, which is a comment, not a suggestion',
      `fix set s2 names ${call.id} twice`,
      `suggestion ${call.id} is in two fix sets: s2 and s3`,
      'fix set s3 is given twice',
      `suggestion ${def.id} is in two fix sets: s1 and s3`,
    ]);
  });

  it('flags a member overlapping another suggestion, by the one overlap rule', () => {
    const clash = suggestion('src/b.ts', 3, 5, 'a\nold();\nb', 'a\nnew();\nb');
    expect(fixSetOverlaps([...annotations, clash], [set])).toEqual(new Map([[set.id, [clash.id]]]));
  });
});

describe('deriveFixSet', () => {
  const words = { description: 'Rename old', createdAt: at };
  const revision = 'a'.repeat(64);

  it('makes one set of the hunks of several files, in file and line order', () => {
    const result = deriveFixSet(
      [
        { path: 'src/a.ts', before: 'function old() {}\nx\n', after: 'function renamed() {}\nx\n', revision },
        { path: 'src/b.ts', before: 'old();\n1\n2\n3\nold();\n', after: 'renamed();\n1\n2\n3\nrenamed();\n', revision: null },
      ],
      words,
    );
    expect(result.kind).toBe('set');
    if (result.kind !== 'set') return;
    expect(result.members.map((m) => [m.path, m.startLine, m.suggestedCode, m.revision])).toEqual([
      ['src/a.ts', 1, 'function renamed() {}', revision],
      ['src/b.ts', 1, 'renamed();', null],
      ['src/b.ts', 5, 'renamed();', null],
    ]);
    expect(result.set).toEqual(makeFixSet(result.members, 'Rename old'));
    expect(result.fallback).toBe(false);
  });

  it('is a plain suggestion for one hunk in one file, with the description as its text, and none for no change', () => {
    const one = deriveFixSet([{ path: 'a', before: 'x\n', after: 'y\n', revision }, { path: 'b', before: 'z', after: 'z', revision }], words);
    expect(one.kind === 'suggestion' && [one.suggestion.text, one.suggestion.suggestedCode]).toEqual(['Rename old', 'y']);
    expect(deriveFixSet([{ path: 'a', before: 'x\n', after: 'x\r\n', revision }], words).kind).toBe('none');
  });
});
