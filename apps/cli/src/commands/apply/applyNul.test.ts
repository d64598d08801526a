/**
 * `redline apply` never writes a NUL byte into a text file: a suggestion
 * whose code holds one is refused by name (reason `binary`) and the file is
 * left as it was, in the JSON export and in the markdown one alike; the
 * other suggestions of the same file are applied with --partial.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderFeedbackJson, renderFeedbackMarkdown } from '@redline/core';
import { makeReview, makeSuggestion, makeTempRepo, runApply, type TempRepo } from '../../../testSupport/apply/applyTestKit.js';

const TEXT = 'const a = 1;\nconst b = 2;\n';
let repo: TempRepo;

beforeAll(() => {
  repo = makeTempRepo();
  repo.write('a.ts', TEXT);
  repo.git('add', '-A');
  repo.git('commit', '-qm', 'base');
});
afterAll(() => repo.remove());

const withNul = makeSuggestion({ path: 'a.ts', startLine: 1, endLine: 1, originalCode: 'const a = 1;', suggestedCode: 'const a = "\u0000";', madeOn: TEXT });
const plain = makeSuggestion({ path: 'a.ts', startLine: 2, endLine: 2, originalCode: 'const b = 2;', suggestedCode: 'const b = 20;', madeOn: TEXT });

describe('a NUL in a suggestion', () => {
  it.each(['json', 'markdown'] as const)('is refused by name and never written (%s export)', async (form) => {
    const review = makeReview([withNul]);
    const result = await runApply(['--json', '-'], { cwd: repo.root, stdin: form === 'json' ? renderFeedbackJson(review) : renderFeedbackMarkdown(review) });
    const report = JSON.parse(result.stdout) as { exitCode: number; suggestions: { status: string; reason: string; message: string }[] };
    expect(report.exitCode).toBe(1);
    expect(report.suggestions).toEqual([expect.objectContaining({ status: 'refused', reason: 'binary', message: expect.stringMatching(/holds a NUL byte \(U\+0000\) on line 1; redline apply never writes one into a text file/) })]);
    expect(readFileSync(join(repo.root, 'a.ts'), 'utf8')).toBe(TEXT);
  });

  it('leaves the file\'s other suggestions to --partial', async () => {
    const result = await runApply(['--json', '--partial', '-'], { cwd: repo.root, stdin: renderFeedbackJson(makeReview([withNul, plain])) });
    const report = JSON.parse(result.stdout) as { suggestions: { status: string }[] };
    expect(report.suggestions.map((s) => s.status)).toEqual(['refused', 'applied']);
    expect(readFileSync(join(repo.root, 'a.ts'), 'utf8')).toBe('const a = 1;\nconst b = 20;\n');
  });
});
