/**
 * What the reading of the series did not count (docs/rounds.md, "A
 * teammate's data is data" and "Rounds that can be verified"): rounds that
 * only claim their reviewer ("claims to be @alice, written under the ref of
 * @bob"), listed as unverified and without effect, and threads whose path is
 * not a plain path of the reviewed tree, named with the ref they came from
 * and never read.
 */
import { claimWords } from '@redline/core';
import { useReview } from '../app/reviewContext.js';
import { VERDICT_WORDS } from './teammateThreads.js';
import './threads.css';

export function RoundNotices() {
  const claims = useReview((s) => s.review?.rounds?.claims);
  const refused = useReview((s) => s.review?.rounds?.refused);
  if (!claims?.length && !refused?.length) return null;
  return (
    <section className="annotation-list round-notices" aria-label="Not counted from earlier rounds">
      <h3 className="annotation-group-title annotation-group-words">Not counted</h3>
      <ul>
        {claims?.map((claim) => (
          <li key={claim.commit} className="annotation-item">
            <span className="badge badge-round">R{claim.number}</span> <span className="chip">Unverified</span> {VERDICT_WORDS[claim.verdict]}: {claimWords(claim)}; it changes
            no thread. 
            <code className="muted">{claim.ref}</code>
          </li>
        ))}
        {refused?.map((thread) => (
          <li key={`${thread.ref} ${thread.id}`} className="annotation-item">
            <span className="badge badge-round">R{thread.round}</span> Thread {thread.id} on <code>{thread.path}</code> not read: {thread.why}.{' '}
            <code className="muted">{thread.ref}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
