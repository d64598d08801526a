/** The agent's findings, validated once for `redline annotate` and the server's route alike. */
import { formatFieldProblems, validateFindings, type Finding } from '@redline/core';
import { RedlineError } from '../errors.js';

/** Validated findings, or one error naming the first bad fields (and how many more there are). */
export function readFindings(value: unknown): Finding[] {
  const result = validateFindings(value);
  if (result.ok) return result.findings;
  throw new RedlineError('bad-input', `${formatFieldProblems(result.problems) || 'invalid findings'}; nothing was posted`);
}
