import { describe, expect, it } from 'vitest';
import { formatFieldProblem } from '../export/fieldReader.js';
import { MAX_FINDINGS } from './proposalTypes.js';
import { validateFindings } from './validateFindings.js';

const good = { kind: 'finding', path: 'src/a.ts', side: 'new', lines: { start: 2, end: 3 }, text: 'This retry loop never stops.' };

function problems(value: unknown): string[] {
  const result = validateFindings(value);
  return result.ok ? [] : result.problems.map(formatFieldProblem);
}

describe('validateFindings', () => {
  it('reads findings, with and without a suggestion, from the object or the bare list', () => {
    const suggesting = { ...good, kind: 'note', text: '', suggestion: { original: 'a\nb', replacement: 'c' } };
    const result = validateFindings({ findings: [good, suggesting] });
    expect(result).toEqual({
      ok: true,
      findings: [
        { ...good, suggestion: null },
        { ...suggesting, suggestion: { original: 'a\nb', replacement: 'c' } },
      ],
    });
    expect(validateFindings([good]).ok).toBe(true);
  });

  it('names the field path of each problem', () => {
    const bad = [good, good, { ...good, lines: { start: 0, end: 1 } }];
    expect(problems({ findings: bad })).toEqual(['findings[2].lines.start: expected a positive integer, got 0']);
    expect(problems({ findings: [{ ...good, kind: 'praise' }] })).toEqual(['findings[0].kind: expected one of "finding", "question", "note", got "praise"']);
    expect(problems({ findings: [{ ...good, lines: { start: 5, end: 4 } }] })).toEqual(['findings[0].lines.end: expected at least start (5), got 4']);
    expect(problems({ findings: [{ ...good, path: '../etc/passwd' }] })[0]).toMatch(/^findings\[0\]\.path: not a plain repository path/);
    expect(problems({ findings: [{ ...good, side: 'old', suggestion: { original: '', replacement: 'x' } }] })).toEqual(['findings[0].side: a suggestion replaces new-side lines: expected "new"']);
    expect(problems({ findings: [{ ...good, text: '  ' }] })).toEqual(['findings[0].text: expected words (only a finding with a suggestion may have none)']);
    expect(problems({ findings: [{ ...good, severity: 'high' }] })[0]).toMatch(/^findings\[0\]\.severity: unknown field/);
    expect(problems({ findings: [{ ...good, suggestion: { original: 'a' } }] })).toEqual(['findings[0].suggestion.replacement: expected a string, got nothing']);
    expect(problems({ finding: [] })).toEqual(['findings: expected a list of findings']);
    expect(problems('x')[0]).toMatch(/^expected an object/);
  });

  it(`refuses more than ${MAX_FINDINGS} findings in one post`, () => {
    expect(validateFindings({ findings: Array.from({ length: MAX_FINDINGS }, () => good) }).ok).toBe(true);
    expect(problems({ findings: Array.from({ length: MAX_FINDINGS + 1 }, () => good) })).toEqual([`findings: ${MAX_FINDINGS + 1} findings; at most ${MAX_FINDINGS} in one post`]);
  });
});
