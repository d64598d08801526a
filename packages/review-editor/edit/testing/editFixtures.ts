/** A two-file review (src/calc.ts from the shared fixtures, plus src/other.ts) with its contents. */
import type { FileFacts } from '@redline/core';
import { CALC_FILES, CALC_NEW, CALC_OLD, CALC_PATCH, makeReview } from '../../src/testing/fixtures.js';
import { createHarness, type ReviewHarness } from '../../src/testing/renderWithReview.js';

export const OTHER_OLD = 'export const A = 1;\nexport const B = 1;\n';
export const OTHER_NEW = 'export const A = 2;\nexport const B = 1;\n';
export const OTHER_PATCH = [
  'diff --git a/src/other.ts b/src/other.ts',
  'index 1111111..2222222 100644',
  '--- a/src/other.ts',
  '+++ b/src/other.ts',
  '@@ -1,2 +1,2 @@',
  '-export const A = 1;',
  '+export const A = 2;',
  ' export const B = 1;',
  '',
].join('\n');

export const OTHER_FACTS: FileFacts = {
  ...CALC_FILES[0]!,
  path: 'src/other.ts',
  additions: 1,
  deletions: 1,
};

export function createEditHarness(): ReviewHarness {
  const review = makeReview(CALC_PATCH + OTHER_PATCH, [...CALC_FILES, OTHER_FACTS]);
  const harness = createHarness(review, { 'src/calc.ts': [CALC_OLD, CALC_NEW], 'src/other.ts': [OTHER_OLD, OTHER_NEW] });
  harness.store.getState().setSettings({ editSuggestions: true });
  return harness;
}

export { CALC_NEW, CALC_OLD };
