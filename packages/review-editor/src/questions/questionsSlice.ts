/**
 * The reviewer's questions to the agent, as the server last answered them
 * (polled with the proposals), and whether the page may ask now: live in a
 * `redline start` review, or unavailable with the reason to show instead of
 * the control (plain `redline`: its agent reads nothing before the feedback).
 */
import type { Question, QuestionAsking } from '@redline/core';
import type { ReviewSliceCreator } from '../app/reviewStore.js';

export interface QuestionsSlice {
  questions: Question[];
  asking: QuestionAsking;
  /** Replaces them only when the poll changed them (an unchanged poll renders nothing). */
  setQuestions(questions: Question[], asking: QuestionAsking): void;
}

/** Until the server says otherwise: nobody to ask, and no reason to show yet. */
const NOT_YET: QuestionAsking = { kind: 'unavailable', why: 'the review is loading' };

export const createQuestionsSlice: ReviewSliceCreator<QuestionsSlice> = (set, get) => ({
  questions: [],
  asking: NOT_YET,
  setQuestions(questions, asking) {
    const now = get();
    const same = JSON.stringify(questions) === JSON.stringify(now.questions);
    const sameAsking = JSON.stringify(asking) === JSON.stringify(now.asking);
    if (same && sameAsking) return;
    set({ ...(same ? {} : { questions }), ...(sameAsking ? {} : { asking }) });
  },
});
