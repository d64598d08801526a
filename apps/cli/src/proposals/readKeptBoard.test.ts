/**
 * The kept board's reader: what boardDocument writes (proposals and the
 * tour) reads back as it was (the id worked out again, never read), and
 * every way a file on disk can be wrong is refused naming its field: another
 * format or version, another fingerprint inside, a kind of record this
 * redline has no reader for, a finding or a tour the core's validators
 * refuse, a second tour, a suggestion whose seen text is not
 * its original, a time that is not ISO 8601, an answer or a reply the routes
 * would refuse. A property: any board the server can hold survives the
 * write and the read unchanged (300 cases).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { proposalId, questionId, type Finding, type Question, type Tour } from '@redline/core';
import type { BoardEntry, KeptBoard } from './proposalBoard.js';
import { boardDocument, readKeptBoard } from './readKeptBoard.js';

const FP = 'a'.repeat(64);
const finding: Finding = { kind: 'finding', path: 'src/a.ts', side: 'new', lines: { start: 2, end: 3 }, text: 'Why?', suggestion: null };
const suggestion: Finding = { ...finding, side: 'new', suggestion: { original: 'two', replacement: 'TWO' } };
const entries: BoardEntry[] = [
  { proposal: { id: proposalId(finding, 'b\nc'), finding, seen: 'b\nc', postedAt: '2026-12-05T03:00:00.000Z' }, answer: { kind: 'accepted', annotationId: 'c1' }, replies: ['Fine.'] },
  { proposal: { id: proposalId(suggestion, 'two'), finding: suggestion, seen: 'two', postedAt: '2026-12-05T03:00:01.000Z' }, answer: { kind: 'unanswered' }, replies: [] },
];
const tour: Tour = { title: 'The retry', steps: [{ path: 'src/a.ts', side: 'new', lines: { start: 1, end: 2 }, text: 'First this' }] };
const onLines: Question = { id: questionId({ anchor: { scope: 'lines', path: 'src/a.ts', side: 'new', lines: { start: 2, end: 3 } }, text: 'Why two?' }, '2026-12-05T03:01:00.000Z'), anchor: { scope: 'lines', path: 'src/a.ts', side: 'new', lines: { start: 2, end: 3 } }, text: 'Why two?', quoted: 'b\nc', askedAt: '2026-12-05T03:01:00.000Z', pickedUpAt: null, answer: { text: 'A slip.', answeredAt: '2026-12-05T03:02:00.000Z', proposalId: entries[1]!.proposal.id } };
const onReview: Question = { id: questionId({ anchor: { scope: 'review' }, text: 'And the tests?' }, '2026-12-05T03:03:00.000Z'), anchor: { scope: 'review' }, text: 'And the tests?', quoted: null, askedAt: '2026-12-05T03:03:00.000Z', pickedUpAt: null, answer: null };
const board: KeptBoard = { entries, tour, questions: [onLines, onReview] };
const kept = () => JSON.parse(boardDocument(FP, board)) as { records: Record<string, unknown>[] } & Record<string, unknown>;
const withRecord = (change: Record<string, unknown>) => {
  const document = kept();
  document.records[0] = { ...document.records[0], ...change };
  return document;
};

describe('readKeptBoard', () => {
  it('reads back what boardDocument wrote, and works the ids out again', () => {
    expect(readKeptBoard(kept(), FP)).toEqual(board);
    expect(readKeptBoard(JSON.parse(boardDocument(FP, { entries: [], tour: null, questions: [] })), FP)).toEqual({ entries: [], tour: null, questions: [] });
    const forged = kept();
    forged.records[0] = { ...forged.records[0], id: 'forged' };
    expect(() => readKeptBoard(forged, FP)).not.toThrow();
    expect(readKeptBoard(forged, FP).entries[0]!.proposal.id).toBe(entries[0]!.proposal.id);
  });

  it.each([
    ['not an object', [], /^board: expected an object/],
    ['another format', { ...kept(), format: 'redline-draft' }, /^board\.format: expected "redline-board"/],
    ['another version', { ...kept(), version: 2 }, /^board\.version: a board of version 2; this redline reads version 1$/],
    ['another fingerprint inside', { ...kept(), fingerprint: 'b'.repeat(64) }, /^board\.fingerprint: it holds the board of fingerprint bbbbbbbbbbbb…/],
    ['records not a list', { ...kept(), records: {} }, /^board\.records: expected a list/],
    ['a kind with no reader', withRecord({ kind: 'note' }), /^board\.records\[0\]\.kind: expected one of 'proposal', 'tour', 'question', got "note"$/],
    ['a tour the validator refuses', { ...kept(), records: [...kept().records.slice(0, 2), { kind: 'tour', tour: { title: 'x', steps: [] } }] }, /^board\.records\[2\]\.tour: /],
    ['a second tour', { ...kept(), records: [...kept().records, kept().records[2]] }, /^board\.records\[5\]: a second tour; a review has one$/],
    ['a question the ask validator refuses', { ...kept(), records: [{ ...kept().records[3], anchor: { scope: 'lines', path: '../x', side: 'new', lines: { start: 1, end: 1 } } }] }, /^board\.records\[0\]: anchor\.path: not a plain repository path/],
    ['a question on lines without their text', { ...kept(), records: [{ ...kept().records[3], quoted: null }] }, /^board\.records\[0\]\.quoted: expected the lines' text/],
    ['a question asked at no time', { ...kept(), records: [{ ...kept().records[4], askedAt: 'now' }] }, /^board\.records\[0\]\.askedAt: expected an ISO 8601 time/],
    ['an answer with a control character', { ...kept(), records: [{ ...kept().records[3], answer: { text: 'a\u001bb', answeredAt: '2026-12-05T03:02:00.000Z', proposalId: null } }] }, /^board\.records\[0\]\.answer: text/],
    ['an answer naming no proposal id', { ...kept(), records: [{ ...kept().records[3], answer: { text: 'ok', answeredAt: '2026-12-05T03:02:00.000Z', proposalId: 'forged!' } }] }, /^board\.records\[0\]\.answer\.proposalId: expected a proposal's id/],
    ['the same question twice', { ...kept(), records: [kept().records[4], kept().records[4]] }, /^board\.records\[1\]: the question [0-9a-f]{10} a second time$/],
    ['a finding the validator refuses', withRecord({ finding: { ...finding, path: '../etc/passwd' } }), /^board\.records\[0\]\.finding: findings\[0\]\.path: not a plain repository path/],
    ['a suggestion that did not see its original', { ...kept(), records: [{ ...kept().records[1], seen: 'three' }] }, /^board\.records\[0\]\.seen: expected the suggestion's original/],
    ['a time that is not ISO 8601', withRecord({ postedAt: 'yesterday' }), /^board\.records\[0\]\.postedAt: expected an ISO 8601 time/],
    ['an unknown answer', withRecord({ answer: { kind: 'approved' } }), /^board\.records\[0\]\.answer\.kind: expected one of/],
    ['an accepted answer without its annotation', withRecord({ answer: { kind: 'accepted' } }), /^board\.records\[0\]\.answer\.annotationId: expected a string/],
    ['a blank reply', withRecord({ replies: ['  '] }), /^board\.records\[0\]\.replies\[0\]: expected a reply of 1 to 20000 characters/],
    ['a reply over the limit', withRecord({ replies: ['x'.repeat(20_001)] }), /^board\.records\[0\]\.replies\[0\]: expected a reply of 1 to 20000 characters/],
  ])('refuses %s, naming the field', (_name, value, message) => {
    expect(() => readKeptBoard(value, FP)).toThrow(message);
  });
});

/** Boards as the server holds them: findings the core's validator takes, each seen text its original for a suggestion, answers of every kind, replies the route takes. */
const lines = fc.integer({ min: 1, max: 500 }).chain((start) => fc.integer({ min: start, max: start + 20 }).map((end) => ({ start, end })));
const words = fc.string({ minLength: 1, maxLength: 40 }).filter((text) => text.trim() !== '');
const path = fc.constantFrom('a.ts', 'src/b c.ts', 'docs/ü.md');
const findingArb: fc.Arbitrary<Finding> = fc.oneof(
  fc.record({ kind: fc.constantFrom('finding', 'question', 'note' as const), path, side: fc.constantFrom('old', 'new' as const), lines, text: words, suggestion: fc.constant(null) }),
  fc.record({ kind: fc.constant('finding' as const), path, side: fc.constant('new' as const), lines, text: fc.string({ maxLength: 40 }), suggestion: fc.record({ original: fc.string({ maxLength: 40 }), replacement: fc.string({ maxLength: 40 }) }) }),
);
const entryArb: fc.Arbitrary<BoardEntry> = fc
  .record({
    finding: findingArb,
    seen: fc.string({ maxLength: 40 }),
    time: fc.integer({ min: 0, max: 4_102_444_800_000 }),
    answer: fc.oneof(
      fc.constant({ kind: 'unanswered' as const }),
      fc.constant({ kind: 'rejected' as const }),
      fc.record({ kind: fc.constantFrom('accepted', 'edited' as const), annotationId: fc.string({ maxLength: 20 }) }),
    ),
    replies: fc.array(words, { maxLength: 3 }),
  })
  .map(({ finding, seen, time, answer, replies }) => {
    const text = finding.suggestion === null ? seen : finding.suggestion.original;
    return { proposal: { id: proposalId(finding, text), finding, seen: text, postedAt: new Date(time).toISOString() }, answer, replies };
  });

describe('the kept board, written and read', () => {
  it('any board the server holds reads back unchanged (300 cases)', () => {
    fc.assert(
      fc.property(fc.array(entryArb, { maxLength: 6 }), fc.option(fc.constant(tour)), (entries, kept) => {
        const written: KeptBoard = { entries, tour: kept, questions: [onLines, onReview] };
        expect(readKeptBoard(JSON.parse(boardDocument(FP, written)), FP)).toEqual(written);
      }),
      { numRuns: 300 },
    );
  });
});
