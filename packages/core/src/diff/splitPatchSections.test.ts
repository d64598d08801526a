/**
 * The last patch cut is remembered (the server's first screen and the review
 * in pages cut the same reading): the same patch gives the same sections
 * again, a caller changing its array changes nothing for the next, and
 * another patch is cut anew.
 */
import { describe, expect, it } from 'vitest';
import { splitPatchSections } from './splitPatchSections.js';

const section = (path: string) => `diff --git a/${path} b/${path}\n--- a/${path}\n+++ b/${path}\n@@ -1 +1 @@\n-a\n+b\n`;

describe('splitPatchSections, cut once per patch', () => {
  it('gives the same sections for the same patch, a fresh array each time', () => {
    const patch = section('a.txt') + section('b.txt');
    const first = splitPatchSections(patch);
    first.push('junk');
    first.sort();
    expect(splitPatchSections(patch)).toEqual([section('a.txt'), section('b.txt')]);
  });

  it('cuts another patch anew, and an equal patch made apart alike', () => {
    splitPatchSections(section('a.txt'));
    expect(splitPatchSections(section('c.txt'))).toEqual([section('c.txt')]);
    expect(splitPatchSections(['x', section('c.txt')].join('\n').slice(2))).toEqual([section('c.txt')]);
  });
});
