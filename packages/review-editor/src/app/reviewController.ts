/**
 * The review controller: what components (and the edit feature) call to
 * make something happen beyond the store. It is assembled from the
 * features' services; each service owns its effects.
 */
import type { ReviewApi } from '../api/apiClient.js';
import { createCheckService, type CheckService } from '../check/checkService.js';
import { createComposerService, type ComposerService } from '../composer/composerService.js';
import { createFeedbackService, type FeedbackService } from '../feedback/feedbackService.js';
import { createLineCursorService, type LineCursorService } from '../navigation/lineCursorService.js';
import { createNavigator, type Navigator } from '../navigation/navigator.js';
import { createFileContents, type FileContentsService } from '../reviewLoading/fileContents.js';
import { createReviewLoader, type ReviewLoader } from '../reviewLoading/reviewLoader.js';
import { createSearchService, type SearchService } from '../search/searchService.js';
import { guardRoundComments } from '../threads/roundCommentGuard.js';
import type { ReviewStore } from './reviewStore.js';

export interface ReviewController
  extends Omit<ReviewLoader, 'installReread'>,
    FileContentsService,
    ComposerService,
    Navigator,
    LineCursorService,
    SearchService,
    FeedbackService,
    CheckService {
  readonly store: ReviewStore;
  readonly api: ReviewApi;
}

/** The features' services of one review page, sharing one store, one API client and one contents cache. */
export interface ReviewServices {
  contents: FileContentsService;
  loader: ReviewLoader;
  composer: ComposerService;
  navigator: Navigator;
  lineCursor: LineCursorService;
  search: SearchService;
  feedback: FeedbackService;
  check: CheckService;
}

export function createReviewServices(store: ReviewStore, api: ReviewApi): ReviewServices {
  const contents = createFileContents(store, api);
  const navigator = createNavigator(store);
  // The round view refuses some forms (an earlier round's text, a read-only pair): one guard for every way in.
  const composer = guardRoundComments(store, createComposerService(store, contents));
  return {
    contents,
    loader: createReviewLoader(store, api, contents),
    composer,
    navigator,
    lineCursor: createLineCursorService(store, navigator, composer),
    search: createSearchService(store, navigator),
    feedback: createFeedbackService(store, api),
    check: createCheckService(store, api),
  };
}

export function createReviewController(store: ReviewStore, api: ReviewApi, services: ReviewServices = createReviewServices(store, api)): ReviewController {
  const { load, refresh, setHideWhitespace, setPairRenames } = services.loader;
  return { store, api, load, refresh, setHideWhitespace, setPairRenames, ...services.contents, ...services.composer, ...services.navigator, ...services.lineCursor, ...services.search, ...services.feedback, ...services.check };
}
