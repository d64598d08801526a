/**
 * The sidebar's "Teammates' rounds" (a team): the rounds of the
 * series sent under another name than yours, fetched with
 * `git fetch origin 'refs/redline/*:refs/redline/remotes/origin/*'`: who,
 * when, and their verdict. Read-only; their threads are in the list below,
 * marked with the name, and each round's signature as git checks it
 * (verified, unsigned, invalid). What the reading did not count follows (RoundNotices).
 */
import { signatureWords } from '@redline/core';
import { useShallow } from 'zustand/react/shallow';
import { useReview } from '../app/reviewContext.js';
import { RoundNotices } from './RoundNotices.js';
import { teammateRounds, VERDICT_WORDS } from './teammateThreads.js';
import './threads.css';

export function TeammateRounds() {
  const rounds = useReview(useShallow((s) => teammateRounds(s.review?.rounds?.rounds ?? [], s.reviewerCheck)));
  if (rounds.length === 0) return <RoundNotices />;
  return (
    <>
      <section className="annotation-list teammate-rounds" aria-label="Teammates' rounds">
        <h3 className="annotation-group-title annotation-group-words">Teammates' rounds</h3>
        <ul>
          {rounds.map((round) => (
            <li key={round.commit} className="annotation-item">
              <span className="badge badge-round">R{round.number}</span> <span className="badge badge-teammate">{round.reviewer}</span>{' '}
              <span className="chip">{VERDICT_WORDS[round.verdict]}</span> <span className={`chip signature-${round.signature.kind}`}>{signatureWords(round.signature)}</span>{' '}
              <time className="muted" dateTime={round.time}>
                {round.time.slice(0, 16).replace('T', ' ')}
              </time>
            </li>
          ))}
        </ul>
      </section>
      <RoundNotices />
    </>
  );
}
