/**
 * What a proposal becomes when the reviewer takes it in: Accept makes the
 * agent's words the reviewer's annotation (a suggestion when it carries a
 * replacement and its lines still read as it saw them, a comment
 * otherwise); Edit makes the reviewer's own words one. The annotation is the
 * reviewer's from then on; an accepted one keeps where it came from in its
 * `proposal` (the proposal's id), which the round records, so it reads
 * "Proposed by the agent" in every later round too.
 * A suggestion's revision is the served file's, when its lines still read
 * as the agent saw them (`revisionForProposal`): `redline apply` refuses a
 * suggestion without one.
 */
import { suggestionId, type Annotation, type ProposalState } from '@redline/core';

export function annotationFromProposal({ proposal, outdated }: ProposalState, act: 'accept' | 'edit', text: string, revision: string | null, createdAt = new Date().toISOString()): Annotation {
  const { finding } = proposal;
  const { path, side, lines } = finding;
  const range = { path, startLine: lines.start, endLine: lines.end };
  const provenance = act === 'accept' ? { proposal: proposal.id } : {};
  if (finding.suggestion !== null && !outdated) {
    const suggestedCode = finding.suggestion.replacement;
    const content = { ...range, side: 'new' as const, originalCode: proposal.seen, suggestedCode, deletion: suggestedCode === '' };
    return { id: suggestionId(content), kind: 'suggestion', scope: 'line', text, revision, createdAt, ...content, ...provenance };
  }
  return { id: `proposal-${proposal.id}`, kind: 'comment', scope: 'line', side, text, createdAt, ...range, ...provenance };
}
