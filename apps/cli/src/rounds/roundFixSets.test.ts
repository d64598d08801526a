/**
 * Fix sets across rounds (docs/feedback-format.md, section 9; docs/rounds.md),
 * through the real CLI, server and git: the feedback route refuses a set
 * naming an unknown suggestion or a suggestion in two sets (400, naming
 * them); a set sent in round 1 is stored with the round (its review.json);
 * round 2's export lists it, still open, as one carried item, which
 * `redline apply` applies whole; and a set one of whose members the agent
 * applied is not carried at all (never split).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API, makeFixSet, suggestionId, type Suggestion } from '@redline/core';
import { makeRepo } from '../../testSupport/gitRepo.js';
import { runRead, sendRound } from '../../testSupport/reviewRounds.js';

const A = 'export const rate = 1;\nexport const x = rate;\n';
const B = 'import { rate } from "./a";\nconsole.log(rate);\n';
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

function suggestion(path: string, line: number, originalCode: string, suggestedCode: string, madeOn: string): Suggestion {
  const content = { path, side: 'new' as const, startLine: line, endLine: line, originalCode, suggestedCode, deletion: false };
  return { id: suggestionId(content), kind: 'suggestion', scope: 'line', text: '', revision: sha(madeOn), createdAt: '2026-01-01T00:00:00.000Z', ...content };
}

const def = suggestion('src/a.ts', 1, 'export const rate = 1;', 'export const ratio = 1;', A);
const use = suggestion('src/b.ts', 2, 'console.log(rate);', 'console.log(ratio);', B);
const set = makeFixSet([def, use], 'Rename rate to ratio where it is made and where it is read');

async function roundOne(dir: string) {
  return sendRound(dir, () => ({ verdict: 'request-changes', summary: '', annotations: [def, use], fixSets: [set] }), [], async (page) => {
    const unknown = await page.post(API.feedback, { verdict: 'comment', summary: '', annotations: [def, use], fixSets: [{ ...set, members: [def.id, 'nope'] }] });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain(`body.fixSets: fix set ${set.id} names nope, which is no annotation of the review`);
    const twice = await page.post(API.feedback, { verdict: 'comment', summary: '', annotations: [def, use], fixSets: [set, { id: 'other', description: '', members: [use.id, def.id] }] });
    expect(twice.status).toBe(400);
    expect(twice.text).toContain(`suggestion ${def.id} is in two fix sets: ${set.id} and other`);
  });
}

describe('fix sets across rounds', () => {
  it('are stored with the round and carried into the next export as one item, which apply applies whole', async () => {
    const repo = makeRepo({ commit: { 'src/a.ts': 'export const rate = 0;\nexport const x = rate;\n', 'src/b.ts': B } });
    repo.write('src/a.ts', A);
    const first = await roundOne(repo.dir);
    expect(JSON.parse(first.stdout).fixSets).toEqual([{ id: set.id, description: set.description, members: [expect.objectContaining({ id: def.id }), expect.objectContaining({ id: use.id })] }]);
    repo.write('README.md', 'unrelated\n');
    repo.commitAll('agent: something else');

    const second = await sendRound(repo.dir, () => ({ verdict: 'comment', summary: '', annotations: [] }), [], async () => undefined, 'markdown');
    expect(second.stdout).toContain(`## Fix set \`${set.id}\` · round 1\n`);
    expect(second.stdout).not.toContain('## Suggestions still open from earlier rounds');
    const file = join(repo.dir, '..', 'round2.md');
    writeFileSync(file, second.stdout);
    const applied = await runRead(repo.dir, ['apply', '--json', file]);
    expect(applied.code, applied.err).toBe(0);
    expect(JSON.parse(applied.out).fixSets).toEqual([{ id: set.id, description: set.description, round: 1, status: 'applied', members: [def.id, use.id] }]);
    expect(readFileSync(join(repo.dir, 'src/a.ts'), 'utf8')).toBe(A.replace('rate = 1', 'ratio = 1'));
    expect(readFileSync(join(repo.dir, 'src/b.ts'), 'utf8')).toBe(B.replace('log(rate)', 'log(ratio)'));
  }, 60_000);

  it('is not carried at all when the agent applied only part of it (a set is never split)', async () => {
    const repo = makeRepo({ commit: { 'src/a.ts': 'export const rate = 0;\nexport const x = rate;\n', 'src/b.ts': B } });
    repo.write('src/a.ts', A);
    await roundOne(repo.dir);
    repo.write('src/a.ts', A.replace('rate = 1', 'ratio = 1'));
    repo.commitAll('agent: half of it');

    const second = await sendRound(repo.dir, () => ({ verdict: 'comment', summary: '', annotations: [] }));
    const exported = JSON.parse(second.stdout) as { fixSets?: unknown; carried?: unknown; threads: { open: { id: string }[] } };
    expect(exported.fixSets).toBeUndefined();
    expect(exported.carried).toBeUndefined();
    // The member left is still told, as an open thread.
    expect(exported.threads.open.map((t) => t.id)).toEqual([use.id]);
  }, 60_000);
});
