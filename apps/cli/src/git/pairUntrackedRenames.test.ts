/**
 * A file moved or converted without `git mv` (deleted, and a similar
 * untracked file added) reads as one renamed file, as git itself pairs them
 * when one index knows both: a moved file, a moved-and-edited file, and a
 * JavaScript file replaced by a TypeScript one; an unrelated deletion and an
 * unrelated new file stay apart. Over real repositories, through the whole
 * reading (the facts, the patch, and section i = files[i]).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildFeedbackReview, renderFeedbackMarkdown, type FileFacts, type MovedFileFacts } from '@redline/core';
import { makeRepo, type TestRepo } from '../../testSupport/gitRepo.js';
import { gitSource } from '../../testSupport/reviewServerHarness.js';
import { findRepository } from './findRepository.js';
import { resolveTarget } from './resolveTarget.js';
import { GitReviewSource } from '../review/gitReviewSource.js';
import { NO_ROUNDS } from '../rounds/roundsReader.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

const lines = (name: string, n: number) => Array.from({ length: n }, (_, i) => `export const ${name}${i} = ${i}; // line ${i} of ${name}\n`).join('');

function movedRepo(): TestRepo {
  const repo = makeRepo({
    commit: {
      'src/diff/base.js': lines('base', 40),
      'lib/moved.txt': lines('moved', 20),
      'lib/edited.txt': lines('edited', 30),
      'gone.txt': 'nothing like any new file\n',
    },
  });
  repos.push(repo);
  // A JavaScript file replaced by a TypeScript one (a few lines typed).
  repo.remove('src/diff/base.js');
  repo.write('src/diff/base.ts', lines('base', 40).replace('export const base0 = 0;', 'export const base0: number = 0;') + 'export type Base = number;\n');
  // Moved as is, and moved and edited.
  repo.remove('lib/moved.txt');
  repo.write('docs/moved.txt', lines('moved', 20));
  repo.remove('lib/edited.txt');
  repo.write('docs/edited.txt', lines('edited', 30).replace('line 3 of edited', 'line three of edited'));
  // Unrelated: a deletion and a new file that are not alike.
  repo.remove('gone.txt');
  repo.write('fresh.md', '# A new page\n\nabout something else entirely\n');
  return repo;
}

function byPath(files: FileFacts[]): Record<string, FileFacts> {
  return Object.fromEntries(files.map((file) => [file.path, file]));
}

describe('untracked files paired with deleted tracked ones', () => {
  it('reads a moved, a moved-and-edited and a js-to-ts file as renames, and leaves the unrelated ones apart', async () => {
    const repo = movedRepo();
    const { data } = await (await gitSource(repo.dir)).read({ ignoreWhitespace: false, recordContents: true });
    const files = byPath(data.files);
    expect(Object.keys(files).sort()).toEqual(['docs/edited.txt', 'docs/moved.txt', 'fresh.md', 'gone.txt', 'src/diff/base.ts']);
    expect(files['src/diff/base.ts']).toMatchObject({ status: 'renamed', oldPath: 'src/diff/base.js', additions: 2, deletions: 1 });
    expect(files['docs/moved.txt']).toMatchObject({ status: 'renamed', oldPath: 'lib/moved.txt', additions: 0, deletions: 0 });
    expect(files['docs/edited.txt']).toMatchObject({ status: 'renamed', oldPath: 'lib/edited.txt', additions: 1, deletions: 1 });
    expect(files['gone.txt']).toMatchObject({ status: 'deleted' });
    expect(files['fresh.md']).toMatchObject({ status: 'added' });
    for (const file of Object.values(files).filter((f) => f.status === 'renamed')) {
      expect(file.oldBlob).toMatch(/^[0-9a-f]{40}$/);
      expect(file.oldSize).toBeGreaterThan(0);
      expect(file.newSize).toBe(readFileSync(join(repo.dir, file.path)).length);
    }
    // One section per file, in the files' order, and the pair's diff is the change between the two files.
    const sections = data.patch.split(/^(?=diff --git )/m).filter((s) => s !== '');
    expect(sections).toHaveLength(data.files.length);
    data.files.forEach((file, i) => expect(sections[i]!.startsWith(`diff --git a/${file.oldPath ?? file.path} b/${file.path}\n`), file.path).toBe(true));
    const ts = sections[data.files.findIndex((f) => f.path === 'src/diff/base.ts')]!;
    expect(ts).toMatch(/^similarity index \d+%\nrename from src\/diff\/base\.js\nrename to src\/diff\/base\.ts$/m);
    expect(ts).toContain('-export const base0 = 0; // line 0 of base\n+export const base0: number = 0; // line 0 of base\n');
  });

  it('carries git\'s similarity into the facts, and the export names both paths and quotes the lines', async () => {
    const repo = movedRepo();
    repo.write('tracked.txt', lines('tracked', 10));
    repo.git('add', 'tracked.txt');
    repo.git('commit', '-qm', 'tracked');
    repo.git('mv', 'tracked.txt', 'kept.txt'); // a tracked rename, staged: git's own R100
    const { data } = await (await gitSource(repo.dir)).read({ ignoreWhitespace: false, recordContents: false });
    const files = byPath(data.files);
    const similarity = (path: string) => (files[path]!.status === 'renamed' ? (files[path] as MovedFileFacts).similarity : undefined);
    expect(similarity('docs/moved.txt')).toBe(100);
    expect(similarity('kept.txt')).toBe(100);
    // One line of 30 changed, two of 40: similar, not identical (git's own scores, over bytes).
    expect(similarity('docs/edited.txt')).toBeGreaterThan(90);
    expect(similarity('docs/edited.txt')).toBeLessThan(100);
    expect(similarity('src/diff/base.ts')).toBeGreaterThan(80);
    expect(similarity('src/diff/base.ts')).toBeLessThan(100);
    const comment = (id: string, path: string, side: 'old' | 'new', line: number) =>
      ({ id, kind: 'comment', scope: 'line', path, side, startLine: line, endLine: line, text: 'why?', createdAt: '' }) as const;
    const markdown = renderFeedbackMarkdown(
      buildFeedbackReview(data, { verdict: 'comment', summary: '', annotations: [comment('c1', 'src/diff/base.ts', 'old', 1), comment('c2', 'docs/edited.txt', 'new', 4)] }, []),
    );
    expect(markdown).toContain(`## \`src/diff/base.ts\` (renamed from \`src/diff/base.js\`, ${similarity('src/diff/base.ts')}% similar)`);
    expect(markdown).toContain('**Quoted lines:** (1 line) · old side of `src/diff/base.js` → `src/diff/base.ts`\n```ts\nexport const base0 = 0; // line 0 of base\n```');
    expect(markdown).toContain('**Quoted lines:** (1 line) · new side of `lib/edited.txt` → `docs/edited.txt`\n```text\nexport const edited3 = 3; // line three of edited\n```');
  });

  it('leaves the repository untouched: its index and objects are not written', async () => {
    const repo = movedRepo();
    const index = readFileSync(join(repo.dir, '.git/index'));
    const objects = repo.git('count-objects', '-v');
    await (await gitSource(repo.dir)).read({ ignoreWhitespace: false, recordContents: false });
    expect(readFileSync(join(repo.dir, '.git/index')).equals(index)).toBe(true);
    expect(repo.git('count-objects', '-v')).toBe(objects);
    expect(repo.git('status', '--porcelain')).toContain('?? src/diff/base.ts');
  });

  it('pairs nothing when turned off (--no-untracked-renames)', async () => {
    const repo = movedRepo();
    const repository = await findRepository(repo.dir);
    const source = new GitReviewSource(repository, await resolveTarget(repository.root, { kind: 'working-tree' }), null, NO_ROUNDS, false);
    const { data } = await source.read({ ignoreWhitespace: false, recordContents: false });
    const files = byPath(data.files);
    expect(files['src/diff/base.js']).toMatchObject({ status: 'deleted' });
    expect(files['src/diff/base.ts']).toMatchObject({ status: 'added' });
    expect(data.files.filter((f) => f.status === 'renamed')).toEqual([]);
  });
});
