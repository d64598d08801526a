/**
 * Installing a review is one store update, but each slice decides its own keys in it: every slice's `SliceResets`
 * (on a load, with or without a draft, and on a re-read) returns only keys its own slice creator declares, and the
 * review slice's list holds every slice's resets (so none writes another's keys for it).
 */
import type { DraftData } from '@redline/core';
import { describe, expect, it } from 'vitest';
import { annotationsResets, createAnnotationsSlice } from '../annotations/annotationsSlice.js';
import { createReviewStore, type ReviewSliceCreator } from '../app/reviewStore.js';
import { composerResets } from '../composer/composerResets.js';
import { createComposerSlice } from '../composer/composerSlice.js';
import { collapseResets, createCollapseSlice } from '../diff/collapseSlice.js';
import { createDraftSlice, draftResets } from '../drafts/draftSlice.js';
import { createFeedbackSlice, feedbackResets } from '../feedback/feedbackSlice.js';
import { createNavigationSlice, navigationResets } from '../navigation/navigationSlice.js';
import { CALC_FILES, CALC_PATCH, makeReview } from '../testing/fixtures.js';
import { createViewedSlice, viewedResets } from '../viewed/viewedSlice.js';
import { SLICE_RESETS } from './reviewSlice.js';
import { installedFiles, type SliceResets } from './sliceResets.js';

const review = makeReview(CALC_PATCH, CALC_FILES);
const draft: DraftData = {
  version: 2,
  fingerprint: review.fingerprint,
  annotations: [],
  viewed: {},
  verdict: 'approve',
  summary: 'ok',
  composer: { kind: 'comment', target: { scope: 'general' }, text: 'unsent', editingId: null },
  updatedAt: '2025-01-01T00:00:00Z',
};

const owners: [string, SliceResets<object>, ReviewSliceCreator<object>][] = [
  ['annotations', annotationsResets, createAnnotationsSlice],
  ['viewed', viewedResets, createViewedSlice],
  ['feedback', feedbackResets, createFeedbackSlice],
  ['composer', composerResets, createComposerSlice],
  ['draft', draftResets, createDraftSlice],
  ['collapse', collapseResets, createCollapseSlice],
  ['navigation', navigationResets, createNavigationSlice],
];

describe('each slice resets its own keys when a review is installed', () => {
  const store = createReviewStore();
  store.getState().loadReview(review, null);
  const s = store.getState();
  const installed = installedFiles(s.files);

  it.each(owners)('the %s slice', (_name, resets, create) => {
    const own = new Set(Object.keys(create(store.setState, store.getState, store)));
    const written = [
      resets.fromDraft(draft, installed),
      resets.fromDraft(null, installed),
      resets.onLoad(installed),
      resets.onReread(s, { ...installed, annotations: [] }),
    ].flatMap((part) => Object.keys(part));
    expect(written.filter((key) => !own.has(key))).toEqual([]);
  });

  it('the review slice installs every slice listed here, and no other', () => {
    expect(new Set(SLICE_RESETS)).toEqual(new Set(owners.map(([, resets]) => resets)));
  });
});
