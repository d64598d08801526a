import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ANONYMOUS_SLUG, checkReviewerIdentity, foldReviewer, isSameReviewer, reviewerOfSlug, reviewerSlug } from './reviewerIdentity.js';

describe('reviewer identity', () => {
  it('is trimmed, and refused when empty, too long, or with a control or invisible character', () => {
    expect(checkReviewerIdentity('  @alice ')).toEqual({ ok: true, reviewer: '@alice' });
    for (const bad of ['', '   ', 'a\nb', 'a\tb', 'bob\u202E', 'zero\u200Bwidth', 'esc\u001B[31m', 'tag\u{E0041}', 'x'.repeat(201), 'line\u2028sep']) {
      expect(checkReviewerIdentity(bad).ok, JSON.stringify(bad)).toBe(false);
    }
  });

  it('two identities equal after an ASCII case fold are one person, with one slug; other letters are not folded', () => {
    expect(isSameReviewer('@Bob', '@bob')).toBe(true);
    expect(isSameReviewer('Eve@Example.com', 'eve@example.com')).toBe(true);
    expect(isSameReviewer('Ärger', 'ärger')).toBe(false);
    expect(reviewerSlug('@Bob')).toBe(reviewerSlug('@bob'));
    expect(reviewerSlug('@bob')).toBe('=40bob');
    expect(reviewerSlug('Ärger')).not.toBe(reviewerSlug('ärger'));
  });

  it('slugs are valid ref components that never collide with the anonymous one', () => {
    expect(reviewerSlug(null)).toBe(ANONYMOUS_SLUG);
    expect(reviewerSlug('_anonymous')).toBe('=5Fanonymous');
    for (const name of ['a b', '../x', 'x.lock', 'a:b', 'ünï', '~^?*[']) expect(reviewerSlug(name)).toMatch(/^(?:[a-z0-9-]|=[0-9A-F]{2})+$/);
  });

  // Invariant: a slug reads back as the folded name it was made of (200 cases); what no slug can be reads as null.
  it('reviewerOfSlug reads a slug back as the folded name', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (name) => reviewerOfSlug(reviewerSlug(name)) === foldReviewer(name)), { numRuns: 200 });
    expect(reviewerOfSlug(ANONYMOUS_SLUG)).toBeNull();
    for (const bad of ['A', '=4', '=zz', '=FF', 'a_b']) expect(reviewerOfSlug(bad), bad).toBeNull();
  });
});
