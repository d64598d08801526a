import { describe, expect, it } from 'vitest';
import { formatUnifiedDiff } from './formatUnifiedDiff.js';
import { splitGitLines } from './gitLines.js';
import { quoteGitPath as quoteGitPathWith } from './quoteGitPath.js';

const quoteGitPath = (name: string) => quoteGitPathWith(name, { quotepath: true });

const lines = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `line ${i + from}\n`).join('');

describe('formatUnifiedDiff', () => {
  it('is empty for equal texts', () => {
    expect(formatUnifiedDiff('a.txt', 'x\n', 'x\n')).toBe('');
  });

  it('prints git headers and one hunk with three lines of context', () => {
    const before = lines(10);
    const after = before.replace('line 5\n', 'LINE 5\n');
    expect(formatUnifiedDiff('src/a.ts', before, after)).toBe(
      'diff --git a/src/a.ts b/src/a.ts\n--- a/src/a.ts\n+++ b/src/a.ts\n' +
        '@@ -2,7 +2,7 @@\n line 2\n line 3\n line 4\n-line 5\n+LINE 5\n line 6\n line 7\n line 8\n',
    );
  });

  it('merges changes up to six unchanged lines apart and splits them beyond', () => {
    const before = lines(30);
    const near = before.replace('line 5\n', 'x\n').replace('line 11\n', 'y\n');
    expect(formatUnifiedDiff('a', before, near).match(/^@@/gm)).toHaveLength(1);
    const far = before.replace('line 5\n', 'x\n').replace('line 13\n', 'y\n');
    const hunks = formatUnifiedDiff('a', before, far).match(/^@@.*$/gm);
    expect(hunks).toEqual(['@@ -2,7 +2,7 @@', '@@ -10,7 +10,7 @@']);
  });

  it('marks a missing final newline on either side', () => {
    expect(formatUnifiedDiff('a', 'x\ny', 'x\nz')).toBe(
      'diff --git a/a b/a\n--- a/a\n+++ b/a\n@@ -1,2 +1,2 @@\n x\n-y\n\\ No newline at end of file\n+z\n\\ No newline at end of file\n',
    );
    expect(formatUnifiedDiff('a', 'x\ny', 'x\ny\n')).toContain('-y\n\\ No newline at end of file\n+y\n');
  });

  it('keeps CRLF and lone CR byte for byte, and a BOM as part of the first line', () => {
    const diff = formatUnifiedDiff('a', '\uFEFFa\r\nb\rc\r\n', '\uFEFFa\r\nB\rc\r\n');
    expect(diff).toContain('-b\rc\r\n+B\rc\r\n');
    expect(diff).toContain(' \uFEFFa\r\n');
  });

  it('writes empty ranges the way git does', () => {
    expect(formatUnifiedDiff('a', '', 'x\ny\n')).toContain('@@ -0,0 +1,2 @@\n+x\n+y\n');
    expect(formatUnifiedDiff('a', 'x\ny\n', '')).toContain('@@ -1,2 +0,0 @@\n-x\n-y\n');
    expect(formatUnifiedDiff('a', 'x\n', 'x\ny\n')).toContain('@@ -1 +1,2 @@\n x\n+y\n');
  });

  it('refuses a negative context', () => {
    expect(() => formatUnifiedDiff('a', 'x', 'y', { context: -1 })).toThrow(/context must be a non-negative integer, got -1/);
  });
});

describe('quoteGitPath', () => {
  it('quotes like git with core.quotepath on', () => {
    // Each expected value is what git 2.39 printed for the same name.
    expect(quoteGitPath('a/a b.txt')).toBe('a/a b.txt');
    expect(quoteGitPath('a/tab\there')).toBe('"a/tab\\there"');
    expect(quoteGitPath('a/é"q\\\\t.txt')).toBe('"a/\\303\\251\\"q\\\\\\\\t.txt"');
    expect(quoteGitPath('a/\x01\x7f')).toBe('"a/\\001\\177"');
  });

  it('adds the tab git puts after ---/+++ names with a space', () => {
    expect(formatUnifiedDiff('a b.txt', 'x\n', 'y\n')).toMatch(/^diff --git a\/a b\.txt b\/a b\.txt\n--- a\/a b\.txt\t\n\+\+\+ b\/a b\.txt\t\n/);
  });
});

describe('splitGitLines', () => {
  it('splits after each LF only', () => {
    expect(splitGitLines('a\r\nb\rc\nd')).toEqual(['a\r\n', 'b\rc\n', 'd']);
    expect(splitGitLines('')).toEqual([]);
  });
});
