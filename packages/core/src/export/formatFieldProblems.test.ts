import { describe, expect, it } from 'vitest';
import { formatFieldProblems } from './fieldReader.js';

const problem = (i: number) => ({ field: `findings[${i}].kind`, problem: `expected one of "finding", "question", "note", got "x${i}"` });

describe('formatFieldProblems', () => {
  it('names the first three problems and counts the rest', () => {
    expect(formatFieldProblems([])).toBe('');
    expect(formatFieldProblems([problem(0)])).toBe('findings[0].kind: expected one of "finding", "question", "note", got "x0"');
    expect(formatFieldProblems([0, 1, 2, 3, 4].map(problem))).toBe(
      'findings[0].kind: expected one of "finding", "question", "note", got "x0"; findings[1].kind: expected one of "finding", "question", "note", got "x1"; findings[2].kind: expected one of "finding", "question", "note", got "x2" (and 2 more problems)',
    );
    expect(formatFieldProblems([0, 1].map(problem), 1)).toBe('findings[0].kind: expected one of "finding", "question", "note", got "x0" (and 1 more problem)');
    expect(formatFieldProblems([{ field: '', problem: 'expected an object' }])).toBe('expected an object');
  });
});
