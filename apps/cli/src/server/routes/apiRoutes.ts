/** The API's route table: path and method to handler, paths from the shared contract in @redline/core. */
import { API } from '@redline/core';
import type { ApiHandler } from './apiContext.js';
import { deleteCheck, getCheck, postCheck } from './checkRoute.js';
import { postClose } from './closeRoute.js';
import { getCommits, getCommitSpan } from './commitsRoute.js';
import { getDraft, putDraft } from './draftRoute.js';
import { postFeedback } from './feedbackRoute.js';
import { getFile } from './fileRoute.js';
import { getFreshness } from './freshnessRoute.js';
import { getImage } from './imageRoute.js';
import { putManualPairs } from './manualPairsRoute.js';
import { putPreferences } from './preferencesRoute.js';
import { getReview } from './reviewRoute.js';
import { getReviewSections } from './reviewSectionsRoute.js';
import { getRoundChanges } from './roundChangesRoute.js';
import { getRoundDiff } from './roundDiffRoute.js';
import { getProposals, postProposalAnswer } from './proposalsRoute.js';
import { postQuestion } from './questionsRoute.js';
import { postOpenInEditor } from './openInEditorRoute.js';
import { postPublish } from './publishRoute.js';
import { getCompare, getCompareAgainst, postCompareApply, putCompareNames, putCompareNotes, putComparePicks } from './compareRoute.js';

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

export const API_ROUTES: ReadonlyMap<string, Partial<Record<Method, ApiHandler>>> = new Map([
  [API.review, { GET: getReview }],
  [API.reviewSections, { GET: getReviewSections }],
  [API.file, { GET: getFile }],
  [API.image, { GET: getImage }],
  [API.freshness, { GET: getFreshness }],
  [API.draft, { GET: getDraft, PUT: putDraft }],
  [API.feedback, { POST: postFeedback }],
  [API.close, { POST: postClose }],
  [API.roundDiff, { GET: getRoundDiff }],
  [API.roundChanges, { GET: getRoundChanges }],
  [API.commits, { GET: getCommits }],
  [API.commitSpan, { GET: getCommitSpan }],
  [API.proposals, { GET: getProposals }],
  [API.proposalAnswer, { POST: postProposalAnswer }],
  [API.questions, { POST: postQuestion }],
  [API.preferences, { PUT: putPreferences }],
  [API.openInEditor, { POST: postOpenInEditor }],
  [API.check, { GET: getCheck, POST: postCheck, DELETE: deleteCheck }],
  [API.publish, { POST: postPublish }],
  [API.manualPairs, { PUT: putManualPairs }],
  [API.compare, { GET: getCompare }],
  [API.compareNames, { PUT: putCompareNames }],
  [API.comparePicks, { PUT: putComparePicks }],
  [API.compareApply, { POST: postCompareApply }],
  [API.compareAgainst, { GET: getCompareAgainst }],
  [API.compareNotes, { PUT: putCompareNotes }],
]);

/** The handler for a path and method; HEAD is answered like GET. */
export function findApiHandler(path: string, method: string): ApiHandler | 'not-found' | 'method-not-allowed' {
  const route = API_ROUTES.get(path);
  if (!route) return 'not-found';
  const handler = route[(method === 'HEAD' ? 'GET' : method) as Method];
  return handler ?? 'method-not-allowed';
}
