/**
 * The agent's proposals in the export: every one the agent posted,
 * with what became of it, so the agent knows without asking: accepted (the
 * reviewer's annotation it became, "proposed by the agent"), edited (the
 * reviewer's own annotation now), rejected, or unanswered, and the
 * reviewer's replies. A section of its own, after the annotations, in both
 * forms (docs/feedback-format.md, "Agent proposals"; the JSON form is
 * written by renderFeedbackJson.ts); the markdown parser
 * stops at its heading, since `redline apply` takes suggestions only from
 * the annotations above it.
 */
import { languageForPath } from '../diff/languageForPath.js';
import { lineSpanWords } from '../model/lineSpan.js';
import type { ProposalAnswerKind, ProposalState } from '../proposals/proposalTypes.js';
import { compareStrings } from './normalizeFeedbackReview.js';
import { PROPOSALS_HEADING } from './feedbackMarkdownSyntax.js';
import { codeBlock, inlineCode, quote } from './markdownWriters.js';

export const PROPOSALS_NOTE =
  "_What the agent proposed, and the reviewer's answer to each. Accepted and edited ones are also above, as the reviewer's annotations._";

/** What became of a proposal, as the export says it: the reviewer's answer's kind. */
export type ProposalOutcome = ProposalAnswerKind;

/** The one order: by path, then first line, then id. */
export function sortProposalStates(states: readonly ProposalState[]): ProposalState[] {
  return [...states].sort((a, b) => {
    const x = a.proposal;
    const y = b.proposal;
    return compareStrings(x.finding.path, y.finding.path) || x.finding.lines.start - y.finding.lines.start || compareStrings(x.id, y.id);
  });
}

export function renderProposalsMarkdown(states: readonly ProposalState[]): string[] {
  const out = [PROPOSALS_HEADING, PROPOSALS_NOTE];
  for (const state of sortProposalStates(states)) out.push(...renderProposal(state));
  return out;
}

function renderProposal({ proposal, answer, replies, outdated }: ProposalState): string[] {
  const { finding } = proposal;
  // The findings file's spelling of the lines (`{ start, end }`), as a LineSpan.
  const lines = lineSpanWords({ startLine: finding.lines.start, endLine: finding.lines.end });
  const out = [`### Proposal ${inlineCode(proposal.id)} · ${finding.kind} · ${answer.kind}`];
  const items = [`- **Where:** ${inlineCode(finding.path)} ${lines} (${finding.side})`, `- **Outcome:** ${outcomeWords(answer)}`];
  if (outdated) items.push('- **Outdated:** its lines no longer read as they did when it was posted');
  out.push(items.join('\n'));
  if (finding.text !== '') out.push(quote(finding.text));
  if (finding.suggestion !== null) out.push(codeBlock('**Suggested code:**', finding.suggestion.replacement, languageForPath(finding.path)));
  for (const reply of replies) out.push("**Reviewer's reply:**", quote(reply));
  return out;
}

function outcomeWords(answer: ProposalState['answer']): string {
  switch (answer.kind) {
    case 'accepted':
      return `accepted: the reviewer's annotation ${inlineCode(answer.annotationId)} above, proposed by the agent`;
    case 'edited':
      return `edited: the reviewer rewrote it as their own annotation ${inlineCode(answer.annotationId)} above`;
    case 'rejected':
      return 'rejected by the reviewer: do not act on it';
    case 'unanswered':
      return 'unanswered: the reviewer did not take it up';
  }
}

