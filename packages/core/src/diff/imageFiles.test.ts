import { describe, expect, test } from 'vitest';
import type { FileFacts } from '../model/types.js';
import { imageKindOfPath, isImageFile } from './imageFiles.js';

const facts = (over: Partial<FileFacts>): FileFacts => ({
  path: 'a.txt', oldPath: null, status: 'modified', binary: false, oldMode: '100644', newMode: '100644',
  oldBlob: null, newBlob: null, oldSize: 1, newSize: 1, additions: 0, deletions: 0, symlink: false, submodule: false, ...over,
});

describe('imageKindOfPath', () => {
  test('names the five kinds by extension, in any case', () => {
    expect(['a.png', 'b/c.JPG', 'd.jpeg', 'e.gif', 'f.WebP', 'g.svg'].map(imageKindOfPath)).toEqual(['png', 'jpeg', 'jpeg', 'gif', 'webp', 'svg']);
  });
  test('anything else, a dot file or no extension is not a picture', () => {
    expect(['a.bmp', '.png', 'png', 'dir.png/readme', 'a.png.txt'].map(imageKindOfPath)).toEqual([null, null, null, null, null]);
  });
});

describe('isImageFile', () => {
  test('either side of a rename names the kind', () => {
    expect(isImageFile(facts({ path: 'logo', oldPath: 'logo.png', status: 'renamed' }))).toBe(true);
  });
  test('a symlink or submodule named .png is not a picture', () => {
    expect(isImageFile(facts({ path: 'a.png', symlink: true }))).toBe(false);
    expect(isImageFile(facts({ path: 'a.png', submodule: true }))).toBe(false);
  });
});
