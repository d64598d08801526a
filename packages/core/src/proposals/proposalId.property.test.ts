/**
 * The proposal id's invariant (seed 003): the id is a function of the
 * finding's fields and the text seen, and of nothing else, so the same
 * finding posted twice is one proposal; changing any one field (kind, path,
 * side, either line, the words, the text seen, adding a replacement or
 * changing it) changes the id. And a proposal is outdated exactly when its
 * lines no longer read as the text it was made on. 1,000 cases, fixed seed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isProposalOutdated, linesText } from './isProposalOutdated.js';
import { proposalId } from './proposalId.js';
import type { Finding, Proposal } from './proposalTypes.js';

const SEED = 20261201;
const RUNS = 1000;

const text = fc.string({ unit: 'binary', maxLength: 30 });
const finding: fc.Arbitrary<Finding> = fc
  .record({
    kind: fc.constantFrom('finding', 'question', 'note'),
    path: fc.stringMatching(/^[a-z]{1,6}(\/[a-z]{1,6}){0,2}\.ts$/),
    start: fc.integer({ min: 1, max: 50 }),
    length: fc.integer({ min: 0, max: 5 }),
    text,
    replacement: fc.option(text, { nil: null }),
    old: fc.boolean(),
  })
  .map(({ kind, path, start, length, text: words, replacement, old }): Finding => {
    const lines = { start, end: start + length };
    if (replacement === null) return { kind, path, side: old ? 'old' : 'new', lines, text: words, suggestion: null };
    return { kind, path, side: 'new', lines, text: words, suggestion: { original: 'seen', replacement } };
  });

/** Each way of changing exactly one field. */
const changes: ((f: Finding) => Finding)[] = [
  (f) => ({ ...f, kind: f.kind === 'note' ? 'finding' : 'note' }),
  (f) => ({ ...f, path: `x${f.path}` }),
  (f) => (f.suggestion === null ? { ...f, side: f.side === 'old' ? 'new' : 'old' } : { ...f, suggestion: { ...f.suggestion, replacement: `${f.suggestion.replacement}!` } }),
  (f) => ({ ...f, lines: { ...f.lines, end: f.lines.end + 1 } }),
  (f) => ({ ...f, lines: { start: f.lines.start + 1, end: f.lines.end + 1 } }),
  (f) => ({ ...f, text: `${f.text}.` }),
  (f) => (f.suggestion === null ? { ...f, side: 'new', suggestion: { original: 'seen', replacement: '' } } : { ...f, suggestion: null }),
];

describe('proposalId', () => {
  it('is the same for the same finding and text seen, and differs when any one field changes', () => {
    fc.assert(
      fc.property(finding, text, fc.integer({ min: 0, max: changes.length - 1 }), (f, seen, which) => {
        const id = proposalId(f, seen);
        expect(id).toMatch(/^[0-9a-f]{10}$/);
        expect(proposalId(structuredClone(f), seen)).toBe(id);
        expect(proposalId(changes[which]!(f), seen)).not.toBe(id);
        expect(proposalId(f, `${seen}\n`)).not.toBe(id);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('is outdated exactly when the lines no longer read as the text seen', () => {
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 8 }), fc.nat(), fc.nat(), fc.option(text, { nil: null }), (lines, a, b, edit) => {
        const start = (a % lines.length) + 1;
        const end = start + (b % (lines.length - start + 1));
        const seen = linesText(lines, start, end)!;
        const proposal: Proposal = { id: 'x', seen, postedAt: '', finding: { kind: 'note', path: 'a', side: 'new', lines: { start, end }, text: 't', suggestion: null } };
        expect(isProposalOutdated(proposal, linesText(lines, start, end))).toBe(false);
        const changed = [...lines];
        if (edit !== null) changed[start - 1] = edit;
        expect(isProposalOutdated(proposal, linesText(changed, start, end))).toBe(changed[start - 1] !== lines[start - 1]);
        expect(isProposalOutdated(proposal, linesText(lines.slice(0, end - 1), start, end))).toBe(true);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
