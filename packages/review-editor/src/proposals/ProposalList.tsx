/**
 * The agent's proposals waiting for an answer, in the sidebar's Comments tab
 * (and above the diff when a round view has no file changed): each with
 * where it is, a jump to its card, and Accept and Reject, the same acts as
 * its card (Edit and Reply need the card's form: the jump opens it).
 */
import type { ProposalState } from '@redline/core';
import { useController, useReview } from '../app/reviewContext.js';
import { waitingItemsOf } from '../annotations/waitingItems.js';
import { proposalAnchor } from './ProposalCard.js';
import { rejectProposal, takeProposal } from './proposalsService.js';
import './proposals.css';
import { markdownExcerpt } from '../markdown/markdownExcerpt.js';

export function ProposalList() {
  const proposals = useReview((s) => waitingItemsOf(s).proposals);
  if (proposals.length === 0) return null;
  return (
    <section className="annotation-list proposal-list" aria-label="Agent proposals">
      <h3 className="annotation-group-title annotation-group-words">
        Agent proposals <span className="counter">{proposals.length}</span> <span className="muted">waiting for your answer</span>
      </h3>
      <ul>
        {proposals.map((state) => (
          <ProposalItem key={state.proposal.id} state={state} />
        ))}
      </ul>
    </section>
  );
}

function ProposalItem({ state }: { state: ProposalState }) {
  const controller = useController();
  const { store, api } = controller;
  const { id, finding } = state.proposal;
  const anchor = proposalAnchor(state);
  const where = `${finding.kind} on ${anchor} in ${finding.path}`;
  return (
    <li className="annotation-item">
      <button type="button" className="annotation-jump" onClick={() => controller.jumpToLine(finding.path, finding.side, finding.lines.start)}>
        <span className="annotation-item-top">
          <span className="badge badge-proposal">Proposal · {finding.kind}</span> <span className="annotation-anchor">{anchor}</span>
          {state.outdated ? (
            <>
              {' '}
              <span className="chip chip-warning">Outdated</span>
            </>
          ) : null}
        </span>{' '}
        <span className="annotation-excerpt">
          <span className="annotation-path">{finding.path}</span> {markdownExcerpt(finding.text)}
        </span>
      </button>
      <span className="annotation-item-actions">
        <button
          type="button"
          className="btn btn-small btn-primary"
          aria-label={`Accept ${where}`}
          disabled={state.outdated}
          title={state.outdated ? 'Outdated: edit it to keep it' : 'Make it your annotation, as the agent wrote it'}
          onClick={() => void takeProposal(store, api, controller, id, 'accept', finding.text)}
        >
          Accept
        </button>
        <button type="button" className="btn btn-small btn-quiet" aria-label={`Reject ${where}`} onClick={() => void rejectProposal(store, api, id)}>
          Reject
        </button>
      </span>
    </li>
  );
}
