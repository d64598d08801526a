/**
 * Where the proposals sit in the diff: under their last line, on their side,
 * like the reviewer's line annotations; an outdated one above the file's
 * first line, as an outdated annotation does. Only the ones not yet taken in
 * (diff/buildItems.ts adds these to a file's slots).
 */
import type { DiffLineAnnotation } from '@pierre/diffs';
import type { ProposalState } from '@redline/core';
import type { SlotMeta } from '../diff/slotMeta.js';
import { isShownAsProposal } from './proposalsSlice.js';

export function proposalSlots(path: string, proposals: readonly ProposalState[]): DiffLineAnnotation<SlotMeta>[] {
  return proposals
    .filter((state) => state.proposal.finding.path === path && isShownAsProposal(state))
    .map(({ proposal, outdated }) => ({
      side: proposal.finding.side === 'old' ? 'deletions' : 'additions',
      lineNumber: outdated ? 0 : proposal.finding.lines.end,
      metadata: { kind: 'proposal', id: proposal.id },
    }));
}
