/**
 * The reviewer's questions to the agent in one review, held by its server:
 * asked on the reviewer's route, handed to the agent by its wait (each one
 * once: a wait that returns it marks it picked up), answered on the agent's
 * route. Asking is open only where an agent reads the questions (a review
 * `redline start` opened); under plain `redline` the agent is blocked until
 * the feedback, so the page is told why it cannot ask instead.
 */
import type { Question, QuestionAnswer, QuestionAsking } from '@redline/core';
import { RedlineError } from '../errors.js';

/** Why a plain `redline` review takes no questions: its agent reads nothing before the feedback. */
export const ASKING_UNAVAILABLE: QuestionAsking = {
  kind: 'unavailable',
  why: 'the agent is waiting for your whole feedback; questions go in it',
};

export class QuestionBoard {
  private readonly entries = new Map<string, Question>();
  private state: QuestionAsking = ASKING_UNAVAILABLE;
  private arrival: { promise: Promise<void>; resolve: () => void } | null = null;

  /** An agent reads the questions (its wait returns them): the page may ask. */
  openAsking(): void {
    this.state = { kind: 'live' };
  }

  get asking(): QuestionAsking {
    return this.state;
  }

  /** Refused, with the reason, where no agent would read a question. */
  assertAsking(): void {
    if (this.state.kind === 'unavailable') throw new RedlineError('asking-unavailable', `the agent cannot be asked in this review: ${this.state.why}`);
  }

  /** Adds the reviewer's question and wakes the agent's wait. */
  ask(question: Question): void {
    this.assertAsking();
    this.entries.set(question.id, question);
    const arrival = this.arrival;
    this.arrival = null;
    arrival?.resolve();
  }

  /** Resolves the next time a question is asked. */
  nextQuestion(): Promise<void> {
    if (!this.arrival) {
      let resolve!: () => void;
      const promise = new Promise<void>((done) => (resolve = done));
      this.arrival = { promise, resolve };
    }
    return this.arrival.promise;
  }

  /** The unanswered questions no wait has returned yet, oldest first, now marked picked up. */
  pickUp(at = new Date().toISOString()): Question[] {
    const waiting = this.list().filter((question) => question.answer === null && question.pickedUpAt === null);
    for (const question of waiting) this.entries.set(question.id, { ...question, pickedUpAt: at });
    return waiting.map((question) => ({ ...question, pickedUpAt: at }));
  }

  /** Whether a question waits that no wait has returned. */
  get hasWaiting(): boolean {
    return [...this.entries.values()].some((question) => question.answer === null && question.pickedUpAt === null);
  }

  /** The question the agent may answer: refused by id when there is none or it is already answered. */
  answerable(id: string): Question {
    const question = this.entries.get(id);
    if (!question) throw new RedlineError('not-found', `no question ${JSON.stringify(id)} in this review ('redline wait' prints the questions with their ids)`);
    if (question.answer !== null) throw new RedlineError('already-answered', `question ${JSON.stringify(id)} is already answered; nothing was changed`);
    return question;
  }

  answer(id: string, answer: QuestionAnswer): void {
    const question = this.answerable(id);
    this.entries.set(id, { ...question, answer });
  }

  /**
   * What an earlier run of the review kept (proposals/keptBoard.ts), none
   * of it picked up: an unanswered question goes to the agent's next wait
   * again, since the agent that picked it up may have gone with the server.
   */
  restore(questions: readonly Question[]): void {
    for (const question of questions) if (!this.entries.has(question.id)) this.entries.set(question.id, { ...question, pickedUpAt: null });
  }

  /** Every question, in the order asked. */
  list(): Question[] {
    return [...this.entries.values()];
  }
}
