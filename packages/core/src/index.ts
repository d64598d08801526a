/**
 * The public surface of @redline/core, by name: what is not listed here is
 * internal to the core (apply/'s steps, the markdown syntax table) or a test
 * helper (applySuggestionHunks, testing/), and no package may reach it.
 * `publicExports.test.ts` pins this list against `publicExports.yaml`; see
 * docs/architecture.md for what lives in each folder.
 */

// The review model: the glossary, the HTTP contract, ids
export type {
  Annotation, AnnotationKind, AnnotationScope, ApiError, Comment, DraftData, FeedbackReview,
  FeedbackSubmission, FileComment, FileContentsData, FileFacts, FileRefusalCode, FileSideContents,
  FileStatus, FreshnessData, GeneralComment, LineAnnotation, LineComment, ReviewData,
  ReviewTarget, Side, Suggestion, TargetKind, UnsentComposer, UnsentTarget, Verdict,
  FeedbackFile, MovedFileFacts, PlainFileFacts, QuotedLines, FixSet, CarriedFixSet, CarriedSuggestion,
} from './model/types.js';
export { isPagedReview } from './model/pagedReview.js';
export type { PagedReviewData, ReviewPages, ServedReviewData } from './model/pagedReview.js';
export { fileMove, similarityChip, similarityWords } from './model/fileMove.js';
export type { FileMove } from './model/fileMove.js';
export type { LineSpan } from './model/lineSpan.js';
export { LABEL_KINDS, blockingWord, defaultBlocking, isLabelKind, labelChipWords, labelOfKind } from './model/commentLabel.js';
export type { CommentLabel, LabelKind } from './model/commentLabel.js';
export { lineSpanWords } from './model/lineSpan.js';
export type { ForgeThread, ForgeThreadComment, PullRequestData } from './model/pullRequest.js';
export { API, COMPARE_MARKER_NAME, DRAFT_BASE_HEADER, FIRST_SCREEN_ID, LINK_HEADER, MAX_EDITABLE_BYTES, PREFERENCES_ELEMENT_ID, SESSION_HEADER, SESSION_STORAGE_KEY } from './model/api.js';
export type { ApiRequests, ApiResponses, FeedbackResult, ManualPair, ManualPairsBody, OpenInEditorBody, ProposalActBody, ProposalsData, PublishResult, ReviewSection, ReviewSectionsData, SessionGrant } from './model/api.js';
export {
  clampSidebarWidth, DEFAULT_LAYOUT, DEFAULT_PREFERENCES, DEFAULT_SETTINGS, MAX_UNIFIED_BELOW, readPreferences, SIDEBAR_WIDTH,
} from './model/preferences.js';
export type { DiffStyle, FollowLive, LayoutSettings, Preferences, Settings, ThemeChoice } from './model/preferences.js';
export { suggestionId } from './model/suggestionId.js';
export { fixSetId } from './model/fixSetId.js';
export type { FixSetMemberContent } from './model/fixSetId.js';
export type { SuggestionContent } from './model/suggestionId.js';
export { errorMessage } from './model/errorMessage.js';
export { isFingerprint } from './model/isFingerprint.js';
export { buildFeedbackReview } from './model/buildFeedbackReview.js';
export { refusalFromFileFacts } from './model/refusalFromFileFacts.js';
export type { FileFactsRefusal } from './model/refusalFromFileFacts.js';

// Suggestion derivation and anchoring
export {
  DEFAULT_MAX_EDIT_LENGTH, DEFAULT_TIMEOUT_MS, diffLineRegions, resolveLineDiffOptions,
} from './suggestions/diffLineRegions.js';
export type { LineDiffOptions, LineRegion, LineRegions } from './suggestions/diffLineRegions.js';
export { deriveSuggestionHunks } from './suggestions/deriveSuggestionHunks.js';
export type {
  DeriveSuggestionOptions, DerivedSuggestions, SuggestionHunk,
} from './suggestions/deriveSuggestionHunks.js';
export { mapSelectionAnchor } from './suggestions/mapSelectionAnchor.js';
export type { LineSelection, SelectionAnchor } from './suggestions/mapSelectionAnchor.js';
export { reanchorAnnotations } from './suggestions/reanchorAnnotations.js';
export type {
  ReanchorStatus, ReanchorTexts, ReanchoredAnnotation, SideTextChange,
} from './suggestions/reanchorAnnotations.js';
export { findSuggestionOverlaps, isEmptyFileInsertion, suggestionsOverlap } from './suggestions/suggestionsOverlap.js';

// Fix sets: suggestions applied together or not at all
export { defaultSetDescription, makeFixSet, MIN_FIX_SET_MEMBERS, oneLine } from './fixSets/makeFixSet.js';
export { combineIntoSet, keepFixSets, splitSet } from './fixSets/combineIntoSet.js';
export type { CombineResult } from './fixSets/combineIntoSet.js';
export { fixSetOfMember, fixSetOverlaps, fixSetProblems } from './fixSets/fixSetProblems.js';
export { deriveFixSet, fixSetFromHunks, suggestionFromHunk } from './fixSets/deriveFixSet.js';
export type { DerivedChange, DerivedSetWords, SessionFile, SessionFileHunks } from './fixSets/deriveFixSet.js';

// Comparing several attempts at one change: the overview, and the picks as one fix set
export { isTakenWhole, variantOverview } from './compare/variantOverview.js';
export type { OverviewRow, VariantFileFact, VariantFiles } from './compare/variantOverview.js';
export { pickedText } from './compare/pickedText.js';
export type { HunkRange, VariantPick, PickTexts, PickedText } from './compare/pickedText.js';
export { picksToFixSet } from './compare/picksToFixSet.js';
export type { PickedFile, PicksChange } from './compare/picksToFixSet.js';
export { renderVariantFeedback } from './compare/renderVariantFeedback.js';
export type { CompareNotesBody, VariantComment, VariantNotes, VariantVerdict } from './compare/compareApi.js';
export type { CompareAgainstData, CompareApplyResult, CompareData, CompareFileData, CompareNamesBody, ComparePicksBody, CompareVariantData } from './compare/compareApi.js';

// The feedback export: render and parse, markdown and JSON, fences, validation, order
export {
  codeSpan, codeSpanDelimiter, fenceFor, fencedBlock, longestBacktickRun, readCodeSpan,
} from './export/fences.js';
export type { CodeSpanMatch } from './export/fences.js';
export { renderFeedbackMarkdown } from './export/renderFeedbackMarkdown.js';
export { unsafeCharsWarning } from './export/markdownWriters.js';
export { parseFeedbackMarkdown } from './export/parseFeedbackMarkdown.js';
export { decisionForVerdict, FEEDBACK_FORMAT, FEEDBACK_VERSION, FEEDBACK_VERSIONS_READ } from './export/feedbackJson.js';
export type { FeedbackDecision } from './export/feedbackJson.js';
export { proposalsToJson, renderClosedFeedbackJson, renderFeedbackJson } from './export/renderFeedbackJson.js';
export { parseFeedbackJson } from './export/parseFeedbackJson.js';
export { detectFeedbackFormat, parseFeedback } from './export/parseFeedback.js';
export type { FeedbackParseError, ParseResult } from './export/feedbackParseResult.js';
export { compareAnnotations, compareStrings, normalizeFeedbackReview } from './export/normalizeFeedbackReview.js';
export { FILE_STATUSES, TARGET_KINDS, VERDICTS, validateAnnotations, validateFeedbackReview } from './export/validateFeedbackReview.js';
export type { ValidationResult } from './export/validateFeedbackReview.js';
export { validateFixSets } from './export/readFixSets.js';
export { formatFieldProblem, formatFieldProblems, quoteForMessage } from './export/fieldReader.js';
export type { FieldProblem } from './export/fieldReader.js';

// The agent's proposals: findings, their ids, outdated, and their outcomes in the export
export { FINDING_KINDS, MAX_FINDINGS, MAX_FINDINGS_BYTES } from './proposals/proposalTypes.js';
export type {
  Finding, FindingKind, FindingLines, Proposal, ProposalAnswer, ProposalAnswerKind, ProposalState, ProposedReplacement,
} from './proposals/proposalTypes.js';
export { validateFindings } from './proposals/validateFindings.js';
export type { FindingsResult } from './proposals/validateFindings.js';
export { proposalId } from './proposals/proposalId.js';
export { isProposalOutdated, linesText } from './proposals/isProposalOutdated.js';
export { MAX_TOUR_STEPS, MAX_TOUR_TITLE } from './tour/tourTypes.js';
export type { Tour, TourStep } from './tour/tourTypes.js';
export { validateTour } from './tour/validateTour.js';
export type { TourResult } from './tour/validateTour.js';
export { PROPOSALS_NOTE, renderProposalsMarkdown, sortProposalStates } from './export/renderProposalsMarkdown.js';
export type { ProposalOutcome } from './export/renderProposalsMarkdown.js';
export { MAX_QUESTION_CHARS, QUESTION_SCOPES } from './questions/questionTypes.js';
export type {
  AnswerSuggestion, Question, QuestionAnchor, QuestionAnswer, QuestionAsk, QuestionAsking, QuestionReply, QuestionScope,
} from './questions/questionTypes.js';
export { questionId } from './questions/questionId.js';
export { validateQuestionAsk, validateQuestionReply } from './questions/validateQuestions.js';
export type { QuestionAskResult, QuestionReplyResult } from './questions/validateQuestions.js';
export { CHECKED_TAIL_LINES, checkCoversSuggestions, checkedSentence, checkedToJson, formatCheckSeconds, renderCheckedMarkdown } from './export/renderChecked.js';
export type { CheckedResult } from './export/renderChecked.js';
export type { CheckCommandChoice, CheckData, CheckProgress, CheckRunData, CheckRunState, CheckStartBody } from './model/checkRun.js';
export { QUESTIONS_NOTE, questionPlace, questionsToJson, renderQuestionBlocks, renderQuestionsMarkdown } from './export/renderQuestions.js';
export { exportThreadsOf } from './export/exportThreads.js';
export type { ExportOpenThread, ExportSettledThread, ExportThreads, OpenThreadState, SettledOutcome, ThreadReply } from './export/exportThreads.js';

// Apply planning
export { planApply } from './apply/planApply.js';
export type { ApplyPlan, PlanApplyInput } from './apply/planApply.js';
export type { ApplyStatus, PlanReasonCode, SuggestionOutcome } from './apply/suggestionOutcome.js';

// Diffs and lines: line handling, git's lines and path quoting, patch sections, unified diffs, file classification, the file tree, counts, languages
export { codeToLines, endsWithNewline, joinText, linesToCode, splitText, toLines } from './diff/lines.js';
export type { Eol, TextLayout } from './diff/lines.js';
export { forEachGitLine, gitLines, lineWithoutBom, splitGitLines, stripCr } from './diff/gitLines.js';
export { quoteGitPath } from './diff/quoteGitPath.js';
export type { GitPathQuoting } from './diff/quoteGitPath.js';
export { formatUnifiedDiff } from './diff/formatUnifiedDiff.js';
export type { UnifiedDiffOptions } from './diff/formatUnifiedDiff.js';
export { splitPatchSections } from './diff/splitPatchSections.js';
export {
  LARGE_DIFF_BYTES, LARGE_DIFF_CHANGED_LINES, formatBytes, isGeneratedFile, isLargeDiff, statusLabel,
  statusLetter,
} from './diff/fileClassification.js';
export { firstNewLines } from './diff/firstNewLines.js';
export { baseName, buildFileTree, flattenFileTree, pathMatchesFilter, rankFileRows } from './diff/fileTree.js';
export type { FileListOrder } from './diff/fileTree.js';
export { compareFilePaths, sortByFileOrder } from './diff/fileOrder.js';
export type { FolderNode, TreeFile, TreeRow } from './diff/fileTree.js';
export { countChangedLines } from './diff/countChangedLines.js';
export { languageForPath } from './diff/languageForPath.js';
export { imageKindOfPath, isImageFile, MAX_IMAGE_BYTES } from './diff/imageFiles.js';
export type { ImageKind } from './diff/imageFiles.js';
export { cutLongLine, isLongLine, LONG_LINE_LIMIT } from './diff/longLines.js';

// Text and path safety
export { sha256Hex, utf8Bytes } from './safety/sha256.js';
export {
  escapeCodePoint, escapeUnsafeChars, findUnsafeChars, formatCodePoint, hasUnsafeChars, unescapeUnsafeChars,
  unsafeCharKind,
} from './safety/textSafety.js';
export type { EscapeContext, FindOptions, UnsafeChar, UnsafeCharKind } from './safety/textSafety.js';
export { isPlainRepoPath, repoPathProblem } from './safety/repoPathProblem.js';
export type { RepoPathProblem, RepoPathProblemKind } from './safety/repoPathProblem.js';

// The first screen: one DOM-free model the server's HTML and the page's components draw from
export { buildFirstScreen, FIRST_SCREEN_LIMITS } from './firstScreen/buildFirstScreen.js';
export type {
  FirstScreen, FirstScreenFile, FirstScreenHunk, FirstScreenLimits, FirstScreenRoundView, FirstScreenTreeRow,
} from './firstScreen/buildFirstScreen.js';
export { actKindWords, countActKinds } from './rounds/actKindWords.js';
export { changedFilesLabel, countOf, groupDigits, largeDiffNote, OVERVIEW_WORDS, SIDEBAR_WORDS, signedCount, unmodifiedLinesLabel } from './firstScreen/diffWording.js';
export { fileNotices, isModeOnly, isRenameOnly } from './firstScreen/fileNotices.js';
export type { DiffRow, Hunk, RowKind, RowPair } from './firstScreen/parseHunks.js';
export { pairRows, parseHunks } from './firstScreen/parseHunks.js';

// Commit by commit: a range's commits and the patch of a span of them
export type { CommitSpanData, RangeCommit, RangeCommitsData } from './model/rangeCommits.js';

// Review rounds: the reviewer's identity, the stored shapes, the threads' states
export { ANONYMOUS_SLUG, MAX_REVIEWER_LENGTH, checkReviewerIdentity, foldReviewer, isSameReviewer, reviewerOfSlug, reviewerSlug } from './rounds/reviewerIdentity.js';
export type { ReviewerCheck } from './rounds/reviewerIdentity.js';
export { REVIEWER_ACT_KINDS, THREAD_STATES } from './rounds/roundTypes.js';
export { threadHeldPaths } from './rounds/threadHeldPaths.js';
export type {
  AgentActKind, RefusedThread, ReviewRoundsData, ReviewerActKind, RoundChangesData, RoundClaim, RoundCounts, RoundDiffData, RoundSignature, RoundSummary, SinceRoundData, Thread, ThreadAct, ThreadActInput,
  ThreadCode, ThreadKind, ThreadState,
} from './rounds/roundTypes.js';
export { computeThreads, mayActOnThread } from './rounds/computeThreads.js';
export { claimWords, signatureWords } from './rounds/roundClaim.js';
export type { ThreadInput } from './rounds/computeThreads.js';

// A sent round as one GitHub pull request review (docs/rounds.md, "Published to a pull request")
export { buildPullReview, IN_BODY_WHY, reviewEventOf, suggestionDiffBlock } from './forge/buildPullReview.js';
export type { PullReviewInput } from './forge/buildPullReview.js';
export { pullDiffHunksOfPatch } from './forge/pullDiffHunks.js';
export type { DiffHunkSpan, PullDiffHunks } from './forge/pullDiffHunks.js';
export { carriesRoundMarker, roundMarker } from './forge/roundMarker.js';
export type {
  GithubSide, InBodyReason, LineCommentPayload, PlacedAnnotation, Placement, PullReview, PullReviewPayload, RangeCommentPayload, ReviewCommentPayload, ReviewEvent,
} from './forge/pullReviewTypes.js';
