/**
 * The review the export is rendered from, assembled in one place: the server
 * renders the feedback from it, and the page's preview shows exactly the
 * same text because it builds the same value from the same three things (the
 * review as served, the submission, the agent's proposals as the server
 * states them): earlier rounds' threads, this Send's resolves and replies and
 * the proposals' outcomes included.
 */
import { carriedSetsOf, carriedSuggestionsOf, exportThreadsOf } from '../export/exportThreads.js';
import { quoteLineComments } from '../export/quotedLines.js';
import { checkCoversSuggestions, type CheckedResult } from '../export/renderChecked.js';
import type { ProposalState } from '../proposals/proposalTypes.js';
import type { Question } from '../questions/questionTypes.js';
import type { FeedbackFile, FeedbackReview, FeedbackSubmission, FileFacts, ReviewData } from './types.js';

export function buildFeedbackReview(
  review: Pick<ReviewData, 'target' | 'files' | 'rounds' | 'patch'>,
  submission: FeedbackSubmission,
  proposals: readonly ProposalState[],
  questions: readonly Question[] = [],
  checked: CheckedResult | null = null,
): FeedbackReview {
  const built: FeedbackReview = {
    target: review.target,
    verdict: submission.verdict,
    summary: submission.summary,
    // Each line comment quotes its lines from the patch, here so the preview and the export agree.
    annotations: quoteLineComments(review.patch, review.files, submission.annotations),
    files: review.files.map(feedbackFileOf),
  };
  // The threads the page shows, with this Send's own resolves, reopens and replies.
  const threads = exportThreadsOf(review.rounds?.threads ?? [], submission.threadActs ?? []);
  if (threads) built.threads = threads;
  // The earlier rounds' suggestions still open, with their code, for `redline apply` (docs/feedback-format.md, section 8).
  // An earlier round's fix set is carried whole or not at all (docs/feedback-format.md, section 10).
  const open = carriedSuggestionsOf(review.rounds?.threads ?? [], submission.threadActs ?? [], submission.annotations);
  const { carried, carriedSets } = carriedSetsOf(review.rounds?.fixSets ?? [], open);
  if (carried.length > 0) built.carried = carried;
  if (carriedSets.length > 0) built.carriedSets = carriedSets;
  // This Send's fix sets, over its annotations (checked at the edge).
  if (submission.fixSets && submission.fixSets.length > 0) built.fixSets = [...submission.fixSets];
  // The agent's proposals and what became of each (the "Agent proposals" section).
  if (proposals.length > 0) built.proposals = [...proposals];
  // The reviewer's questions to the agent and its answers (the "Questions to the agent" section).
  if (questions.length > 0) built.questions = [...questions];
  // The check before sending, only when it ran with exactly the suggestions sent (a stale one is left out).
  const sentIds = submission.annotations.flatMap((a) => (a.kind === 'suggestion' ? [a.id] : []));
  if (checked && checkCoversSuggestions(checked, sentIds)) built.checked = checked;
  return built;
}

/** Only what the renderer prints renames with. */
function feedbackFileOf(facts: FileFacts): FeedbackFile {
  return facts.status === 'renamed' || facts.status === 'copied'
    ? { path: facts.path, status: facts.status, oldPath: facts.oldPath, similarity: facts.similarity, ...(facts.pairedByReviewer ? { pairedByReviewer: true as const } : {}) }
    : { path: facts.path, status: facts.status, oldPath: null };
}
