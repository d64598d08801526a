/**
 * Comment labels across rounds (docs/feedback-format.md, "Labels";
 * docs/rounds.md), through the real CLI, server and git: the feedback route
 * refuses a malformed label (400, naming the field); a labelled annotation is
 * stored with its round (review.json) and comes back, label and all, as the
 * next round's thread and previous annotation; an annotation without one
 * comes back without one, as rounds recorded before labels do.
 */
import { describe, expect, it } from 'vitest';
import { API, type Annotation } from '@redline/core';
import { makeRepo } from '../../testSupport/gitRepo.js';
import { sendRound } from '../../testSupport/reviewRounds.js';

const comment = (id: string, line: number, extra: Partial<Annotation> = {}) =>
  ({ id, kind: 'comment', scope: 'line', path: 'a.txt', side: 'new', startLine: line, endLine: line, text: `about line ${line}`, createdAt: '2026-01-01T00:00:00.000Z', ...extra }) as Annotation;

describe('comment labels across rounds', () => {
  it('are refused when malformed, stored with the round, and read back on the next round\'s threads', async () => {
    const repo = makeRepo({ commit: { 'a.txt': 'one\ntwo\nthree\n' } });
    repo.write('a.txt', 'one\nTWO\nTHREE\n');
    const labelled = comment('c1', 2, { label: { kind: 'issue', blocking: true } });
    const plain = comment('c2', 3);
    const first = await sendRound(repo.dir, () => ({ verdict: 'request-changes', summary: '', annotations: [labelled, plain] }), [], async (page) => {
      const bad = await page.post(API.feedback, { verdict: 'comment', summary: '', annotations: [{ ...labelled, label: { kind: 'blocker', blocking: true } }] });
      expect(bad.status).toBe(400);
      expect(bad.json<{ error: { message: string } }>().error.message).toBe('body.annotations[0].label.kind: expected one of "question", "suggestion", "issue", "nitpick", "praise", got "blocker"');
    });
    expect((JSON.parse(first.stdout) as { annotations: Record<string, unknown>[] }).annotations.map((a) => a.label)).toEqual([{ kind: 'issue', blocking: true }, undefined]);

    repo.write('a.txt', 'one\nTWO!\nTHREE\n');
    const second = await sendRound(repo.dir, () => ({ verdict: 'comment', summary: '', annotations: [] }));
    const rounds = second.data.rounds!;
    expect(Object.fromEntries(rounds.threads.map((thread) => [thread.id, thread.annotation.label]))).toEqual({ c1: { kind: 'issue', blocking: true }, c2: undefined });
    expect(rounds.previousAnnotations.find((a) => a.id === 'c1')?.label).toEqual({ kind: 'issue', blocking: true });
  });
});
