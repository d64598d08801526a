/**
 * Every review target over real temporary repositories: which files come
 * out, with what facts, and what the description and commits say.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FileFacts } from '@redline/core';
import { makeRepo, makeTempDir, type TestRepo } from '../../testSupport/gitRepo.js';
import { gitSource } from '../../testSupport/reviewServerHarness.js';
import { RedlineError } from '../errors.js';
import { findRepository } from '../git/findRepository.js';
import type { GitTargetSpec } from '../git/resolveTarget.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

function repoWith(files: Record<string, string>): TestRepo {
  const repo = makeRepo({ commit: files });
  repos.push(repo);
  return repo;
}

async function read(repo: TestRepo, spec?: GitTargetSpec, ignoreWhitespace = false) {
  const source = await gitSource(repo.dir, spec);
  return (await source.read({ ignoreWhitespace, recordContents: true })).data;
}

function byPath(files: FileFacts[]): Record<string, FileFacts> {
  return Object.fromEntries(files.map((file) => [file.path, file]));
}

describe('working tree against HEAD (no target)', () => {
  it('includes modified, deleted, renamed and untracked files with their facts', async () => {
    const repo = repoWith({ 'a.txt': 'one\ntwo\n', 'gone.txt': 'bye\n', 'old/name.ts': 'export const x = 1;\n'.repeat(10) });
    repo.write('a.txt', 'one\nTWO\nthree\n');
    repo.remove('gone.txt');
    repo.git('mv', 'old/name.ts', 'new-name.ts');
    repo.write('fresh.md', '# new\n');
    const data = await read(repo);
    const files = byPath(data.files);
    expect(data.files.map((f) => f.path)).toEqual(['a.txt', 'gone.txt', 'new-name.ts', 'fresh.md']);
    expect(files['a.txt']).toMatchObject({ status: 'modified', additions: 2, deletions: 1, oldMode: '100644', newMode: '100644', newSize: 14, oldSize: 8, binary: false });
    expect(files['a.txt']!.oldBlob).toMatch(/^[0-9a-f]{40}$/);
    expect(files['gone.txt']).toMatchObject({ status: 'deleted', newMode: null, newBlob: null, newSize: null, oldSize: 4, deletions: 1 });
    expect(files['new-name.ts']).toMatchObject({ status: 'renamed', oldPath: 'old/name.ts', additions: 0, deletions: 0 });
    expect(files['fresh.md']).toMatchObject({ status: 'added', oldMode: null, newMode: '100644', oldBlob: null, newBlob: null, newSize: 6, additions: 1 });
    expect(data.target).toMatchObject({ kind: 'working-tree', headCommit: null });
    expect(data.target.baseCommit).toBe(repo.git('rev-parse', 'HEAD').trim());
    expect(data.patch).toContain('diff --git a/fresh.md b/fresh.md\nnew file mode 100644');
    expect(data.patch).toContain('rename from old/name.ts\nrename to new-name.ts');
    expect(data.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('leaves out ignored files and reads from the top level when started in a subdirectory', async () => {
    const repo = repoWith({ '.gitignore': 'build/\n', 'src/a.ts': 'a\n' });
    repo.write('build/out.js', 'ignored');
    repo.write('src/a.ts', 'b\n');
    repo.write('top.txt', 'untracked at the top\n');
    const source = await gitSource(`${repo.dir}/src`);
    const data = (await source.read({ ignoreWhitespace: false, recordContents: false })).data;
    expect(data.files.map((f) => f.path)).toEqual(['src/a.ts', 'top.txt']);
  });

  it('compares an empty repository (no commits) against the empty tree', async () => {
    const repo = makeRepo();
    repos.push(repo);
    repo.write('staged.txt', 'staged\n');
    repo.git('add', 'staged.txt');
    repo.write('loose.txt', 'untracked\n');
    const data = await read(repo);
    expect(data.target).toMatchObject({ kind: 'working-tree', baseCommit: null, headCommit: null });
    expect(data.target.description).toMatch(/no commits yet/);
    expect(data.files.map((f) => [f.path, f.status])).toEqual([
      ['staged.txt', 'added'],
      ['loose.txt', 'added'],
    ]);
  });

  it('re-reads with whitespace ignored (git diff -w)', async () => {
    const repo = repoWith({ 'w.txt': 'a b\nc\n' });
    repo.write('w.txt', 'a   b\nc\nd\n');
    const normal = await read(repo);
    const ignoring = await read(repo, undefined, true);
    expect(normal.patch).toContain('-a b');
    expect(ignoring.patch).not.toContain('-a b');
    expect(ignoring.ignoreWhitespace).toBe(true);
    expect(ignoring.files[0]).toMatchObject({ additions: 1, deletions: 0 });
    expect(ignoring.fingerprint).not.toBe(normal.fingerprint);
  });
});

describe('other targets', () => {
  it('--staged: the index against HEAD, without unstaged or untracked changes', async () => {
    const repo = repoWith({ 'a.txt': '1\n', 'b.txt': '2\n' });
    repo.write('a.txt', 'staged\n');
    repo.git('add', 'a.txt');
    repo.write('a.txt', 'staged then edited\n');
    repo.write('b.txt', 'unstaged\n');
    repo.write('c.txt', 'untracked\n');
    const data = await read(repo, { kind: 'staged' });
    expect(data.files.map((f) => f.path)).toEqual(['a.txt']);
    expect(data.patch).toContain('+staged\n');
    expect(data.files[0]!.newBlob).toBe(repo.git('rev-parse', ':a.txt').trim());
    expect(data.files[0]!.newSize).toBe(7);
    expect(data.target.kind).toBe('staged');
  });

  it('--base REF: the merge-base of REF and HEAD against the working tree', async () => {
    const repo = repoWith({ 'a.txt': 'base\n' });
    const base = repo.git('rev-parse', 'HEAD').trim();
    repo.git('checkout', '--quiet', '-b', 'feature');
    repo.write('feature.txt', 'feature\n');
    repo.commitAll('feature work');
    repo.git('checkout', '--quiet', 'main');
    repo.write('a.txt', 'main moved on\n');
    repo.commitAll('main work');
    repo.git('checkout', '--quiet', 'feature');
    repo.write('wip.txt', 'uncommitted\n');
    const data = await read(repo, { kind: 'base', ref: 'main' });
    expect(data.target).toMatchObject({ kind: 'base', baseCommit: base, headCommit: null });
    expect(data.files.map((f) => f.path)).toEqual(['feature.txt', 'wip.txt']);
  });

  it('a commit against its first parent, and a root commit against the empty tree', async () => {
    const repo = repoWith({ 'a.txt': 'v1\n' });
    const root = repo.git('rev-parse', 'HEAD').trim();
    repo.write('a.txt', 'v2\n');
    repo.write('b.txt', 'new\n');
    const second = repo.commitAll('second: edit a, add b');
    repo.write('a.txt', 'uncommitted\n');
    const data = await read(repo, { kind: 'commit', ref: second.slice(0, 8) });
    expect(data.target).toMatchObject({ kind: 'commit', baseCommit: root, headCommit: second });
    expect(data.target.description).toContain('second: edit a, add b');
    expect(data.files.map((f) => [f.path, f.status])).toEqual([
      ['a.txt', 'modified'],
      ['b.txt', 'added'],
    ]);
    expect(data.patch).toContain('+v2');
    expect(data.patch).not.toContain('uncommitted');
    const rootData = await read(repo, { kind: 'commit', ref: root });
    expect(rootData.target).toMatchObject({ baseCommit: null, headCommit: root });
    expect(rootData.files.map((f) => [f.path, f.status])).toEqual([['a.txt', 'added']]);
  });

  it('a merge commit is compared with its first parent', async () => {
    const repo = repoWith({ 'a.txt': 'a\n' });
    repo.git('checkout', '--quiet', '-b', 'side');
    repo.write('side.txt', 'side\n');
    repo.commitAll('side');
    repo.git('checkout', '--quiet', 'main');
    repo.write('main.txt', 'main\n');
    const mainTip = repo.commitAll('main');
    repo.git('merge', '--quiet', '--no-ff', '--no-edit', 'side');
    const data = await read(repo, { kind: 'commit', ref: 'HEAD' });
    expect(data.target.baseCommit).toBe(mainTip);
    expect(data.files.map((f) => f.path)).toEqual(['side.txt']);
  });

  it('A..B and A...B', async () => {
    const repo = repoWith({ 'a.txt': '0\n' });
    const start = repo.git('rev-parse', 'HEAD').trim();
    repo.git('checkout', '--quiet', '-b', 'topic');
    repo.write('topic.txt', 't\n');
    const topic = repo.commitAll('topic');
    repo.git('checkout', '--quiet', 'main');
    repo.write('main.txt', 'm\n');
    repo.commitAll('main');
    const twoDots = await read(repo, { kind: 'range', from: 'main', to: 'topic', symmetric: false });
    expect(twoDots.files.map((f) => [f.path, f.status])).toEqual([
      ['main.txt', 'deleted'],
      ['topic.txt', 'added'],
    ]);
    expect(twoDots.target.headCommit).toBe(topic);
    const threeDots = await read(repo, { kind: 'range', from: 'main', to: 'topic', symmetric: true });
    expect(threeDots.target.baseCommit).toBe(start);
    expect(threeDots.files.map((f) => f.path)).toEqual(['topic.txt']);
  });
});

describe('errors', () => {
  it('an unknown revision, or one that looks like an option, is an unknown-ref error', async () => {
    const repo = repoWith({ 'a.txt': 'a\n' });
    for (const ref of ['no-such-branch', '--output=/tmp/pwned', 'HEAD~99']) {
      const error = await gitSource(repo.dir, { kind: 'commit', ref }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RedlineError);
      expect((error as RedlineError).code).toBe('unknown-ref');
      expect((error as RedlineError).message).toContain(ref);
    }
  });

  it('a directory outside any repository is not-a-repository', async () => {
    const dir = makeTempDir();
    const error = await findRepository(dir).catch((e: unknown) => e);
    expect((error as RedlineError).code).toBe('not-a-repository');
    expect((error as RedlineError).message).toContain(dir);
  });
});
