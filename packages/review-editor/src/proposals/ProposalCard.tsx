/**
 * One agent proposal, inline under its lines and drawn apart from the
 * reviewer's own cards ("Agent proposal · finding"), with Accept, Edit,
 * Reject and Reply: the reviewer's acts (the server refuses them to the
 * agent's credential). An outdated one cannot be accepted unchanged.
 */
import { useState } from 'react';
import type { ProposalState } from '@redline/core';
import { useController, useReview } from '../app/reviewContext.js';
import { SuggestionDiff } from '../annotations/SuggestionDiff.js';
import { Markdown } from '../markdown/Markdown.js';
import { rejectProposal, replyToProposal, takeProposal } from './proposalsService.js';
import { isShownAsProposal } from './proposalsSlice.js';
import './proposals.css';

type Mode = { kind: 'buttons' } | { kind: 'edit' | 'reply'; text: string };

export function ProposalCard({ id }: { id: string }) {
  const state = useReview((s) => s.proposals.find((p) => p.proposal.id === id));
  const [mode, setMode] = useState<Mode>({ kind: 'buttons' });
  // Taken in (accepted or edited): the reviewer's annotation card shows it now.
  if (!state || !isShownAsProposal(state)) return null;
  const { finding } = state.proposal;
  const anchor = finding.lines.start === finding.lines.end ? `Line ${finding.lines.start} (${finding.side})` : `Lines ${finding.lines.start}–${finding.lines.end} (${finding.side})`;
  const label = `Agent proposal · ${finding.kind}`;
  return (
    <article className={`annotation-card proposal-card${state.answer.kind === 'rejected' ? ' proposal-rejected' : ''}`} aria-label={`${label}, ${anchor}`}>
      <header className="annotation-header proposal-header">
        <span className="badge badge-proposal">{label}</span>
        <span className="annotation-anchor">{anchor}</span>
        {state.outdated ? <span className="chip chip-warning" title="Its lines changed since the agent made it: edit it to keep it">Outdated</span> : null}
        {state.answer.kind === 'rejected' ? <span className="chip">Rejected</span> : null}
      </header>
      {finding.text ? (
        <Markdown className="annotation-text" text={finding.text} />
      ) : null}
      {finding.suggestion !== null ? <SuggestionDiff originalCode={state.proposal.seen} suggestedCode={finding.suggestion.replacement} deletion={finding.suggestion.replacement === ''} /> : null}
      {state.replies.map((reply, index) => (
        <div key={index} className="proposal-reply" aria-label="Your reply">
          <span className="proposal-reply-label">Your reply</span> <Markdown text={reply} />
        </div>
      ))}
      {mode.kind === 'buttons' ? <ProposalButtons state={state} onMode={setMode} /> : <ProposalForm id={id} mode={mode} onMode={setMode} />}
    </article>
  );
}

function ProposalButtons({ state, onMode }: { state: ProposalState; onMode: (mode: Mode) => void }) {
  const controller = useController();
  const { store, api } = controller;
  const id = state.proposal.id;
  return (
    <div className="proposal-actions">
      <button type="button" className="btn btn-small btn-primary" disabled={state.outdated} title={state.outdated ? 'Outdated: edit it to keep it' : 'Make it your annotation, as the agent wrote it'} onClick={() => void takeProposal(store, api, controller, id, 'accept', state.proposal.finding.text)}>
        Accept
      </button>
      <button type="button" className="btn btn-small" onClick={() => onMode({ kind: 'edit', text: state.proposal.finding.text })}>
        Edit
      </button>
      {state.answer.kind === 'rejected' ? null : (
        <button type="button" className="btn btn-small" onClick={() => void rejectProposal(store, api, id)}>
          Reject
        </button>
      )}
      <button type="button" className="btn btn-small btn-quiet" onClick={() => onMode({ kind: 'reply', text: '' })}>
        Reply
      </button>
    </div>
  );
}

function ProposalForm({ id, mode, onMode }: { id: string; mode: { kind: 'edit' | 'reply'; text: string }; onMode: (mode: Mode) => void }) {
  const controller = useController();
  const { store, api } = controller;
  const editing = mode.kind === 'edit';
  const submit = async () => {
    const done = editing ? await takeProposal(store, api, controller, id, 'edit', mode.text) : await replyToProposal(store, api, id, mode.text);
    if (done) onMode({ kind: 'buttons' });
  };
  return (
    <form
      className="proposal-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <textarea aria-label={editing ? 'Your comment' : 'Your reply to the agent'} value={mode.text} autoFocus rows={3} onChange={(event) => onMode({ kind: mode.kind, text: event.target.value })} />
      <div className="proposal-actions">
        <button type="submit" className="btn btn-small btn-primary" disabled={mode.text.trim() === ''}>
          {editing ? 'Save as my comment' : 'Send reply'}
        </button>
        <button type="button" className="btn btn-small btn-quiet" onClick={() => onMode({ kind: 'buttons' })}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * On the reviewer's annotation that was an accepted proposal: where it came
 * from. The board's answer says so once the server has it (until then the
 * proposal's own card is still drawn); an annotation whose proposal the
 * board does not list (a draft kept from an earlier session) says so by its
 * `proposal`.
 */
export function ProposalProvenance({ annotationId }: { annotationId: string }) {
  const accepted = useReview((s) => {
    if (s.proposals.some((p) => p.answer.kind === 'accepted' && p.answer.annotationId === annotationId)) return true;
    const proposal = s.annotations.find((a) => a.id === annotationId)?.proposal;
    return proposal !== undefined && !s.proposals.some((p) => p.proposal.id === proposal);
  });
  return accepted ? <ProposedByTheAgent /> : null;
}

/** The chip itself: on this round's accepted proposals, and on an earlier round's thread that was one. */
export function ProposedByTheAgent() {
  return <span className="chip chip-proposal">Proposed by the agent</span>;
}
