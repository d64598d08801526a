/** Git's header quoting (compared with real git output in readTrackedDiff.test.ts and readUntrackedFiles.test.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteGitPath as quoteGitPathWith } from '@redline/core';
import { gitDiffHeader } from './gitDiffHeader.js';
import { unquoteGitPath } from './unquoteGitPath.js';

/** As redline runs git: core.quotepath off. */
const quoteGitPath = (name: string) => quoteGitPathWith(name, { quotepath: false });

describe('quoteGitPath', () => {
  it('quotes only names with control characters, DEL, quotes or backslashes, as git does with core.quotepath=false', () => {
    expect(quoteGitPath('a/dir with space/naïve café.txt')).toBe('a/dir with space/naïve café.txt');
    expect(quoteGitPath('a/tab\there')).toBe('"a/tab\\there"');
    expect(quoteGitPath('b/say "hi".txt')).toBe('"b/say \\"hi\\".txt"');
    expect(quoteGitPath('b/back\\slash')).toBe('"b/back\\\\slash"');
    expect(quoteGitPath('b/ctrl\u0001\u007f\u001b\n\r')).toBe('"b/ctrl\\001\\177\\033\\n\\r"');
    expect(gitDiffHeader('old name', 'new\tname')).toBe('diff --git a/old name "b/new\\tname"');
  });

  it('INVARIANT: unquoteGitPath(quoteGitPath(name)) is the name (1000 cases, seed 77)', () => {
    const char = fc.oneof(fc.constantFrom('"', '\\', '\t', '\n', '\u0001', '\u007f', ' ', 'é', '日', '😀'), fc.string({ maxLength: 1 }));
    fc.assert(
      fc.property(fc.array(char, { minLength: 1, maxLength: 12 }), (chars) => {
        const name = chars.join('');
        expect(unquoteGitPath(quoteGitPath(name))).toBe(name);
      }),
      { numRuns: 1000, seed: 77 },
    );
  });
});
