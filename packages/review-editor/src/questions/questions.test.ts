/**
 * The questions' slice and words: fed by the proposals' poll (the server's
 * `questions` and `asking`), asked through the API and shown at once, and
 * each card's status: not picked up, being answered, answered.
 */
import { describe, expect, it } from 'vitest';
import type { Question } from '@redline/core';
import { createReviewStore } from '../app/reviewStore.js';
import { refreshProposals } from '../proposals/proposalsService.js';
import { createMemoryApi } from '../testing/memoryApi.js';
import { makeReview } from '../testing/fixtures.js';
import { questionStatusWords } from './questionStatus.js';
import { askAgent } from './questionsService.js';

const question = (extra: Partial<Question> = {}): Question => ({
  id: '0123456789',
  anchor: { scope: 'review' },
  text: 'Why?',
  quoted: null,
  askedAt: '2026-12-05T03:00:00.000Z',
  pickedUpAt: null,
  answer: null,
  ...extra,
});

describe('questions', () => {
  it('says whether the agent picked a question up, and when it answered', () => {
    const at = (seconds: number) => Date.parse('2026-12-05T03:00:00.000Z') + seconds * 1000;
    expect(questionStatusWords(question(), at(40))).toBe('asked 40 s ago; the agent has not picked it up');
    expect(questionStatusWords(question({ pickedUpAt: '2026-12-05T03:00:41.000Z' }), at(130))).toBe('asked 2 min ago; the agent is answering');
    expect(questionStatusWords(question({ answer: { text: 'Because.', answeredAt: '2026-12-05T03:00:50.000Z', proposalId: null } }), at(52))).toBe('answered just now');
  });

  it('are fed by the proposals poll; asking posts and shows the question at once; refused where nobody reads it', async () => {
    const api = createMemoryApi(makeReview());
    const store = createReviewStore();
    await refreshProposals(store, api);
    expect(store.getState().asking).toEqual({ kind: 'unavailable', why: 'the in-memory server has no agent' });
    await expect(askAgent(store, api, { anchor: { scope: 'review' }, text: 'Why?' })).rejects.toThrow(/no agent/);
    api.asking = { kind: 'live' };
    const id = await askAgent(store, api, { anchor: { scope: 'file', path: 'src/a.ts' }, text: 'Why this file?' });
    expect(store.getState().asking).toEqual({ kind: 'live' });
    expect(store.getState().questions).toEqual([expect.objectContaining({ id, anchor: { scope: 'file', path: 'src/a.ts' }, text: 'Why this file?', pickedUpAt: null, answer: null })]);
    const before = store.getState().questions;
    await refreshProposals(store, api);
    expect(store.getState().questions).toBe(before); // an unchanged poll changes nothing
  });
});
