/**
 * `redline compare` against real git: the refusals, each with its message and
 * exit code, and a whole session over HTTP (the overview, the picks, the
 * apply to a clean worktree, the agent's credential refused, nothing moved).
 */
import { existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API, COMPARE_MARKER_NAME, parseHunks, type CompareAgainstData, type CompareApplyResult, type CompareData } from '@redline/core';
import { runCli } from '../../main.js';
import { signInAsPage } from '../../../testSupport/browserSession.js';
import { captureIo } from '../../../testSupport/capturedIo.js';
import { httpCall } from '../../../testSupport/httpClient.js';
import { makeRepo, makeTempDir } from '../../../testSupport/gitRepo.js';
import { BASE_FILES, makeVariantRepo, SUM_JS, SUM_VARIANTS } from '../../../testSupport/variantRepo.js';

const variantRepo = () => makeVariantRepo(makeTempDir);

async function compareFails(cwd: string, args: string[]): Promise<{ code: number; err: string }> {
  const io = captureIo(cwd);
  const code = await runCli(['compare', '--no-open', ...args], io);
  return { code, err: io.err() };
}

describe('redline compare: bad input', () => {
  it('refuses a directory that is not a worktree of this repository', async () => {
    const { dir, worktree } = variantRepo();
    worktree('a', SUM_VARIANTS.a);
    const other = makeRepo({ commit: { 'x.txt': 'x\n' } });
    const { code, err } = await compareFails(dir, ['a', other.dir]);
    expect(code).toBe(2);
    expect(err).toContain(`${other.dir}: not a worktree of this repository`);
  });

  it('refuses variants with no common base', async () => {
    const { dir, git, worktree } = variantRepo();
    worktree('a', SUM_VARIANTS.a);
    git('checkout', '--quiet', '--orphan', 'lonely');
    git('rm', '-r', '--quiet', '--cached', '.');
    git('commit', '--quiet', '--allow-empty', '-m', 'unrelated history');
    const { code, err } = await compareFails(dir, ['a', 'lonely']);
    expect(code).toBe(1);
    expect(err).toMatch(/no common base: variant A \(branch a\), variant B \(branch lonely\) share no commit/);
  });

  it('refuses a variant that is the base itself', async () => {
    const { dir, worktree } = variantRepo();
    worktree('a', SUM_VARIANTS.a);
    const { code, err } = await compareFails(dir, ['a', 'main']);
    expect(code).toBe(2);
    expect(err).toMatch(/variant B \(branch main\) is the base itself/);
  });

  it('refuses two identical variants, saying so', async () => {
    const { dir, worktree } = variantRepo();
    worktree('a', SUM_VARIANTS.a);
    const b = worktree('b', SUM_VARIANTS.a);
    const { code, err } = await compareFails(dir, ['a', b.dir]);
    expect(code).toBe(2);
    expect(err).toMatch(/variant A \(branch a\) and variant B \(worktree .*\/b\) are identical/);
  });

  it('prints its help, and reads its options like the other commands', async () => {
    const { dir } = variantRepo();
    const io = captureIo(dir);
    expect(await runCli(['compare', '--help'], io)).toBe(0);
    expect(io.out()).toContain('Usage: redline compare A B [C...] [--base REV] [--target PATH]');
    expect(await compareFails(dir, ['a', 'b', '--port', 'x'])).toEqual({ code: 2, err: expect.stringContaining("--port must be a number from 0 to 65535, got 'x'") });
    expect(await compareFails(dir, ['a', 'b', '--nope'])).toEqual({ code: 2, err: expect.stringContaining("unknown option '--nope'") });
  });

  it('takes fewer than two variants as a usage error', async () => {
    const { dir } = variantRepo();
    expect(await compareFails(dir, ['main'])).toEqual({ code: 2, err: expect.stringContaining('compare takes two variants or more') });
  });
});

describe('redline compare: a session', () => {
  it('serves the overview, takes picks, applies them to a clean worktree as one fix set, and moves nothing', async () => {
    const variants = variantRepo();
    const { worktree } = variants;
    const a = worktree('a', SUM_VARIANTS.a);
    // b's attempt is uncommitted: compare reads the worktree as it is.
    const b = worktree('b', SUM_VARIANTS.b, { commit: false });
    worktree('c', SUM_VARIANTS.c);
    const target = worktree('target', {});
    const before = variants.untouchedState();

    const io = captureIo(variants.dir);
    const exited = runCli(['compare', '--no-open', '--target', target.dir, a.dir, b.dir, 'c'], io);
    const page = await signInAsPage((await io.waitForStderr(/Review: (\S+)\n/))[1]!);
    expect((await httpCall({ port: page.port, path: '/' })).body.toString()).toContain(`<meta name="${COMPARE_MARKER_NAME}" content="on">`);
    const data = (await page.get(API.compare)).json<CompareData>();
    expect(data.variants.map((v) => [v.id, v.name, v.source])).toEqual([['A', 'a', 'worktree'], ['B', 'b', 'worktree'], ['C', 'c', 'branch']]);
    expect(data.rows.map((r) => [r.key, r.agree, r.touched.map((t) => (t ? `+${t.additions}-${t.deletions}` : null))])).toEqual([
      ['README.md', true, ['+2-0', '+2-0', '+2-0']],
      ['src/sum.js', false, ['+1-5', '+1-3', '+2-6']],
      ['test/sum.test.js', false, [null, '+1-0', null]],
    ]);
    expect(data.target).toEqual({ path: target.dir, name: 'target' });

    const put = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      httpCall({ port: page.port, method: 'PUT', path, headers: { ...page.auth, origin: page.origin, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    // The agent's credential is refused on the reviewer's acts.
    expect((await put(API.comparePicks, { picks: [] }, { 'x-redline-agent': 'anything' })).status).toBe(403);
    expect((await put(API.compareNames, { names: { B: 'for-of' } })).status).toBe(200);
    const cSum = data.variants[2]!.files.find((f) => f.path === 'src/sum.js')!.section;
    const hunks = parseHunks(cSum, 1000, 1000);
    expect(hunks).toHaveLength(2);
    const picks = [
      { kind: 'file', path: 'test/sum.test.js', variant: 'B' },
      { kind: 'hunk', path: 'src/sum.js', variant: 'C', hunk: hunks[1]!.range },
    ];
    expect((await put(API.comparePicks, { picks })).status).toBe(200);
    const against = (await page.get(`${API.compareAgainst}?${new URLSearchParams({ from: 'A', to: 'C', path: 'src/sum.js' })}`)).json<CompareAgainstData>();
    expect(against.patch).toContain('-  return values.reduce((a, b) => a + b, 0);\n+  return values.reduce((total, value) => total + value, 0);');
    const again = (await page.get(API.compare)).json<CompareData>();
    expect(again.variants[1]!.name).toBe('for-of');
    expect(again.picks).toEqual(picks);

    const applied = await page.post(API.compareApply, {});
    expect(applied.status, applied.body.toString()).toBe(200);
    const result = applied.json<CompareApplyResult>();
    expect(result.change?.kind).toBe('set');
    expect(result.written.sort()).toEqual(['src/sum.js', 'test/sum.test.js']);
    expect(target.read('src/sum.js')).toBe(SUM_JS.replace('  return sum(values) / values.length;', '  return values.length === 0 ? 0 : sum(values) / values.length;'));
    expect(target.read('test/sum.test.js')).toBe(SUM_VARIANTS.b['test/sum.test.js']);

    // Now the target has uncommitted changes: a second apply is refused, naming it; nothing is written.
    const refused = await page.post(API.compareApply, {});
    expect(refused.status).toBe(400);
    expect(refused.json<{ error: { message: string } }>().error.message).toContain(`the target worktree ${target.dir} has uncommitted changes (src/sum.js, test/sum.test.js)`);

    expect((await page.post(API.close, {})).status).toBe(200);
    expect(await exited).toBe(3);
    // The target's files put back by hand (a checkout would refresh its index): every ref, HEAD, index and status as before.
    for (const path of result.written) target.write(path, BASE_FILES[path]!);
    expect(variants.untouchedState().split('\n')).toEqual(before.split('\n'));
    expect(b.read('src/sum.js')).toBe(SUM_VARIANTS.b['src/sum.js']);
  }, 60_000);

  it('keeps each variant\'s verdict and comments apart, and after Send writes each its own feedback', async () => {
    const variants = variantRepo();
    const a = variants.worktree('a', SUM_VARIANTS.a);
    variants.worktree('b', SUM_VARIANTS.b);
    const io = captureIo(variants.dir);
    const exited = runCli(['compare', '--no-open', a.dir, 'b'], io);
    const page = await signInAsPage((await io.waitForStderr(/Review: (\S+)\n/))[1]!);
    const put = (body: unknown) => httpCall({ port: page.port, method: 'PUT', path: API.compareNotes, headers: { ...page.auth, origin: page.origin, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const comment = { path: 'test/sum.test.js', side: 'new', line: 7, code: "test('average of nothing', () => assert.equal(average([]), 0));", text: 'Good: the empty case.' };
    expect((await put({ variant: 'B', notes: { verdict: 'keep', comments: [comment] } })).status).toBe(200);
    expect((await put({ variant: 'A', notes: { verdict: 'discard', comments: [] } })).status).toBe(200);
    const stray = await put({ variant: 'A', notes: { verdict: 'keep', comments: [comment] } });
    expect(stray.status).toBe(400);
    expect(stray.json<{ error: { message: string } }>().error.message).toBe('notes.comments: variant A did not change "test/sum.test.js"');
    expect((await put({ variant: 'B', notes: { verdict: 'maybe', comments: [] } })).status).toBe(400);
    const data = (await page.get(API.compare)).json<CompareData>();
    expect(data.variants.map((v) => [v.id, v.notes.verdict, v.notes.comments.length])).toEqual([['A', 'discard', 0], ['B', 'keep', 1]]);

    expect((await page.post(API.feedback, { verdict: 'comment', summary: 'Two attempts.', annotations: [] })).status).toBe(200);
    expect(await exited).toBe(0);
    const gitDir = variants.git('rev-parse', '--absolute-git-dir').trim();
    expect(readFileSync(join(gitDir, 'redline/compare/variant-A.md'), 'utf8')).toBe('# Variant A (a): discarded\n\nNot taken; no comments.\n');
    expect(readFileSync(join(gitDir, 'redline/compare/variant-B.md'), 'utf8')).toContain('# Variant B (b): keep\n\n## `test/sum.test.js`\n\n### Line 7\n');
    expect(io.err()).toContain(`Each variant's feedback: ${join(gitDir, 'redline/compare/variant-A.md')}`);
  }, 60_000);

  it('shows a file renamed in one variant and edited in another as one row; a rename is refused, an added picture taken whole', async () => {
    const variants = variantRepo();
    // A moves the test (git's rename detection pairs it), B edits it in place and adds a picture.
    const a = variants.worktree('a', {});
    a.git('mv', 'test/sum.test.js', 'test/sum.spec.js');
    a.write('test/sum.spec.js', `${SUM_VARIANTS.b['test/sum.test.js']}`);
    a.git('commit', '--quiet', '-am', 'a moves the test');
    const b = variants.worktree('b', { 'test/sum.test.js': `${SUM_VARIANTS.b['test/sum.test.js']}// more\n` });
    b.write('logo.png', '\u0089PNG\r\n\u001a\n\u0000\u0000binary');
    b.git('add', '--all');
    b.git('commit', '--quiet', '-m', 'b adds a picture');
    const target = variants.worktree('target', {});
    const io = captureIo(variants.dir);
    const exited = runCli(['compare', '--no-open', '--target', target.dir, 'a', 'b'], io);
    const page = await signInAsPage((await io.waitForStderr(/Review: (\S+)\n/))[1]!);
    const data = (await page.get(API.compare)).json<CompareData>();
    expect(data.rows.map((r) => [r.key, r.touched.map((t) => t && `${t.path}${t.binary ? ' (binary)' : ''}`)])).toEqual([
      ['logo.png', [null, 'logo.png (binary)']],
      ['test/sum.test.js', ['test/sum.spec.js', 'test/sum.test.js']],
    ]);
    const put = (picks: unknown) => httpCall({ port: page.port, method: 'PUT', path: API.comparePicks, headers: { ...page.auth, origin: page.origin, 'content-type': 'application/json' }, body: JSON.stringify({ picks }) });
    expect((await put([{ kind: 'file', path: 'test/sum.test.js', variant: 'A' }])).status).toBe(200);
    const renamed = await page.post(API.compareApply, {});
    expect(renamed.json<{ error: { message: string } }>().error.message).toBe('test/sum.test.js: variant A renamed it to test/sum.spec.js; a pick changes the lines of a file, so rename it by hand');
    expect(target.git('status', '--porcelain')).toBe('');
    // A file the variant added (a binary one at that) is taken whole: created in the target with the variant's bytes.
    expect((await put([{ kind: 'file', path: 'logo.png', variant: 'B' }])).status).toBe(200);
    const binary = await page.post(API.compareApply, {});
    expect(binary.status, binary.text).toBe(200);
    expect(binary.json<CompareApplyResult>().written).toEqual(['logo.png']);
    expect(readFileSync(join(target.dir, 'logo.png'))).toEqual(readFileSync(join(b.dir, 'logo.png')));
    await page.post(API.close, {});
    expect(await exited).toBe(3);
  }, 60_000);

  it('takes whole what a suggestion cannot carry: a file added in a new folder, a deleted one, a changed picture; all or nothing when the target moved on', async () => {
    const picture = (tail: string) => Buffer.from(`\u0089PNG\r\n\u001a\n\u0000\u0000${tail}`, 'latin1');
    const variants = variantRepo();
    writeFileSync(join(variants.dir, 'logo.png'), picture('base'));
    variants.git('add', 'logo.png');
    variants.git('commit', '--quiet', '-m', 'a picture');
    const a = variants.worktree('a', SUM_VARIANTS.a, { from: 'main' });
    const b = variants.worktree('b', { ...SUM_VARIANTS.b, 'docs/guide/usage.md': '# Usage\n\nsum([1, 2]) is 3.\n' }, { from: 'main' });
    writeFileSync(join(b.dir, 'logo.png'), picture('B'));
    b.git('rm', '--quiet', 'README.md');
    b.git('add', '--all');
    b.git('commit', '--quiet', '-m', 'b: a guide, a new picture, no readme');
    const target = variants.worktree('target', {}, { from: 'main' });
    const io = captureIo(variants.dir);
    const exited = runCli(['compare', '--no-open', '--target', target.dir, a.dir, 'b'], io);
    const page = await signInAsPage((await io.waitForStderr(/Review: (\S+)\n/))[1]!);
    const put = (picks: unknown) => httpCall({ port: page.port, method: 'PUT', path: API.comparePicks, headers: { ...page.auth, origin: page.origin, 'content-type': 'application/json' }, body: JSON.stringify({ picks }) });
    const whole = ['docs/guide/usage.md', 'README.md', 'logo.png'].map((path) => ({ kind: 'file', path, variant: 'B' }));

    // The target moved on (its picture is not the base's): refused, named, and nothing written, the fix set's file included.
    target.write('logo.png', 'not the base picture');
    target.git('commit', '--quiet', '-am', 'target: another picture');
    const aSum = (await page.get(API.compare)).json<CompareData>().variants[0]!.files.find((f) => f.path === 'src/sum.js')!.section;
    const hunk = parseHunks(aSum, 1000, 1000)[0]!;
    expect((await put([...whole, { kind: 'hunk', path: 'src/sum.js', variant: 'A', hunk: hunk.range }])).status).toBe(200);
    const refused = await page.post(API.compareApply, {});
    expect(refused.status).toBe(400);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe("logo.png: target's file is no longer the base's (it changed since the variants started); nothing written");
    expect(target.git('status', '--porcelain')).toBe('');

    // A folder on the new file's way that is a symbolic link (here to a folder outside) is never written through.
    target.git('reset', '--quiet', '--hard', 'main');
    const outside = makeTempDir();
    symlinkSync(outside, join(target.dir, 'docs'));
    target.git('add', 'docs');
    target.git('commit', '--quiet', '-m', 'target: docs is a link');
    const linked = await page.post(API.compareApply, {});
    expect(linked.status, linked.text).toBe(400);
    expect(linked.json<{ error: { message: string } }>().error.message).toBe('target: docs/guide/usage.md is beyond a symbolic link (docs); files behind symlinked directories are not written; nothing written');
    expect(readdirSync(outside)).toEqual([]);

    // Back to the base's picture: all of it lands in one write.
    target.git('reset', '--quiet', '--hard', 'main');
    expect((await put([...whole, { kind: 'file', path: 'src/sum.js', variant: 'A' }])).status).toBe(200);
    const applied = await page.post(API.compareApply, {});
    expect(applied.status, applied.text).toBe(200);
    expect(applied.json<CompareApplyResult>().written.sort()).toEqual(['README.md', 'docs/guide/usage.md', 'logo.png', 'src/sum.js']);
    expect(readFileSync(join(target.dir, 'docs/guide/usage.md'), 'utf8')).toBe('# Usage\n\nsum([1, 2]) is 3.\n');
    expect(readFileSync(join(target.dir, 'logo.png'))).toEqual(picture('B'));
    expect(existsSync(join(target.dir, 'README.md'))).toBe(false);
    expect(readFileSync(join(target.dir, 'src/sum.js'), 'utf8')).toBe(SUM_VARIANTS.a['src/sum.js']);
    // Only the files: the target's HEAD stays where it was put, and the changes are left uncommitted for the reviewer.
    expect(target.git('rev-parse', 'HEAD')).toBe(variants.git('rev-parse', 'main'));
    await page.post(API.close, {});
    expect(await exited).toBe(3);
  }, 60_000);

  it('takes each variant\'s agent\'s findings and tour into its column (redline annotate --variant), refused by name for a file that variant did not change', async () => {
    const variants = variantRepo();
    const a = variants.worktree('a', SUM_VARIANTS.a);
    const b = variants.worktree('b', SUM_VARIANTS.b);
    const io = captureIo(variants.dir);
    const exited = runCli(['compare', '--no-open', a.dir, 'b'], io);
    const page = await signInAsPage((await io.waitForStderr(/Review: (\S+)\n/))[1]!);
    const annotate = async (findings: unknown, variant: string) => {
      const file = join(variants.dir, '.git', 'findings.json');
      writeFileSync(file, JSON.stringify({ findings }));
      // Each agent posts from its own worktree: B's from b's (the comparison is served from a's).
      const agent = captureIo(variant === 'B' ? b.dir : variants.dir, { terminal: false });
      return { code: await runCli(['annotate', file, '--variant', variant, '--json'], agent), err: agent.err(), out: agent.out() };
    };
    const note = { kind: 'note', path: 'test/sum.test.js', side: 'new', lines: { start: 7, end: 7 }, text: 'I added the empty case.' };
    const posted = await annotate([note], 'B');
    expect(posted.code, posted.err).toBe(0);
    expect(posted.err).toContain('Posted 1 finding for variant B: 1 new, 0 already in the review.');
    expect((await annotate([note], 'B')).out).toMatch(/"added":\[\],"known":\["[0-9a-f]{12}"\]/);
    const stray = await annotate([note], 'A');
    expect(stray.code).toBe(2);
    expect(stray.err).toContain('findings: variant A did not change "test/sum.test.js"; nothing was posted');
    const data = (await page.get(API.compare)).json<CompareData>();
    expect(data.variants.map((v) => v.findings.map((f) => f.text))).toEqual([[], ['I added the empty case.']]);
    // The review's own proposals got none of them.
    expect((await page.get(API.proposals)).json<{ proposals: unknown[] }>().proposals).toEqual([]);

    // Its tour goes to its column too, the review's own tour untouched; a step on a file it did not change refuses the tour.
    const tourOf = async (tour: unknown, variant: string) => {
      const file = join(variants.dir, '.git', 'tour.json');
      writeFileSync(file, JSON.stringify({ tour }));
      const agent = captureIo(b.dir, { terminal: false });
      return { code: await runCli(['annotate', file, '--variant', variant], agent), err: agent.err() };
    };
    const tour = { title: 'Why for…of', steps: [{ path: 'src/sum.js', side: 'new', lines: { start: 2, end: 3 }, text: 'A plain loop reads best.' }, { path: note.path, side: note.side, lines: note.lines, text: 'And its test.' }] };
    const toured = await tourOf(tour, 'B');
    expect(toured.code, toured.err).toBe(0);
    expect(toured.err).toContain(`Posted your tour, "Why for…of": 2 steps; in variant B's column of the comparison.`);
    const strayTour = await tourOf(tour, 'A');
    expect(strayTour.code).toBe(1);
    expect(strayTour.err).toContain('tour: variant A did not change "test/sum.test.js"; the tour was not posted');
    const withTour = (await page.get(API.compare)).json<CompareData>();
    expect(withTour.variants.map((v) => v.tour?.title ?? null)).toEqual([null, 'Why for…of']);
    expect((await page.get(API.proposals)).json<{ tour: unknown }>().tour).toBeNull();
    await page.post(API.close, {});
    expect(await exited).toBe(3);
  }, 60_000);

  it('answers 404 on the compare routes of a plain review', async () => {
    const repo = makeRepo({ commit: { 'a.txt': 'one\n' } });
    repo.write('a.txt', 'two\n');
    const io = captureIo(repo.dir);
    const exited = runCli(['--no-open'], io);
    const page = await signInAsPage((await io.waitForStderr(/Review: (\S+)\n/))[1]!);
    expect((await page.get(API.compare)).status).toBe(404);
    expect((await httpCall({ port: page.port, path: '/' })).body.toString()).not.toContain(COMPARE_MARKER_NAME);
    await page.post(API.close, {});
    expect(await exited).toBe(3);
  });
});
