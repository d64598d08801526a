import { describe, expect, it } from 'vitest';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';
import { changedFileCount, changedFilesWords } from './followLive.js';

const file = (path: string, patchSection: string) => ({ path, patchSection }) as ReviewFile;

describe('what the agent changed, in words', () => {
  it('counts files added, gone or with another patch; not those unchanged', () => {
    const before = [file('a.ts', 'p1'), file('b.ts', 'p2'), file('gone.ts', 'p3')];
    const after = [file('a.ts', 'p1'), file('b.ts', 'p2 changed'), file('new.ts', 'p4')];
    expect(changedFileCount(before, after)).toBe(3);
    expect(changedFileCount(before, before)).toBe(0);
  });

  it('says one file or several', () => {
    expect(changedFilesWords(1)).toBe('1 file changed by the agent');
    expect(changedFilesWords(2)).toBe('2 files changed by the agent');
  });
});
