/**
 * The variant an agent's post names (`redline annotate --variant ID`, a
 * `redline compare` review's A, B, C…): its findings and its tour go to that
 * variant's column of the comparison. Read once here for both routes.
 */
import { RedlineError } from '../../errors.js';

/** The body's `variant`, or null when it names none. */
export function variantOf(body: unknown): string | null {
  const variant = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>).variant : undefined;
  if (variant === undefined) return null;
  if (typeof variant !== 'string' || variant === '') throw new RedlineError('bad-input', 'variant: expected a variant id (A, B, C…)');
  return variant;
}

/** A compare review's board, or the refusal of a post that names a variant where there are none. */
export function noVariantsRefusal(variant: string): RedlineError {
  return new RedlineError('bad-input', `this review compares no variants, so there is no variant ${JSON.stringify(variant)}; post without --variant`);
}
