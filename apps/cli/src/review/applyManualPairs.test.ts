/**
 * The reviewer's pairs through a real server over a real repository: a port
 * of `src/a.js` to `src/a.ts` that git leaves apart (below its 50% rename
 * threshold) becomes one renamed file with its diff once paired
 * (PUT /api/manual-pairs), the export names the pair, and an empty list
 * gives back the deleted and the added file. The pairs are kept for the
 * change: a restarted redline (a new session and server on the same
 * repository) reads them, Unpair removes them. A bad body is refused; a pair
 * that is not a deleted and an added file changes nothing.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Annotation, type ApiError, type FeedbackResult, type FileContentsData, type ReviewData } from '@redline/core';
import { makeRepo, type TestRepo } from '../../testSupport/gitRepo.js';
import { gitSource, startHarness, type Harness } from '../../testSupport/reviewServerHarness.js';

const JS = 'var a = 1;\nvar b = 2;\nfunction sum() {\n  return a + b;\n}\nmodule.exports = sum;\n';
const TS = 'const a: number = 1;\nconst b: number = 2;\nexport function sum(): number {\n  return a + b;\n}\n';

let repo: TestRepo;
let harness: Harness;

beforeAll(async () => {
  repo = makeRepo({ commit: { 'src/a.js': JS, 'README.md': 'hi\n' } });
  repo.remove('src/a.js');
  repo.write('src/a.ts', TS);
  repo.write('README.md', 'hi there\n');
  harness = await startHarness(await gitSource(repo.dir));
});
afterAll(async () => {
  await harness.close();
  repo.cleanup();
});

const review = async () => (await harness.get(API.review)).json<ReviewData>();
const pair = (body: unknown) => harness.send('PUT', API.manualPairs, body);
const described = (data: ReviewData) => data.files.map((f) => `${f.path} ${f.status}${f.oldPath ? ` from ${f.oldPath}` : ''} +${f.additions} −${f.deletions}`).sort();

describe('pairing a deleted and an added file by hand', () => {
  it('shows them as one renamed file with its diff, and an empty list unpairs them', async () => {
    const apart = await review();
    expect(described(apart)).toEqual(['README.md modified +1 −1', 'src/a.js deleted +0 −6', 'src/a.ts added +5 −0']); // git does not pair them

    expect((await pair({ pairs: [{ from: 'src/a.js', to: 'src/a.ts' }] })).status).toBe(200);
    const paired = await review();
    expect(described(paired)).toEqual(['README.md modified +1 −1', 'src/a.ts renamed from src/a.js +3 −4']);
    expect(paired.files.find((f) => f.path === 'src/a.ts')).toMatchObject({ similarity: null, pairedByReviewer: true });
    expect(paired.fingerprint).not.toBe(apart.fingerprint);
    const section = paired.patch.slice(paired.patch.indexOf('diff --git a/src/a.js b/src/a.ts'));
    expect(section.split('\n').slice(0, 7)).toEqual(['diff --git a/src/a.js b/src/a.ts', 'similarity index 33%', 'rename from src/a.js', 'rename to src/a.ts', '--- a/src/a.js', '+++ b/src/a.ts', '@@ -1,6 +1,5 @@']);
    expect(section).toContain('\n-var a = 1;\n');
    expect(section).toContain('\n+const a: number = 1;\n');
    expect(section).toContain('\n   return a + b;\n');
    // Both sides are served for the one file: the deleted file's text, the added one's.
    const contents = (await harness.get(`${API.file}?path=${encodeURIComponent('src/a.ts')}&fingerprint=${paired.fingerprint}`)).json<FileContentsData>();
    expect(contents).toMatchObject({ old: { contents: JS }, new: { contents: TS } });

    // A comment on the paired file: the export names the pair.
    const comment: Annotation = { id: 'c1', kind: 'comment', scope: 'line', path: 'src/a.ts', side: 'new', startLine: 3, endLine: 3, text: 'Typed now.', createdAt: '2026-01-01T00:00:00.000Z' };
    const sent = await harness.send('POST', API.feedback, { verdict: 'request-changes', summary: '', annotations: [comment] });
    expect(sent.status).toBe(200);
    expect(sent.json<FeedbackResult>().output).toContain('## `src/a.ts` (renamed from `src/a.js`, paired by the reviewer)');
  });
});

describe('the pairs are kept for the change', () => {
  const kept = () => readdirSync(join(repo.dir, '.git', 'redline', 'manual-pairs')).filter((name) => name.endsWith('.json'));
  const restarted = async <T>(run: (h: Harness) => Promise<T>): Promise<T> => {
    const h = await startHarness(await gitSource(repo.dir));
    try {
      return await run(h);
    } finally {
      await h.close();
    }
  };
  const shown = (h: Harness) => h.get(API.review).then((answer) => described(answer.json<ReviewData>()));
  const PAIRED = ['README.md modified +1 −1', 'src/a.ts renamed from src/a.js +3 −4'];
  const APART = ['README.md modified +1 −1', 'src/a.js deleted +0 −6', 'src/a.ts added +5 −0'];

  it('a restarted redline shows the pair, a second reading too; Unpair removes the file and the next redline reads them apart', async () => {
    await restarted(async (h) => {
      expect((await h.send('PUT', API.manualPairs, { pairs: [{ from: 'src/a.js', to: 'src/a.ts' }] })).status).toBe(200);
    });
    expect(kept()).toHaveLength(1);
    await restarted(async (h) => {
      expect(await shown(h)).toEqual(PAIRED);
      expect(await shown(h)).toEqual(PAIRED);
      expect((await h.send('PUT', API.manualPairs, { pairs: [] })).status).toBe(200);
      expect(await shown(h)).toEqual(APART);
    });
    expect(kept()).toEqual([]);
    expect(await restarted(shown)).toEqual(APART);
  });

  it('a kept file that cannot be read leaves the change unpaired, with no error', async () => {
    await restarted(async (h) => void (await h.send('PUT', API.manualPairs, { pairs: [{ from: 'src/a.js', to: 'src/a.ts' }] })));
    const [name] = kept();
    writeFileSync(join(repo.dir, '.git', 'redline', 'manual-pairs', name!), '{"pairs":[{"from":"src/a.js"}]}');
    await restarted(async (h) => {
      expect(await shown(h)).toEqual(APART);
      expect(h.internalErrors).toEqual([]);
      await h.send('PUT', API.manualPairs, { pairs: [] });
    });
    expect(kept()).toEqual([]);
  });
});

describe('PUT /api/manual-pairs refuses', () => {
  it.each([
    [{}, 'pairs'],
    [{ pairs: [{ from: 'src/a.js' }] }, 'pairs[0]'],
    [{ pairs: [{ from: 'src/a.js', to: 'src/a.js' }] }, 'pairs[0]'],
    [{ pairs: [{ from: 'src/a.js', to: 'src/a.ts' }, { from: 'src/a.js', to: 'README.md' }] }, 'pairs[1]'],
  ])('%j', async (body, named) => {
    const h = await startHarness(await gitSource(repo.dir));
    try {
      const answer = await h.send('PUT', API.manualPairs, body);
      expect(answer.status).toBe(400);
      expect(answer.json<ApiError>().error.message).toContain(named);
      expect(h.internalErrors).toEqual([]);
    } finally {
      await h.close();
    }
  });

  it('nothing for a pair that is not a deleted and an added file (both files show as git reads them)', async () => {
    const h = await startHarness(await gitSource(repo.dir));
    try {
      const before = (await h.get(API.review)).json<ReviewData>();
      expect((await h.send('PUT', API.manualPairs, { pairs: [{ from: 'README.md', to: 'src/a.ts' }] })).status).toBe(200);
      const after = (await h.get(API.review)).json<ReviewData>();
      expect(after.fingerprint).toBe(before.fingerprint);
      expect((await h.send('PUT', API.manualPairs, { pairs: [{ from: 'src/a.js', to: 'src/a.ts' }] })).status).toBe(200);
      expect((await h.send('PUT', API.manualPairs, { pairs: [] })).status).toBe(200);
      expect(described((await h.get(API.review)).json<ReviewData>())).toEqual(described(before));
    } finally {
      await h.close();
    }
  });
});
