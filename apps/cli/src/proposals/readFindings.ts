/** The agent's findings and tour, validated once for `redline annotate` and the server's routes alike. */
import { formatFieldProblems, validateFindings, validateTour, type Finding, type Tour } from '@redline/core';
import { RedlineError } from '../errors.js';

/** Validated findings, or one error naming the first bad fields (and how many more there are). */
export function readFindings(value: unknown): Finding[] {
  const result = validateFindings(value);
  if (result.ok) return result.findings;
  throw new RedlineError('bad-input', `${formatFieldProblems(result.problems) || 'invalid findings'}; nothing was posted`);
}

/** A validated tour, or one error naming the first bad fields. */
export function readTour(value: unknown): Tour {
  const result = validateTour(value);
  if (result.ok) return result.tour;
  throw new RedlineError('bad-input', `${formatFieldProblems(result.problems) || 'invalid tour'}; the tour was not posted`);
}
