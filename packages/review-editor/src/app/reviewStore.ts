/**
 * The review store: one vanilla zustand store combining the features'
 * slices (zustand's slices pattern). Each slice owns its state and the
 * actions on it, testable without React; the network lives in the
 * features' services (app/reviewController.ts assembles them).
 */
import { DEFAULT_LAYOUT, DEFAULT_SETTINGS, type LayoutSettings, type Settings } from '@redline/core';
import { createStore, type StateCreator, type StoreApi } from 'zustand/vanilla';
import { createAnnotationsSlice, type AnnotationsSlice } from '../annotations/annotationsSlice.js';
import { createComposerSlice, type ComposerSlice } from '../composer/composerSlice.js';
import { createCollapseSlice, type CollapseSlice } from '../diff/collapseSlice.js';
import { createDraftSlice, type DraftSlice } from '../drafts/draftSlice.js';
import { createFeedbackSlice, type FeedbackSlice } from '../feedback/feedbackSlice.js';
import { createNavigationSlice, type NavigationSlice } from '../navigation/navigationSlice.js';
import { createProposalsSlice, type ProposalsSlice } from '../proposals/proposalsSlice.js';
import { createReviewSlice, type ReviewSlice } from '../reviewLoading/reviewSlice.js';
import { createSearchSlice, type SearchSlice } from '../search/searchSlice.js';
import { createShownFilesSlice, type ShownFilesSlice } from '../navigation/shownFilesSlice.js';
import { createViewedSlice, type ViewedSlice } from '../viewed/viewedSlice.js';
import { createSettingsSlice, type SettingsSlice } from '../settings/settingsSlice.js';
import { createDialogSlice, type DialogSlice } from '../ui/dialogSlice.js';
import { createToastsSlice, type ToastsSlice } from '../ui/toastsSlice.js';
import { createThreadsSlice, type ThreadsSlice } from '../threads/threadsSlice.js';
import { createRoundChangesSlice, type RoundChangesSlice } from '../threads/roundView.js';
import { createDiffViewsSlice, type DiffViewsSlice } from '../diffViews/diffViewsSlice.js';
import { createRenderedFilesSlice, type RenderedFilesSlice } from '../markdown/renderedFilesSlice.js';
import { createCommitsSlice, type CommitsSlice } from '../commits/commitsSlice.js';
import { createTourSlice, type TourSlice } from '../tour/tourSlice.js';
import { createQuestionsSlice, type QuestionsSlice } from '../questions/questionsSlice.js';
import { createCheckSlice, type CheckSlice } from '../check/checkSlice.js';

export type ReviewStoreState = ReviewSlice &
  AnnotationsSlice &
  ComposerSlice &
  ViewedSlice &
  CollapseSlice &
  FeedbackSlice &
  DraftSlice &
  NavigationSlice &
  ShownFilesSlice &
  SearchSlice &
  SettingsSlice &
  ToastsSlice &
  DialogSlice &
  ThreadsSlice &
  RoundChangesSlice &
  DiffViewsSlice &
  CommitsSlice &
  ProposalsSlice &
  TourSlice &
  QuestionsSlice &
  CheckSlice &
  RenderedFilesSlice;

export type ReviewStore = StoreApi<ReviewStoreState>;

/** One feature's part of the store; it may read (and reset) the others'. */
export type ReviewSliceCreator<Slice> = StateCreator<ReviewStoreState, [], [], Slice>;

export function createReviewStore(settings: Settings = DEFAULT_SETTINGS, layout: LayoutSettings = DEFAULT_LAYOUT): ReviewStore {
  return createStore<ReviewStoreState>()((...a) => ({
    ...createReviewSlice(...a),
    ...createAnnotationsSlice(...a),
    ...createComposerSlice(...a),
    ...createViewedSlice(...a),
    ...createCollapseSlice(...a),
    ...createFeedbackSlice(...a),
    ...createDraftSlice(...a),
    ...createNavigationSlice(...a),
    ...createShownFilesSlice(...a),
    ...createSearchSlice(...a),
    ...createSettingsSlice(settings, layout)(...a),
    ...createToastsSlice(...a),
    ...createDialogSlice(...a),
    ...createThreadsSlice(...a),
    ...createRoundChangesSlice(...a),
    ...createDiffViewsSlice(...a),
    ...createCommitsSlice(...a),
    ...createProposalsSlice(...a),
    ...createTourSlice(...a),
    ...createQuestionsSlice(...a),
    ...createCheckSlice(...a),
    ...createRenderedFilesSlice(...a),
  }));
}
