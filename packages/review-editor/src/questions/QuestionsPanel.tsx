/**
 * Questions to the agent, in the sidebar's Comments tab: "Ask the agent"
 * about the lines selected in the diff, the file being read or the whole
 * review (sent at once to the running agent, whose wait returns it), each
 * question's card with where it stands ("asked 40 s ago; the agent has not
 * picked it up") and the agent's answer when it comes (the proposals' poll
 * brings it). Where no agent reads questions (plain `redline`), the control
 * says why instead.
 */
import { useEffect, useId, useState } from 'react';
import { errorMessage, type Question, type QuestionAnchor } from '@redline/core';
import { useController, useReview } from '../app/reviewContext.js';
import { questionStatusWords } from './questionStatus.js';
import { askAgent } from './questionsService.js';
import { selectionToTarget } from '../composer/composerSlice.js';
import './questions.css';

export function QuestionsPanel() {
  const asking = useReview((s) => s.asking);
  const questions = useReview((s) => s.questions);
  const [open, setOpen] = useState(false);
  const noteId = useId();
  const live = asking.kind === 'live';
  return (
    <section className="annotation-list question-list" aria-label="Questions to the agent">
      <h3 className="annotation-group-title annotation-group-words">
        Questions to the agent {questions.length > 0 ? <span className="counter">{questions.length}</span> : null}
      </h3>
      <div className="question-ask">
        <button type="button" className="btn btn-small" disabled={!live || open} aria-describedby={live ? undefined : noteId} onClick={() => setOpen(true)}>
          Ask the agent
        </button>
        {asking.kind === 'unavailable' ? (
          <span className="muted question-unavailable" id={noteId}>
            Not available: {asking.why}.
          </span>
        ) : null}
      </div>
      {open && live ? <AskForm onDone={() => setOpen(false)} /> : null}
      {questions.length > 0 ? (
        <ul>
          {questions.map((question) => (
            <QuestionItem key={question.id} question={question} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

type About = 'review' | 'file' | 'lines';

function AskForm({ onDone }: { onDone: () => void }) {
  const { store, api } = useController();
  const filePath = useReview((s) => s.currentFileId);
  // The lines selected in the diff (the gutter, the line cursor, a tour step), as a comment would take them.
  const selection = useReview((s) => s.selection);
  const lines = selection === null ? null : selectionToTarget(selection);
  const [about, setAbout] = useState<About>(lines !== null ? 'lines' : 'review');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const anchorOf = (choice: About): QuestionAnchor => {
    if (choice === 'lines' && lines !== null) return { scope: 'lines', path: lines.fileId, side: lines.side, lines: { start: lines.startLine, end: lines.endLine } };
    if (choice === 'file' && filePath !== null) return { scope: 'file', path: filePath };
    return { scope: 'review' };
  };
  const submit = async () => {
    setSending(true);
    try {
      await askAgent(store, api, { anchor: anchorOf(about), text });
      onDone();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setSending(false);
    }
  };
  return (
    <form
      className="question-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {filePath !== null || lines !== null ? (
        <label>
          About{' '}
          <select value={about} onChange={(event) => setAbout(event.target.value as About)}>
            <option value="review">the whole review</option>
            {filePath !== null ? <option value="file">{filePath}</option> : null}
            {lines !== null ? <option value="lines">{placeWords(anchorOf('lines'))}</option> : null}
          </select>
        </label>
      ) : null}
      <textarea aria-label="Your question to the agent" value={text} onChange={(event) => setText(event.target.value)} rows={3} autoFocus />
      {error !== null ? <p className="composer-error" role="alert">{error}</p> : null}
      <span className="question-form-actions">
        <button type="submit" className="btn btn-small btn-primary" disabled={sending || text.trim() === ''}>
          Ask
        </button>
        <button type="button" className="btn btn-small" onClick={onDone}>
          Cancel
        </button>
      </span>
    </form>
  );
}

function QuestionItem({ question }: { question: Question }) {
  const now = useNow(5_000);
  return (
    <li className="annotation-item question-item">
      <span className="annotation-item-top">
        <span className="badge badge-question">Question</span> <span className="annotation-anchor">{placeWords(question.anchor)}</span>
      </span>
      <p className="question-text">{question.text}</p>
      <p className="muted question-status">{questionStatusWords(question, now)}</p>
      {question.answer !== null ? (
        <div className="question-answer" aria-label="The agent's answer">
          <span className="badge badge-proposal">Agent</span> <span className="question-text">{question.answer.text}</span>
          {question.answer.proposalId !== null ? <p className="muted">With a suggestion: its proposal is above, to accept or reject.</p> : null}
        </div>
      ) : null}
    </li>
  );
}

function placeWords(anchor: QuestionAnchor): string {
  switch (anchor.scope) {
    case 'review':
      return 'the whole review';
    case 'file':
      return anchor.path;
    case 'lines':
      return `${anchor.path}, ${anchor.lines.start === anchor.lines.end ? `line ${anchor.lines.start}` : `lines ${anchor.lines.start}-${anchor.lines.end}`} (${anchor.side})`;
    case 'proposal':
      return `proposal ${anchor.proposalId}`;
  }
}

/** The time now, renewed every `everyMs` while shown ("asked 40 s ago" keeps counting). */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
