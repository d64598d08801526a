/**
 * The proposals of one review, held by its server: what the agent posted
 * (deduplicated by id, so posting the same finding twice is a no-op) and
 * what the reviewer answered; and the agent's tour of its change (a new one
 * replaces the earlier). The agent's route only adds; the reviewer's
 * routes answer and reply. Outdated is worked out when asked, from the
 * lines as they read now.
 *
 * Kept on disk when given a keeping (keptBoard.ts, `.git/redline/proposals/`):
 * every change (a post that adds, an answer, a reply, a tour) is written before the
 * call returns, so a server that dies loses nothing it answered; what an
 * earlier run of the same review kept is there before anything else.
 */
import { isProposalOutdated, type Proposal, type ProposalAnswer, type ProposalState, type Question, type Tour } from '@redline/core';
import { RedlineError } from '../errors.js';

/** A reviewer's act on a proposal, as the page sends it. */
export type ProposalAct =
  | { act: 'accept'; id: string; annotationId: string }
  | { act: 'edit'; id: string; annotationId: string }
  | { act: 'reject'; id: string }
  | { act: 'reply'; id: string; text: string };

export type ProposalActKind = ProposalAct['act'];

/** One proposal with the reviewer's answer and replies: what the board holds and keeps. */
export interface BoardEntry {
  proposal: Proposal;
  answer: ProposalAnswer;
  replies: string[];
}

/** What the board keeps: the proposals in the order they came, and the tour (null: none posted). */
export interface KeptBoard {
  entries: readonly BoardEntry[];
  tour: Tour | null;
  /** The reviewer's questions to the agent and its answers. */
  questions: readonly Question[];
}

/** The reviewer's questions, kept with the board (questions/questionBoard.ts). */
export interface KeptQuestions {
  list(): Question[];
  /** What an earlier run kept, put back before any act. */
  restore(questions: readonly Question[]): void;
}

/** Where the board is kept between runs of the same review. */
export interface BoardKeeping {
  /** What an earlier run kept (empty when nothing, or nothing readable, was kept); never rejects. */
  load(): Promise<KeptBoard>;
  save(board: KeptBoard): Promise<void>;
  /** The review is done with (its feedback was sent): the kept board goes. */
  remove(): Promise<void>;
}

/** A reply's words: at most this many characters (a reply is a sentence or a paragraph, not a file). */
export const MAX_REPLY_CHARS = 20_000;

/** Whether a text is a reply the board takes: some words, at most MAX_REPLY_CHARS characters. */
export function isReplyText(text: string): boolean {
  return text.trim() !== '' && text.length <= MAX_REPLY_CHARS;
}

/** The lines a proposal is on, as they read now; null when they are gone. */
export type ReadNow = (proposal: Proposal) => Promise<string | null>;

export class ProposalBoard {
  private readonly entries = new Map<string, BoardEntry>();
  private tourNow: Tour | null = null;
  private keeping: BoardKeeping | null = null;
  private questions: KeptQuestions | null = null;
  /** The kept board's reading: every act waits for it, so what was kept comes first. */
  private loaded: Promise<void> = Promise.resolve();
  /** The last save: the next one waits for it, and writes the board as it is then. */
  private saving: Promise<void> = Promise.resolve();

  /** Keeps the board from now on; resolves once what an earlier run kept is here. */
  keepIn(keeping: BoardKeeping, questions: KeptQuestions): Promise<void> {
    this.keeping = keeping;
    this.questions = questions;
    this.loaded = keeping.load().then(({ entries, tour, questions: kept }) => {
      for (const entry of entries) if (!this.entries.has(entry.proposal.id)) this.entries.set(entry.proposal.id, entry);
      this.tourNow ??= tour;
      questions.restore(kept);
    });
    return this.loaded;
  }

  /** Writes the board now that a question was asked or answered (its routes answer once it is on disk). */
  async keepQuestions(): Promise<void> {
    await this.loaded;
    return this.save();
  }

  /** Removes the kept board (the feedback was sent), once saves in flight are done. */
  async forgetKept(): Promise<void> {
    await this.saving.catch(() => undefined);
    await this.keeping?.remove();
  }

  /** The agent's tour, null until it posts one. */
  async tour(): Promise<Tour | null> {
    await this.loaded;
    return this.tourNow;
  }

  /** The agent's tour (checked by its route): replaces the earlier one. */
  async setTour(tour: Tour): Promise<void> {
    await this.loaded;
    this.tourNow = tour;
    return this.save();
  }

  /** Adds the proposals not yet here; says which ids are new and which were known. */
  async add(proposals: readonly Proposal[]): Promise<{ added: string[]; known: string[] }> {
    await this.loaded;
    const added: string[] = [];
    const known: string[] = [];
    for (const proposal of proposals) {
      if (this.entries.has(proposal.id)) known.push(proposal.id);
      else {
        this.entries.set(proposal.id, { proposal, answer: { kind: 'unanswered' }, replies: [] });
        added.push(proposal.id);
      }
    }
    if (added.length > 0) await this.save();
    return { added, known };
  }

  get size(): number {
    return this.entries.size;
  }

  /** The reviewer's act. An outdated proposal cannot be accepted unchanged: the reviewer edits it instead. */
  async answer(act: ProposalAct, readNow: ReadNow): Promise<void> {
    await this.loaded;
    const entry = this.entries.get(act.id);
    if (!entry) throw new RedlineError('not-found', `no proposal ${JSON.stringify(act.id)} in this review`);
    if (act.act === 'reply') {
      entry.replies.push(act.text);
      return this.save();
    }
    if (act.act === 'accept' && isProposalOutdated(entry.proposal, await readNow(entry.proposal))) {
      throw new RedlineError('changed', 'this proposal is outdated: its lines changed since the agent made it; edit it to keep it');
    }
    entry.answer = act.act === 'reject' ? { kind: 'rejected' } : { kind: act.act === 'accept' ? 'accepted' : 'edited', annotationId: act.annotationId };
    return this.save();
  }

  async states(readNow: ReadNow): Promise<ProposalState[]> {
    await this.loaded;
    const entries = [...this.entries.values()];
    const now = await Promise.all(entries.map((entry) => readNow(entry.proposal).catch(() => null)));
    return entries.map((entry, index) => ({ ...entry, replies: [...entry.replies], outdated: isProposalOutdated(entry.proposal, now[index] ?? null) }));
  }

  /** Writes the board as it is when this save's turn comes (saves run one at a time, so the last one written is the newest). */
  private save(): Promise<void> {
    const keeping = this.keeping;
    if (!keeping) return Promise.resolve();
    const save = this.saving.catch(() => undefined).then(() => keeping.save({ entries: [...this.entries.values()], tour: this.tourNow, questions: this.questions?.list() ?? [] }));
    this.saving = save;
    return save;
  }
}
