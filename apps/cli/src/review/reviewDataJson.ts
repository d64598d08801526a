/**
 * ReviewData and its JSON, written in two parts around the patch so the
 * answer can be built while the patch streams in. The key order here is the
 * one JSON.stringify(data) uses for makeReviewData's object, so
 * `head + escapeJsonText(patch) + tail` is exactly JSON.stringify(data).
 */
import type { FileFacts, PullRequestData, ReviewData, ReviewRoundsData, ReviewTarget, SinceRoundData } from '@redline/core';

export interface ReviewDataParts {
  target: ReviewTarget;
  repoName: string;
  patchOnly: boolean;
  ignoreWhitespace: boolean;
  /** The review series' earlier rounds, last in the JSON when present. */
  rounds?: ReviewRoundsData;
  /** The diff since the last round's state, after the rounds. */
  sinceRound?: SinceRoundData;
  /** The pull request under review and its forge threads, last. */
  pullRequest?: PullRequestData;
}

export function makeReviewData(parts: ReviewDataParts, patch: string, files: FileFacts[], fingerprint: string): ReviewData {
  const data: ReviewData = {
    target: parts.target,
    repoName: parts.repoName,
    patch,
    files,
    fingerprint,
    patchOnly: parts.patchOnly,
    ignoreWhitespace: parts.ignoreWhitespace,
  };
  if (parts.rounds) data.rounds = parts.rounds;
  if (parts.sinceRound) data.sinceRound = parts.sinceRound;
  if (parts.pullRequest) data.pullRequest = parts.pullRequest;
  return data;
}

/** Everything before the patch string's contents: `{"target":…,"repoName":…,"patch":"`. */
export function reviewJsonHead(parts: ReviewDataParts): string {
  return `{"target":${JSON.stringify(parts.target)},"repoName":${JSON.stringify(parts.repoName)},"patch":"`;
}

/** Everything after it: `","files":…,"fingerprint":…,"patchOnly":…,"ignoreWhitespace":…` and the optional parts, `}`. */
export function reviewJsonTail(parts: ReviewDataParts, filesJson: string, fingerprint: string): string {
  return `","files":${filesJson},"fingerprint":${JSON.stringify(fingerprint)},"patchOnly":${JSON.stringify(parts.patchOnly)},"ignoreWhitespace":${JSON.stringify(parts.ignoreWhitespace)}${parts.rounds ? `,"rounds":${JSON.stringify(parts.rounds)}` : ''}${parts.sinceRound ? `,"sinceRound":${JSON.stringify(parts.sinceRound)}` : ''}${parts.pullRequest ? `,"pullRequest":${JSON.stringify(parts.pullRequest)}` : ''}}`;
}

/**
 * A piece of a string as it appears inside a JSON string literal. Pieces may
 * be escaped one by one as long as no piece ends inside a surrogate pair
 * (text decoded from UTF-8 by StringDecoder never does).
 */
export function escapeJsonText(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}
