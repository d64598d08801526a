/**
 * A paged review's files: every file from its facts in the one file order,
 * the ones whose section is not there yet placeholders (loading, no lines,
 * their rows guessed from their counts); each page replaces only its own
 * files; once every section has arrived the files are what the whole review
 * parses to. A viewed mark on a file still loading is kept, not dropped.
 */
import { describe, expect, it } from 'vitest';
import { sortByFileOrder, splitPatchSections, type PagedReviewData, type ReviewSection } from '@redline/core';
import { KINDS_FILES, makeReview } from '../testing/fixtures.js';
import { keepValidViewed, viewedFingerprint } from '../viewed/viewedFingerprint.js';
import { allSectionsLoaded, parsePagedReviewFiles, withSections } from './pagedReviewFiles.js';
import { parseReviewFiles } from './parseReviewFiles.js';

const whole = makeReview();
const sections = splitPatchSections(whole.patch);
const order: ReviewSection[] = sortByFileOrder(
  whole.files.map((facts, index) => ({ path: facts.path, index })),
  (entry) => entry.path,
).map(({ index }) => ({ index, section: sections[index]! }));

/** The manifest as the server makes it, with the first `first` sections of the file order. */
function manifest(first: number): PagedReviewData {
  const head = order.slice(0, first);
  return { ...whole, patch: head.map((e) => e.section).join(''), pages: { total: order.length, loaded: head.map((e) => e.index) } };
}

/** What matters of a file, without Pierre's cache key (each page has its own). */
const shape = (file: ReturnType<typeof parseReviewFiles>[number]) => ({ ...file, fileDiff: { ...file.fileDiff, cacheKey: undefined } });

describe('a paged review', () => {
  it('lists every file in the file order, those not yet arrived loading with their rows guessed', () => {
    const files = parsePagedReviewFiles(manifest(2));
    expect(files.map((f) => f.path)).toEqual(parseReviewFiles(whole).map((f) => f.path));
    expect(files.map((f) => f.index)).toEqual(files.map((_, i) => i));
    const loading = files.filter((f) => f.loading);
    expect(loading).toHaveLength(KINDS_FILES.length - 2);
    for (const file of loading) {
      expect(file.fileDiff.hunks).toEqual([]);
      expect(file.patchSection).toBe('');
      const changed = file.additions + file.deletions;
      expect(file.fileDiff.unifiedLineCount).toBe(changed > 0 ? changed + 7 : 0);
    }
    expect(files.slice(0, 2).every((f) => !f.loading && f.patchSection !== '')).toBe(true);
  });

  it('takes pages in: only their files change, and with the last the files are the whole review\'s', () => {
    let review = manifest(1);
    let files = parsePagedReviewFiles(review);
    for (let from = 1; from < order.length; from += 2) {
      const page = order.slice(from, from + 2);
      const next = withSections(files, review, page);
      const arrived = new Set(page.map((e) => whole.files[e.index]!.path));
      next.files.forEach((file, i) => {
        if (arrived.has(file.path)) expect(file.loading).toBe(false);
        else expect(file).toBe(files[i]);
      });
      ({ files, review } = next);
    }
    expect(allSectionsLoaded(review)).toBe(true);
    expect(files.map(shape)).toEqual(parseReviewFiles(whole).map(shape));
  });

  it('keeps a viewed mark on a file still loading, and checks it once the section is there', () => {
    const done = parseReviewFiles(whole);
    const target = done.find((f) => f.path === whole.files[order.at(-1)!.index]!.path)!;
    const marks = { [target.path]: viewedFingerprint(target), 'gone.txt': 'x'.repeat(64) };
    const paged = parsePagedReviewFiles(manifest(1));
    expect(keepValidViewed(marks, paged)).toEqual({ [target.path]: marks[target.path] });
    expect(keepValidViewed({ [target.path]: 'f'.repeat(64) }, done)).toEqual({});
  });
});
