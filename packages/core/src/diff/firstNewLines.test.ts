import { describe, expect, it } from 'vitest';
import { firstNewLines } from './firstNewLines.js';

const section = [
  'diff --git a/a.ts b/a.ts',
  'index 1111111..2222222 100644',
  '--- a/a.ts',
  '+++ b/a.ts',
  '@@ -1,2 +1,2 @@',
  '-gone',
  ' kept\r',
  '\\ No newline at end of file',
  '+added',
  '@@ -9,1 +9,4 @@',
  ' nine',
  '+ten',
  '+eleven',
  '+twelve',
].join('\n');

describe('firstNewLines', () => {
  it('reads the context and added lines of the hunks, not the header, the deletions or the no-newline notes', () => {
    expect(firstNewLines(section)).toEqual(['kept', 'added', 'nine', 'ten', 'eleven']);
    expect(firstNewLines(section, 2)).toEqual(['kept', 'added']);
    expect(firstNewLines('', 5)).toEqual([]);
  });
});
