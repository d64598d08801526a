/**
 * The page's flow against a real server: drafts (atomic, keyed by the
 * fingerprint, surviving a restart), freshness, feedback (validated field by
 * field, rendered by the core, sent once) and close; and a --patch review.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  API,
  buildFeedbackReview,
  DRAFT_BASE_HEADER,
  renderFeedbackJson,
  renderFeedbackMarkdown,
  type Annotation,
  type ApiError,
  type DraftData,
  type FeedbackResult,
  type FreshnessData,
  type ReviewData,
} from '@redline/core';
import { makeRepo, makeTempDir, type TestRepo } from '../../testSupport/gitRepo.js';
import { gitSource, startHarness, type Harness } from '../../testSupport/reviewServerHarness.js';
import { PatchReviewSource } from '../review/patchReviewSource.js';

let repo: TestRepo;
let harness: Harness;
let review: ReviewData;

const comment: Annotation = {
  id: 'c1',
  kind: 'comment',
  scope: 'line',
  path: 'src/calc.ts',
  side: 'new',
  startLine: 2,
  endLine: 2,
  text: 'Why subtract?',
  createdAt: '2025-01-01T00:00:00.000Z',
};
const suggestion: Annotation = {
  id: 's1',
  kind: 'suggestion',
  scope: 'line',
  path: 'src/calc.ts',
  side: 'new',
  startLine: 2,
  endLine: 2,
  text: 'Add, do not subtract.',
  originalCode: '  return a - b;',
  suggestedCode: '  return a + b;',
  deletion: false,
  revision: null,
  createdAt: '2025-01-01T00:00:01.000Z',
};

function draft(overrides: Partial<DraftData> = {}): DraftData {
  return {
    version: 2,
    fingerprint: review.fingerprint,
    annotations: [comment],
    viewed: { 'src/calc.ts': 'abc' },
    verdict: 'request-changes',
    summary: 'draft summary',
    composer: { kind: 'comment', target: { scope: 'file', path: 'src/calc.ts' }, text: 'not sent yet', editingId: null },
    updatedAt: '2025-01-01T00:00:02.000Z',
    ...overrides,
  };
}

beforeEach(async () => {
  repo = makeRepo({ commit: { 'src/calc.ts': 'export function add(a: number, b: number) {\n  return a + b;\n}\n' } });
  repo.write('src/calc.ts', 'export function add(a: number, b: number) {\n  return a - b;\n}\n');
  harness = await startHarness(await gitSource(repo.dir));
  review = (await harness.get(API.review)).json<ReviewData>();
});

afterEach(async () => {
  await harness.close();
  repo.cleanup();
});

const draftDir = () => join(repo.dir, '.git', 'redline', 'drafts');

describe('drafts', () => {
  it('round-trips atomically under .git/redline/drafts/<fingerprint>.json (0600, no temp files left)', async () => {
    expect((await harness.get(`${API.draft}?fingerprint=${review.fingerprint}`)).status).toBe(404);
    const saved = await harness.send('PUT', API.draft, draft());
    expect(saved.status).toBe(200);
    expect(saved.json()).toEqual({ ok: true });
    const loaded = await harness.get(`${API.draft}?fingerprint=${review.fingerprint}`);
    expect(loaded.json<DraftData>()).toEqual(draft());
    const file = join(draftDir(), `${review.fingerprint}.json`);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(draft());
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(draftDir())).toEqual([`${review.fingerprint}.json`]);
  });

  it('keeps the last of many concurrent saves, whole', async () => {
    const saves = Array.from({ length: 20 }, (_, i) =>
      harness.send('PUT', API.draft, draft({ summary: `save ${i} ${'x'.repeat(i * 5000)}`, updatedAt: `2025-01-01T00:00:${String(i).padStart(2, '0')}.000Z` })),
    );
    for (const answer of await Promise.all(saves)) expect(answer.status).toBe(200);
    const loaded = (await harness.get(`${API.draft}?fingerprint=${review.fingerprint}`)).json<DraftData>();
    expect(loaded.summary).toMatch(/^save 19 /);
    expect(readdirSync(draftDir())).toEqual([`${review.fingerprint}.json`]);
  });

  it('survives a server restart', async () => {
    await harness.send('PUT', API.draft, draft());
    await harness.close();
    harness = await startHarness(await gitSource(repo.dir));
    const again = (await harness.get(API.review)).json<ReviewData>();
    expect(again.fingerprint).toBe(review.fingerprint);
    expect((await harness.get(`${API.draft}?fingerprint=${again.fingerprint}`)).json<DraftData>()).toEqual(draft());
  });

  it('refuses invalid drafts naming the bad field, and bad fingerprints', async () => {
    const cases: [unknown, string][] = [
      [{ ...draft(), version: 3 }, 'body.version'],
      [{ ...draft(), composer: { kind: 'comment', target: { scope: 'line', path: 'a', side: 'both', startLine: 1, endLine: 1 }, text: '', editingId: null } }, 'body.composer.target.side'],
      [{ ...draft(), fingerprint: '../../config' }, 'body.fingerprint'],
      [{ ...draft(), annotations: [{ ...comment, startLine: 0 }] }, 'body.annotations[0].startLine'],
      [{ ...draft(), annotations: [{ ...suggestion, side: 'old' }] }, 'body.annotations[0].side'],
      [{ ...draft(), viewed: { a: 1 } }, 'body.viewed["a"]'],
      [[], 'body'],
    ];
    for (const [body, field] of cases) {
      const answer = await harness.send('PUT', API.draft, body);
      expect(answer.status, field).toBe(400);
      expect(answer.json<ApiError>().error.message, field).toContain(field);
    }
    const traversal = await harness.get(`${API.draft}?fingerprint=..%2F..%2Fconfig`);
    expect(traversal.status).toBe(400);
    expect(readdirSync(join(repo.dir, '.git')).includes('redline')).toBe(false);
  });

  it('two tabs: a save based on an older draft than the one on disk is refused (409), never a silent overwrite', async () => {
    // Both tabs load: no draft yet.
    expect((await harness.get(`${API.draft}?fingerprint=${review.fingerprint}`)).status).toBe(404);
    const tabA = draft({ summary: 'from tab A', updatedAt: '2025-01-01T00:00:01.000Z' });
    const tabB = draft({ summary: 'from tab B', updatedAt: '2025-01-01T00:00:02.000Z' });
    expect((await harness.send('PUT', API.draft, tabA, { [DRAFT_BASE_HEADER]: 'none' })).status).toBe(200);
    const refused = await harness.send('PUT', API.draft, tabB, { [DRAFT_BASE_HEADER]: 'none' });
    expect(refused.status).toBe(409);
    expect(refused.json<ApiError>().error.code).toBe('draft-conflict');
    expect((await harness.get(`${API.draft}?fingerprint=${review.fingerprint}`)).json<DraftData>().summary).toBe('from tab A');
    // Tab A goes on from what it saved; a reloaded tab B goes on from what it loaded.
    const tabA2 = draft({ summary: 'tab A again', updatedAt: '2025-01-01T00:00:03.000Z' });
    expect((await harness.send('PUT', API.draft, tabA2, { [DRAFT_BASE_HEADER]: tabA.updatedAt })).status).toBe(200);
    const racing = await Promise.all([
      harness.send('PUT', API.draft, draft({ summary: 'race 1', updatedAt: '2025-01-01T00:00:04.000Z' }), { [DRAFT_BASE_HEADER]: tabA2.updatedAt }),
      harness.send('PUT', API.draft, draft({ summary: 'race 2', updatedAt: '2025-01-01T00:00:05.000Z' }), { [DRAFT_BASE_HEADER]: tabA2.updatedAt }),
    ]);
    expect(racing.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('refuses a draft for any fingerprint this review did not serve: no file, so disk use stays bounded', async () => {
    for (const fingerprint of ['0'.repeat(64), 'a'.repeat(64), review.fingerprint.replace(/^./, (c) => (c === 'f' ? 'e' : 'f'))]) {
      const answer = await harness.send('PUT', API.draft, { ...draft(), fingerprint });
      expect(answer.status, fingerprint).toBe(409);
      expect(answer.json<ApiError>().error.message).toContain('did not serve that diff');
    }
    expect(existsSync(draftDir()) ? readdirSync(draftDir()) : []).toEqual([]);
    expect((await harness.send('PUT', API.draft, draft())).status).toBe(200);
  });

  it('an unreadable draft on disk is kept aside and the GET says so, as the page shows it', async () => {
    mkdirSync(draftDir(), { recursive: true });
    writeFileSync(join(draftDir(), `${review.fingerprint}.json`), '{"version":1,');
    const answer = await harness.get(`${API.draft}?fingerprint=${review.fingerprint}`);
    expect(answer.status).toBe(422);
    const { code, message } = answer.json<ApiError>().error;
    expect(code).toBe('unreadable-draft');
    const [kept] = readdirSync(draftDir());
    expect(kept).toMatch(/\.unreadable-.*\.json$/);
    expect(message).toContain(`it was kept as ${kept}`);
    expect(readFileSync(join(draftDir(), kept!), 'utf8')).toBe('{"version":1,');
    expect((await harness.get(`${API.draft}?fingerprint=${review.fingerprint}`)).status).toBe(404);
  });

  it('a "__proto__" key in viewed stays a plain key', async () => {
    const body = `{"version":1,"fingerprint":"${review.fingerprint}","annotations":[],"viewed":{"__proto__":"x"},"updatedAt":"2025-01-01T00:00:00Z"}`;
    expect((await harness.send('PUT', API.draft, body)).status).toBe(200);
    const loaded = (await harness.get(`${API.draft}?fingerprint=${review.fingerprint}`)).text;
    expect(JSON.parse(loaded).viewed).toEqual(JSON.parse('{"__proto__":"x"}'));
  });
});

describe('freshness', () => {
  it('is fresh until the diff changes, then reports the new fingerprint', async () => {
    const fresh = (await harness.get(`${API.freshness}?fingerprint=${review.fingerprint}`)).json<FreshnessData>();
    expect(fresh).toEqual({ fresh: true, fingerprint: review.fingerprint });
    repo.write('notes.txt', 'an untracked file appears\n');
    const stale = (await harness.get(`${API.freshness}?fingerprint=${review.fingerprint}`)).json<FreshnessData>();
    expect(stale.fresh).toBe(false);
    expect(stale.fingerprint).not.toBe(review.fingerprint);
    const reloaded = (await harness.get(API.review)).json<ReviewData>();
    expect(reloaded.fingerprint).toBe(stale.fingerprint);
  });

  it('notices a further edit of an already changed file, and stays fresh when a file is only touched', async () => {
    const poll = async () => (await harness.get(`${API.freshness}?fingerprint=${review.fingerprint}`)).json<FreshnessData>();
    const path = join(repo.dir, 'src/calc.ts');
    const now = new Date(Date.now() + 5000);
    utimesSync(path, now, now);
    expect(await poll()).toEqual({ fresh: true, fingerprint: review.fingerprint });
    repo.write('src/calc.ts', 'export function add(a: number, b: number) {\n  return a * b;\n}\n');
    expect((await poll()).fresh).toBe(false);
    repo.write('src/calc.ts', 'export function add(a: number, b: number) {\n  return a - b;\n}\n');
    expect(await poll()).toEqual({ fresh: true, fingerprint: review.fingerprint });
  });

  it('--staged notices a new git add; a commit target never goes stale', async () => {
    await harness.close();
    repo.git('add', 'src/calc.ts');
    harness = await startHarness(await gitSource(repo.dir, { kind: 'staged' }));
    const staged = (await harness.get(API.review)).json<ReviewData>();
    repo.write('extra.txt', 'x\n');
    expect((await harness.get(`${API.freshness}?fingerprint=${staged.fingerprint}`)).json<FreshnessData>().fresh).toBe(true);
    repo.git('add', 'extra.txt');
    expect((await harness.get(`${API.freshness}?fingerprint=${staged.fingerprint}`)).json<FreshnessData>().fresh).toBe(false);
    await harness.close();
    repo.commitAll('commit it');
    harness = await startHarness(await gitSource(repo.dir, { kind: 'commit', ref: 'HEAD' }));
    const commit = (await harness.get(API.review)).json<ReviewData>();
    repo.write('src/calc.ts', 'changed again\n');
    expect((await harness.get(`${API.freshness}?fingerprint=${commit.fingerprint}`)).json<FreshnessData>()).toEqual({ fresh: true, fingerprint: commit.fingerprint });
  });

  it('judges a whitespace-ignoring page against a whitespace-ignoring reading', async () => {
    const ignoring = (await harness.get(`${API.review}?whitespace=ignore`)).json<ReviewData>();
    expect(ignoring.ignoreWhitespace).toBe(true);
    const answer = (await harness.get(`${API.freshness}?fingerprint=${ignoring.fingerprint}`)).json<FreshnessData>();
    expect(answer.fresh).toBe(true);
  });
});

describe('feedback and close', () => {
  it('renders the export with the core, answers the page, then settles the outcome once', async () => {
    const submission = { verdict: 'request-changes', summary: 'One bug.', annotations: [comment, suggestion] };
    const answer = await harness.send('POST', API.feedback, submission);
    expect(answer.status).toBe(200);
    const result = answer.json<FeedbackResult>();
    // The server builds the review the page's preview builds (line comments quoting their lines).
    const expected = renderFeedbackMarkdown(buildFeedbackReview(review, { verdict: 'request-changes', summary: 'One bug.', annotations: [comment, suggestion] }, []));
    expect(result).toEqual({ ok: true, output: expected, format: 'markdown' });
    const outcome = await harness.session.outcome;
    expect(outcome).toMatchObject({ kind: 'feedback', output: expected, markdown: expected, fingerprints: [review.fingerprint] });
    const again = await harness.send('POST', API.feedback, submission);
    expect(again.status).toBe(409);
    expect(again.json<ApiError>().error.code).toBe('already-ended');
    expect((await harness.send('POST', API.close, {})).status).toBe(409);
  });

  it('renders JSON with --json', async () => {
    await harness.close();
    harness = await startHarness(await gitSource(repo.dir), { format: 'json' });
    const result = (await harness.send('POST', API.feedback, { verdict: 'approve', summary: '', annotations: [] })).json<FeedbackResult>();
    expect(result.format).toBe('json');
    expect(result.output).toBe(renderFeedbackJson(buildFeedbackReview(review, { verdict: 'approve', summary: '', annotations: [] }, [])));
    expect(JSON.parse(result.output)).toMatchObject({ format: 'redline-feedback', version: 3, verdict: 'approve' });
  });

  it('refuses an invalid submission naming the field, and the review goes on', async () => {
    const cases: [unknown, string][] = [
      [{ verdict: 'ship-it', summary: '', annotations: [] }, 'body.verdict'],
      [{ verdict: 'approve', summary: 3, annotations: [] }, 'body.summary'],
      [{ verdict: 'approve', summary: '', annotations: {} }, 'body.annotations'],
      [{ verdict: 'approve', summary: '', annotations: [{ ...suggestion, originalCode: undefined }] }, 'body.annotations[0].originalCode'],
      [{ verdict: 'approve', summary: '', annotations: [{ ...comment, endLine: 1 }] }, 'body.annotations[0].endLine'],
      [{ verdict: 'approve', summary: '', annotations: [comment, comment] }, 'body.annotations[1].id'],
      ['approve', 'body'],
    ];
    for (const [body, field] of cases) {
      const answer = await harness.send('POST', API.feedback, body);
      expect(answer.status, field).toBe(400);
      expect(answer.json<ApiError>().error.message, field).toContain(field);
    }
    expect(harness.session.isEnded).toBe(false);
  });

  it('close ends the review without feedback', async () => {
    const answer = await harness.send('POST', API.close, {});
    expect(answer.json()).toEqual({ ok: true });
    expect(await harness.session.outcome).toEqual({ kind: 'closed' });
  });
});

describe('a --patch review', () => {
  it('lists the patch’s files, refuses file contents as patch-only, is always fresh, and keeps drafts', async () => {
    const patch = readFileSync(join(__dirname, '../patch/fixtures/mixed.diff'), 'utf8');
    const stateDir = makeTempDir('redline-state-');
    const patchHarness = await startHarness(new PatchReviewSource(patch, 'mixed.diff', stateDir, 'mixed'));
    try {
      const data = (await patchHarness.get(API.review)).json<ReviewData>();
      expect(data.patchOnly).toBe(true);
      expect(data.patch).toBe(patch);
      expect(data.target).toEqual({ kind: 'patch', description: 'Patch from mixed.diff', baseCommit: null, headCommit: null });
      const file = await patchHarness.get(`${API.file}?path=${encodeURIComponent(data.files[0]!.path)}&fingerprint=${data.fingerprint}`);
      expect(file.status).toBe(422);
      expect(file.json<ApiError>().error.code).toBe('patch-only');
      expect((await patchHarness.get(`${API.freshness}?fingerprint=${data.fingerprint}`)).json()).toEqual({ fresh: true, fingerprint: data.fingerprint });
      const saved = await patchHarness.send('PUT', API.draft, { version: 1, fingerprint: data.fingerprint, annotations: [], viewed: {}, updatedAt: '2025-01-01T00:00:00Z' });
      expect(saved.status).toBe(200);
      expect(readdirSync(join(stateDir, 'drafts'))).toEqual([`${data.fingerprint}.json`]);
    } finally {
      await patchHarness.close();
    }
  });
});
