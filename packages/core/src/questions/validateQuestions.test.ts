/**
 * The page's question and the agent's answer, read once at the edge: every
 * anchor's shape, the words' limits (1 to 20,000 characters, a line break or
 * a tab and no other control character), and every problem named by field.
 * A question's id is its fields' hash: the same words asked at another time
 * are another question.
 */
import { describe, expect, it } from 'vitest';
import { questionId } from './questionId.js';
import { validateQuestionAsk, validateQuestionReply } from './validateQuestions.js';

const lines = { scope: 'lines', path: 'src/a.ts', side: 'new', lines: { start: 2, end: 3 } };

describe('validateQuestionAsk', () => {
  it.each([{ scope: 'review' }, { scope: 'file', path: 'src/a.ts' }, lines, { scope: 'proposal', proposalId: '0123456789' }])('takes the anchor %j', (anchor) => {
    expect(validateQuestionAsk({ anchor, text: 'Why?\n\tThis.' })).toEqual({ ok: true, ask: { anchor, text: 'Why?\n\tThis.' } });
  });

  it.each([
    [{ anchor: { scope: 'line' }, text: 'x' }, 'anchor.scope'],
    [{ anchor: { scope: 'review', path: 'a' }, text: 'x' }, 'anchor.path'],
    [{ anchor: { ...lines, lines: { start: 3, end: 2 } }, text: 'x' }, 'anchor.lines.end'],
    [{ anchor: { scope: 'file', path: '../etc/passwd' }, text: 'x' }, 'anchor.path'],
    [{ anchor: { scope: 'proposal', proposalId: 'nope' }, text: 'x' }, 'anchor.proposalId'],
    [{ anchor: { scope: 'review' }, text: '  ' }, 'text'],
    [{ anchor: { scope: 'review' }, text: 'x'.repeat(20_001) }, 'text'],
    [{ anchor: { scope: 'review' }, text: 'a\u001b[2Jb' }, 'text'],
    [{ anchor: { scope: 'review' }, text: 'a\rb' }, 'text'],
    [{ anchor: { scope: 'review' }, text: 'x', extra: 1 }, 'extra'],
    [null, 'body'],
  ])('refuses %j naming %s', (body, field) => {
    const result = validateQuestionAsk(body);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]!.field).toBe(field);
  });

  it('takes exactly 20,000 characters', () => {
    expect(validateQuestionAsk({ anchor: { scope: 'review' }, text: 'x'.repeat(20_000) }).ok).toBe(true);
  });
});

describe('validateQuestionReply', () => {
  const suggestion = { path: 'src/a.ts', lines: { start: 1, end: 1 }, original: 'a', replacement: 'b' };
  it('takes an answer with or without a suggestion', () => {
    expect(validateQuestionReply({ id: '0123456789', text: 'Because.' })).toEqual({ ok: true, reply: { id: '0123456789', text: 'Because.', suggestion: null } });
    expect(validateQuestionReply({ id: '0123456789', text: 'Because.', suggestion })).toEqual({ ok: true, reply: { id: '0123456789', text: 'Because.', suggestion } });
  });

  it.each([
    [{ id: 'x', text: 'a' }, 'id'],
    [{ id: '0123456789', text: '\u0007' }, 'text'],
    [{ id: '0123456789', text: 'a', suggestion: { ...suggestion, side: 'old' } }, 'suggestion.side'],
    [{ id: '0123456789', text: 'a', suggestion: { ...suggestion, lines: { start: 0, end: 1 } } }, 'suggestion.lines.start'],
  ])('refuses %j naming %s', (body, field) => {
    const result = validateQuestionReply(body);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]!.field).toBe(field);
  });
});

describe('questionId', () => {
  it('is ten hex digits over the fields and the time asked', () => {
    const ask = { anchor: { scope: 'review' as const }, text: 'Why?' };
    expect(questionId(ask, '2026-12-05T03:00:00.000Z')).toMatch(/^[0-9a-f]{10}$/);
    expect(questionId(ask, '2026-12-05T03:00:00.000Z')).toBe(questionId(ask, '2026-12-05T03:00:00.000Z'));
    expect(questionId(ask, '2026-12-05T03:00:00.000Z')).not.toBe(questionId(ask, '2026-12-05T03:00:01.000Z'));
    expect(questionId({ anchor: { scope: 'file', path: 'a' }, text: 'Why?' }, 'T')).not.toBe(questionId({ anchor: { scope: 'file', path: 'a\u001fWhy?' }, text: '' }, 'T'));
  });
});
