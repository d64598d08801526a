/**
 * What a review reads of its series' earlier rounds, apart from
 * its own diff: the rounds and their threads (read once), and the diff since
 * the last round (with each reading). Two readers, so the since-round diff
 * needs the series' last round alone, not the threads; at start-up both
 * wait until the link is out, and on later readings the since-round diff
 * runs beside the review's own (gitReviewSource.ts).
 */
import type { ReviewRoundsData, SinceRoundData } from '@redline/core';
import type { OpenSeries } from './chooseSeries.js';
import { readRoundsData, roundAndState } from './readRoundsData.js';
import { lastRound } from './readSeries.js';
import { readSinceRound } from './readSinceRound.js';

export interface RoundsReader {
  /** The series' rounds, last round's blob ids and threads; undefined without an earlier round. */
  readRounds(): Promise<ReviewRoundsData | undefined>;
  /** The diff since the last round; undefined without an earlier round whose state is readable. */
  readSinceRound(ignoreWhitespace: boolean): Promise<SinceRoundData | undefined>;
}

/** The edge a test may hold: each since-round reading passes through it (a delay, a failure). */
export type SinceRoundGate = (reading: Promise<SinceRoundData | undefined>) => Promise<SinceRoundData | undefined>;

export const NO_ROUNDS: RoundsReader = { readRounds: async () => undefined, readSinceRound: async () => undefined };

export function seriesRoundsReader(root: string, series: OpenSeries | null, gate: SinceRoundGate = (reading) => reading): RoundsReader {
  const earlier = series?.earlier;
  if (!series || !earlier) return NO_ROUNDS;
  return {
    // The threads' lines now are this review's (a pull request's series goes on over a new head).
    readRounds: () => readRoundsData(root, { ...earlier, target: series.target }),
    readSinceRound: (ignoreWhitespace) => gate(readSinceRound(root, series.target, roundAndState(lastRound(earlier)), ignoreWhitespace)),
  };
}
