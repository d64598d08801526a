/**
 * Long lines: the view draws a line past LONG_LINE_LIMIT cut,
 * with a slot under it; the store keeps the whole line, so a suggestion on
 * it starts from the whole text; "Show the whole line" opens that text.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LONG_LINE_LIMIT } from '@redline/core';
import { createItemsBuilder } from '../diff/buildItems.js';
import { CALC_FILES, CALC_PATCH, makeReview } from '../testing/fixtures.js';
import { createHarness, renderWithReview } from '../testing/renderWithReview.js';
import { LongLineSlot } from './LongLineSlot.js';
import { drawnFileDiff, longLinesOf } from './longLines.js';

const LONG = 'var a=1;'.repeat(1000);
const PATCH = `diff --git a/min.js b/min.js\nindex 1111111..2222222 100644\n--- a/min.js\n+++ b/min.js\n@@ -1,2 +1,2 @@\n-var a=0;\n+${LONG}\n short\n`;
const FILES = [{ ...CALC_FILES[0]!, path: 'min.js', additions: 1, deletions: 1 }];

function longReview() {
  return createHarness(makeReview(PATCH + CALC_PATCH, [...FILES, ...CALC_FILES]), { 'min.js': ['var a=0;\nshort\n', `${LONG}\nshort\n`] });
}

afterEach(cleanup);

describe('long lines', () => {
  it('are drawn cut, with a slot under them, while the store keeps the whole line', () => {
    const { store } = longReview();
    const s = store.getState();
    const items = createItemsBuilder()({ files: s.files, annotations: [], composer: null, isCollapsed: () => false });
    const item = items.find((i) => i.id === 'min.js')!;
    const file = s.fileById.get('min.js')!;
    expect(longLinesOf(file)).toEqual([{ side: 'new', lineNumber: 1, length: LONG.length }]);
    expect(item.fileDiff).toBe(drawnFileDiff(file.fileDiff));
    expect(item.fileDiff.additionLines).toContain(`${LONG.slice(0, LONG_LINE_LIMIT)}…\n`);
    expect(file.fileDiff.additionLines).toContain(`${LONG}\n`);
    expect(item.fileDiff.cacheKey).not.toBe(file.fileDiff.cacheKey);
    expect(item.annotations?.filter((a) => a.metadata.kind === 'long-line').map((a) => [a.side, a.lineNumber])).toEqual([['additions', 1]]);
    // A file without long lines is drawn from its own diff.
    expect(items.find((i) => i.id === 'src/calc.ts')!.fileDiff).toBe(s.fileById.get('src/calc.ts')!.fileDiff);
  });

  it('a suggestion on a cut line starts from the whole line, not the cut text', async () => {
    const { controller, store } = longReview();
    await controller.openSuggestion({ scope: 'line', fileId: 'min.js', side: 'new', startLine: 1, endLine: 1 });
    const composer = store.getState().composer;
    expect(composer?.kind === 'suggestion' ? composer.originalCode : null).toBe(LONG);
  });

  it('"Show the whole line" opens the whole text, and closes it again', () => {
    const harness = longReview();
    renderWithReview(<LongLineSlot fileId="min.js" line={{ side: 'new', lineNumber: 1, length: LONG.length }} />, harness);
    expect(screen.getByRole('note').textContent).toContain(`Line 1 (new) is ${LONG.length.toLocaleString('en')} characters long; the first 5,000 are shown.`);
    fireEvent.click(screen.getByRole('button', { name: 'Show the whole line' }));
    expect(screen.getByLabelText('The whole of line 1').textContent).toBe(LONG);
    fireEvent.click(screen.getByRole('button', { name: 'Hide the whole line' }));
    expect(screen.queryByLabelText('The whole of line 1')).toBeNull();
  });
});
