/**
 * The proposals of one review, held by its server: what the agent posted
 * (deduplicated by id, so posting the same finding twice is a no-op) and
 * what the reviewer answered. The agent's route only adds; the reviewer's
 * routes answer and reply. Outdated is worked out when asked, from the
 * lines as they read now.
 */
import { isProposalOutdated, type Proposal, type ProposalAnswer, type ProposalState } from '@redline/core';
import { RedlineError } from '../errors.js';

/** A reviewer's act on a proposal, as the page sends it. */
export type ProposalAct =
  | { act: 'accept'; id: string; annotationId: string }
  | { act: 'edit'; id: string; annotationId: string }
  | { act: 'reject'; id: string }
  | { act: 'reply'; id: string; text: string };

export type ProposalActKind = ProposalAct['act'];

interface Entry {
  proposal: Proposal;
  answer: ProposalAnswer;
  replies: string[];
}

/** The lines a proposal is on, as they read now; null when they are gone. */
export type ReadNow = (proposal: Proposal) => Promise<string | null>;

export class ProposalBoard {
  private readonly entries = new Map<string, Entry>();

  /** Adds the proposals not yet here; says which ids are new and which were known. */
  add(proposals: readonly Proposal[]): { added: string[]; known: string[] } {
    const added: string[] = [];
    const known: string[] = [];
    for (const proposal of proposals) {
      if (this.entries.has(proposal.id)) known.push(proposal.id);
      else {
        this.entries.set(proposal.id, { proposal, answer: { kind: 'unanswered' }, replies: [] });
        added.push(proposal.id);
      }
    }
    return { added, known };
  }

  get size(): number {
    return this.entries.size;
  }

  /** The reviewer's act. An outdated proposal cannot be accepted unchanged: the reviewer edits it instead. */
  async answer(act: ProposalAct, readNow: ReadNow): Promise<void> {
    const entry = this.entries.get(act.id);
    if (!entry) throw new RedlineError('not-found', `no proposal ${JSON.stringify(act.id)} in this review`);
    if (act.act === 'reply') {
      entry.replies.push(act.text);
      return;
    }
    if (act.act === 'accept' && isProposalOutdated(entry.proposal, await readNow(entry.proposal))) {
      throw new RedlineError('changed', 'this proposal is outdated: its lines changed since the agent made it; edit it to keep it');
    }
    entry.answer = act.act === 'reject' ? { kind: 'rejected' } : { kind: act.act === 'accept' ? 'accepted' : 'edited', annotationId: act.annotationId };
  }

  async states(readNow: ReadNow): Promise<ProposalState[]> {
    const entries = [...this.entries.values()];
    const now = await Promise.all(entries.map((entry) => readNow(entry.proposal).catch(() => null)));
    return entries.map((entry, index) => ({ ...entry, replies: [...entry.replies], outdated: isProposalOutdated(entry.proposal, now[index] ?? null) }));
  }
}
