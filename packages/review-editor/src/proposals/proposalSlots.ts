/**
 * Where the proposals sit in the diff: under their last line, on their side,
 * like the reviewer's line annotations; an outdated one, or one on a line the
 * diff does not draw (unchanged code outside every hunk), above the file's
 * first line (diff/slotPlacement.ts). Only the ones not yet taken in
 * (diff/buildItems.ts adds these to a file's slots).
 */
import type { DiffLineAnnotation } from '@pierre/diffs';
import type { ProposalState } from '@redline/core';
import type { SlotMeta } from '../diff/slotMeta.js';
import { placeOnLine } from '../diff/slotPlacement.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';
import { isShownAsProposal } from './proposalsSlice.js';

export function proposalSlots(file: ReviewFile, proposals: readonly ProposalState[]): DiffLineAnnotation<SlotMeta>[] {
  return proposals
    .filter((state) => state.proposal.finding.path === file.path && isShownAsProposal(state))
    .map(({ proposal, outdated }) => placeOnLine(file, proposal.finding.side, outdated ? 0 : proposal.finding.lines.end, { kind: 'proposal', id: proposal.id }));
}
