/** The hydration gate: only a complete diff consistent with the patch enters edit mode. */
import { hydratePartialDiff } from '@pierre/diffs';
import { sha256Hex } from '@redline/core';
import { describe, expect, test } from 'vitest';
import { parseReviewFiles } from '../src/testing/editTestHost.js';
import { CALC_FILES, CALC_NEW, CALC_OLD, CALC_PATCH, KINDS_FILES, KINDS_PATCH, makeReview } from '../src/testing/fixtures.js';
import { hydrateForEditing } from './hydrateForEditing.js';

const side = (contents: string) => ({ contents, sha256: sha256Hex(contents) });
const calc = () => parseReviewFiles(makeReview(CALC_PATCH, CALC_FILES))[0]!;
const kinds = (path: string) => parseReviewFiles(makeReview(KINDS_PATCH, KINDS_FILES)).find((f) => f.path === path)!;

describe('hydrateForEditing', () => {
  test('a changed file: the patch hunks over the full contents, not partial, the input untouched', () => {
    const file = calc();
    expect(file.fileDiff.isPartial).toBe(true);
    const result = hydrateForEditing(file, { path: file.path, old: side(CALC_OLD), new: side(CALC_NEW) });
    if (!result.ok) throw new Error(result.reason);
    expect(result.fileDiff.isPartial).toBe(false);
    expect(result.fileDiff.additionLines.join('')).toBe(CALC_NEW);
    expect(result.fileDiff.deletionLines.join('')).toBe(CALC_OLD);
    expect(result.fileDiff.hunks.map((h) => [h.additionStart, h.additionCount])).toEqual(file.fileDiff.hunks.map((h) => [h.additionStart, h.additionCount]));
    expect(result.preEdit).toBe(CALC_NEW);
    expect(result.revision).toBe(sha256Hex(CALC_NEW));
    expect(file.fileDiff.isPartial).toBe(true);
  });

  test('a new file is rebuilt from its contents (a patch-parsed new file stays partial otherwise)', () => {
    const file = kinds('new.ts');
    expect(file.fileDiff.type).toBe('new');
    const result = hydrateForEditing(file, { path: 'new.ts', old: null, new: side('new\nfile\n') });
    if (!result.ok) throw new Error(result.reason);
    expect(result.fileDiff.isPartial).toBe(false);
    expect(result.fileDiff.type).toBe('new');
    expect(result.fileDiff.additionLines.join('')).toBe('new\nfile\n');
    // Without a final newline too.
    const nonl = hydrateForEditing(kinds('nonl.txt'), { path: 'nonl.txt', old: null, new: side('no newline') });
    expect(nonl.ok && nonl.fileDiff.additionLines.join('')).toBe('no newline');
  });

  test('a diff already hydrated in place (context expanded) is used as it is', () => {
    const file = calc();
    hydratePartialDiff('merge', file.fileDiff, { oldFile: { name: file.path, contents: CALC_OLD }, newFile: { name: file.path, contents: CALC_NEW } });
    const result = hydrateForEditing(file, { path: file.path, old: side(CALC_OLD), new: side(CALC_NEW) });
    expect(result.ok && result.fileDiff).toBe(file.fileDiff);
  });

  test('contents that changed since the diff was read are refused, naming the first line that differs', () => {
    const file = calc();
    const stale = hydrateForEditing(file, { path: file.path, old: side(CALC_OLD), new: side(CALC_NEW.replace('VERSION = 2', 'VERSION = 3')) });
    expect(stale).toEqual({ ok: false, reason: 'Changed on disk since the diff was read: refresh the diff to edit it (line 9, new side)' });
    const staleOld = hydrateForEditing(file, { path: file.path, old: side(CALC_OLD.replace('a + b', 'b + a')), new: side(CALC_NEW) });
    expect(staleOld.ok).toBe(false);
    expect(hydrateForEditing(file, { path: file.path, old: side(CALC_OLD), new: null })).toEqual({ ok: false, reason: 'Deleted file: nothing to edit' });
  });

  test('deleted files and diffs without lines are refused', () => {
    expect(hydrateForEditing(kinds('del.txt'), { path: 'del.txt', old: side('x\ny\n'), new: null }).ok).toBe(false);
    expect(hydrateForEditing(kinds('pure2.txt'), { path: 'pure2.txt', old: null, new: side('same\n') }).ok).toBe(false);
  });
});
