/**
 * Every refusal of `redline apply`, each on a real temporary git repository
 * with a real export, each asserting that nothing was written: the whole
 * tree (contents, modes, inodes, no stray temp file) is identical afterwards.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderFeedbackJson, renderFeedbackMarkdown, type Annotation } from '@redline/core';
import {
  makeComment,
  makeReview,
  makeSuggestion,
  makeTempRepo,
  runApply,
  type RunResult,
  type TempRepo,
} from '../../../testSupport/apply/applyTestKit.js';
import { MAX_APPLY_FILE_BYTES } from './readTargetFile.js';
import { snapshotTree } from '../../../testSupport/apply/treeSnapshot.js';

const GOOD = 'const a = 1;\nconst b = 2;\nconst c = 3;\n';

let repo: TempRepo;
let outside: string;

beforeAll(() => {
  repo = makeTempRepo();
  repo.write('good.ts', GOOD);
  repo.write('realdir/f.ts', GOOD);
  repo.git('add', '-A');
  repo.git('commit', '-qm', 'base');
  outside = mkdtempSync(join(tmpdir(), 'redline-outside-'));
  writeFileSync(join(outside, 'secret.txt'), GOOD);
});

afterAll(() => {
  repo.remove();
  rmSync(outside, { recursive: true, force: true });
});

/** A valid suggestion on good.ts: all-or-nothing means it must not be written either. */
function goodSuggestion(): Annotation {
  return makeSuggestion({ path: 'good.ts', startLine: 2, endLine: 2, originalCode: 'const b = 2;', suggestedCode: 'const b = 20;', madeOn: GOOD });
}

/** A suggestion that would be perfectly applicable to `content`, aimed at `path`. */
function aimedAt(path: string, content: string | Uint8Array = GOOD): Annotation {
  return makeSuggestion({ path, startLine: 1, endLine: 1, originalCode: 'const a = 1;', suggestedCode: 'pwned();', madeOn: content });
}

async function applyExport(annotations: Annotation[], args: string[] = [], form: 'json' | 'markdown' = 'json'): Promise<RunResult> {
  const review = makeReview(annotations);
  const text = form === 'json' ? renderFeedbackJson(review) : renderFeedbackMarkdown(review);
  return runApply(['--json', ...args, '-'], { cwd: repo.root, stdin: text });
}

interface JsonReport {
  exitCode: number;
  written: string[];
  suggestions: { id: string; path: string; status: string; reason: string | null; message: string; conflictsWith: string | null; written: boolean }[];
}

function report(result: RunResult): JsonReport {
  return JSON.parse(result.stdout) as JsonReport;
}

/** Runs `act` and asserts that the repository (and the outside directory) are byte-for-byte untouched. */
async function expectNothingWritten(act: () => Promise<RunResult>): Promise<RunResult> {
  const before = snapshotTree(repo.root);
  const outsideBefore = snapshotTree(outside);
  const result = await act();
  expect(snapshotTree(repo.root)).toEqual(before);
  expect(snapshotTree(outside)).toEqual(outsideBefore);
  return result;
}

describe('paths from a crafted export are refused, and nothing is written', () => {
  const paths: [string, string][] = [
    ['../x', 'path-traversal'],
    ['/etc/passwd', 'path-absolute'],
    ['a/../../x', 'path-traversal'],
    ['.git/config', 'path-git-dir'],
    ['sub/../.git/HEAD', 'path-traversal'],
    ['.GIT/config', 'path-git-dir'],
    ['good.ts\0.png', 'path-invalid'],
    ['%2e%2e/%2e%2e/x', 'path-encoded'],
    ['..%2fgood.ts', 'path-encoded'],
    ['..\\good.ts', 'path-invalid'],
    ['C:\\good.ts', 'path-absolute'],
    ['realdir//f.ts', 'path-invalid'],
    ['./good.ts', 'path-invalid'],
  ];
  it.each(paths)('%j is refused as %s', async (path, reason) => {
    const result = await expectNothingWritten(() => applyExport([goodSuggestion(), aimedAt(path)]));
    expect(result.code).toBe(1);
    // The export sorts annotations by path; find each by its own.
    const good = report(result).suggestions.find((s) => s.path === 'good.ts');
    const bad = report(result).suggestions.find((s) => s.path === path);
    expect(bad).toMatchObject({ path, status: 'refused', reason, written: false });
    expect(good).toMatchObject({ status: 'applied', written: false });
  });

  it('refuses the absolute path of a real, matching file outside the repository', async () => {
    const target = join(outside, 'secret.txt');
    const result = await expectNothingWritten(() => applyExport([aimedAt(target)]));
    expect(report(result).suggestions[0]).toMatchObject({ status: 'refused', reason: 'path-absolute' });
    expect(readFileSync(target, 'utf8')).toBe(GOOD);
  });

  it('refuses the same crafted paths in a markdown export', async () => {
    const result = await expectNothingWritten(() => applyExport([aimedAt('../x'), aimedAt('.git/config')], [], 'markdown'));
    expect(result.code).toBe(1);
    expect(report(result).suggestions.map((s) => s.reason)).toEqual(['path-traversal', 'path-git-dir']);
  });
});

describe('files that are not plain regular UTF-8 text inside the repository are refused', () => {
  it('a symlink to a file inside the repository', async () => {
    symlinkSync('good.ts', join(repo.root, 'link.ts'));
    try {
      const result = await expectNothingWritten(() => applyExport([aimedAt('link.ts')]));
      expect(report(result).suggestions[0]).toMatchObject({ status: 'refused', reason: 'symlink' });
    } finally {
      unlinkSync(join(repo.root, 'link.ts'));
    }
  });

  it('a symlink to a file outside the repository', async () => {
    symlinkSync(join(outside, 'secret.txt'), join(repo.root, 'escape.ts'));
    try {
      const result = await expectNothingWritten(() => applyExport([aimedAt('escape.ts')]));
      expect(report(result).suggestions[0]).toMatchObject({ status: 'refused', reason: 'symlink' });
    } finally {
      unlinkSync(join(repo.root, 'escape.ts'));
    }
  });

  it('a file behind a symlinked directory, inside or outside the repository', async () => {
    symlinkSync('realdir', join(repo.root, 'linkdir'));
    symlinkSync(outside, join(repo.root, 'outdir'));
    try {
      const result = await expectNothingWritten(() => applyExport([aimedAt('linkdir/f.ts'), aimedAt('outdir/secret.txt')]));
      expect(report(result).suggestions.map((s) => s.reason)).toEqual(['symlink-dir', 'symlink-dir']);
    } finally {
      unlinkSync(join(repo.root, 'linkdir'));
      unlinkSync(join(repo.root, 'outdir'));
    }
  });

  it('a FIFO and a directory (non-regular files)', async () => {
    const fifo = spawnSync('mkfifo', [join(repo.root, 'pipe.ts')]);
    expect(fifo.status).toBe(0);
    try {
      const result = await expectNothingWritten(() => applyExport([aimedAt('pipe.ts'), aimedAt('realdir')]));
      expect(report(result).suggestions.map((s) => s.reason)).toEqual(['not-regular', 'not-regular']);
    } finally {
      unlinkSync(join(repo.root, 'pipe.ts'));
    }
  });

  it('a binary file (NUL in the first 8000 bytes)', async () => {
    const binary = Buffer.from('const a = 1;\n\0\x01\x02\n', 'latin1');
    repo.write('bin.ts', binary);
    try {
      const result = await expectNothingWritten(() => applyExport([aimedAt('bin.ts', binary)]));
      expect(report(result).suggestions[0]).toMatchObject({ status: 'refused', reason: 'binary' });
    } finally {
      unlinkSync(join(repo.root, 'bin.ts'));
    }
  });

  it('a non-UTF-8 file', async () => {
    const latin1 = Buffer.from('const a = 1;\ncaf\xe9\n', 'latin1');
    repo.write('latin1.ts', latin1);
    try {
      const result = await expectNothingWritten(() => applyExport([aimedAt('latin1.ts', latin1)]));
      expect(report(result).suggestions[0]).toMatchObject({ status: 'refused', reason: 'not-utf8' });
    } finally {
      unlinkSync(join(repo.root, 'latin1.ts'));
    }
  });

  it('a file over the size limit (8 MiB)', async () => {
    const big = 'const a = 1;\n' + 'x'.repeat(MAX_APPLY_FILE_BYTES) + '\n';
    repo.write('big.ts', big);
    try {
      const result = await expectNothingWritten(() => applyExport([aimedAt('big.ts', big)]));
      expect(report(result).suggestions[0]).toMatchObject({ status: 'refused', reason: 'too-large' });
    } finally {
      unlinkSync(join(repo.root, 'big.ts'));
    }
  });

  it('a file that does not exist', async () => {
    const result = await expectNothingWritten(() => applyExport([aimedAt('missing/none.ts')]));
    expect(report(result).suggestions[0]).toMatchObject({ status: 'refused', reason: 'not-found' });
  });
});

describe('changes between planning and writing are refused', () => {
  it('a file changed before the rename is not overwritten, and all-or-nothing writes no other file', async () => {
    repo.write('other.ts', GOOD);
    try {
      const changed = 'const a = 1;\nconst b = 2;\nconst c = 3;\n// someone typed here\n';
      const before = snapshotTree(repo.root);
      const result = await runApply(['--json', '-'], {
        cwd: repo.root,
        stdin: renderFeedbackJson(makeReview([goodSuggestion(), aimedAt('other.ts')])),
        hooks: { beforeRename: () => writeFileSync(join(repo.root, 'good.ts'), changed) },
      });
      expect(result.code).toBe(1);
      const good = report(result).suggestions.find((s) => s.path === 'good.ts');
      const other = report(result).suggestions.find((s) => s.path === 'other.ts');
      expect(good).toMatchObject({ status: 'refused', reason: 'changed', written: false });
      expect(other).toMatchObject({ status: 'applied', written: false });
      expect(report(result).written).toEqual([]);
      expect(repo.read('good.ts').toString()).toBe(changed);
      const after = snapshotTree(repo.root);
      expect(after['other.ts']).toBe(before['other.ts']);
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    } finally {
      writeFileSync(join(repo.root, 'good.ts'), GOOD);
      unlinkSync(join(repo.root, 'other.ts'));
    }
  });

  it('a symlink swapped in for the file before the rename is refused, and its target untouched', async () => {
    const before = snapshotTree(repo.root);
    const result = await runApply(['--json', '-'], {
      cwd: repo.root,
      stdin: renderFeedbackJson(makeReview([goodSuggestion()])),
      hooks: {
        beforeRename: () => {
          unlinkSync(join(repo.root, 'good.ts'));
          symlinkSync(join(outside, 'secret.txt'), join(repo.root, 'good.ts'));
        },
      },
    });
    try {
      expect(result.code).toBe(1);
      expect(report(result).suggestions[0]).toMatchObject({ status: 'refused', reason: 'changed' });
      expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe(GOOD);
      const after = snapshotTree(repo.root);
      expect(after['good.ts']).toBe(`symlink -> ${join(outside, 'secret.txt')}`);
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    } finally {
      unlinkSync(join(repo.root, 'good.ts'));
      writeFileSync(join(repo.root, 'good.ts'), GOOD);
    }
  });

  it('a folder on the path moved out of the repository and replaced by a symlink to it is refused: nothing is written outside', async () => {
    // The file keeps its inode, so the file's own checks pass; before, the write went through the symlink, outside.
    const elsewhere = mkdtempSync(join(tmpdir(), 'redline-elsewhere-'));
    const moved = join(elsewhere, 'realdir');
    try {
      const result = await runApply(['--json', '-'], {
        cwd: repo.root,
        stdin: renderFeedbackJson(makeReview([aimedAt('realdir/f.ts')])),
        hooks: {
          beforeRename: () => {
            renameSync(join(repo.root, 'realdir'), moved);
            symlinkSync(moved, join(repo.root, 'realdir'));
          },
        },
      });
      expect(result.code).toBe(1);
      expect(report(result).suggestions[0]).toMatchObject({ status: 'refused', reason: 'changed', written: false });
      expect(report(result).suggestions[0]!.message).toContain('the folder realdir changed');
      expect(readFileSync(join(moved, 'f.ts'), 'utf8')).toBe(GOOD);
      expect(readdirSync(moved)).toEqual(['f.ts']);
    } finally {
      unlinkSync(join(repo.root, 'realdir'));
      renameSync(moved, join(repo.root, 'realdir'));
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('with --partial, only the changed file is skipped', async () => {
    repo.write('other.ts', GOOD);
    try {
      const changed = GOOD + '// meanwhile\n';
      const result = await runApply(['--json', '--partial', '-'], {
        cwd: repo.root,
        stdin: renderFeedbackJson(makeReview([goodSuggestion(), aimedAt('other.ts')])),
        hooks: { beforeRename: () => writeFileSync(join(repo.root, 'good.ts'), changed) },
      });
      expect(result.code).toBe(1);
      expect(report(result).written).toEqual(['other.ts']);
      expect(repo.read('good.ts').toString()).toBe(changed);
      expect(repo.read('other.ts').toString()).toBe(GOOD.replace('const a = 1;', 'pwned();'));
    } finally {
      writeFileSync(join(repo.root, 'good.ts'), GOOD);
      unlinkSync(join(repo.root, 'other.ts'));
    }
  });
});

describe('suggestions that do not hold are refused', () => {
  it('an overlapping pair: the first applies, the second names it; all-or-nothing writes nothing', async () => {
    const first = makeSuggestion({ path: 'good.ts', startLine: 1, endLine: 2, originalCode: 'const a = 1;\nconst b = 2;', suggestedCode: 'const ab = 12;', madeOn: GOOD });
    const second = makeSuggestion({ path: 'good.ts', startLine: 2, endLine: 3, originalCode: 'const b = 2;\nconst c = 3;', suggestedCode: 'const bc = 23;', madeOn: GOOD });
    const result = await expectNothingWritten(() => applyExport([first, second]));
    expect(result.code).toBe(1);
    const outcomes = report(result).suggestions;
    const conflict = outcomes.find((s) => s.status === 'conflict')!;
    const kept = outcomes.find((s) => s.status === 'applied')!;
    expect(conflict.conflictsWith).toBe(kept.id);
    expect(conflict.message).toContain(kept.id);
  });

  it('a shrunk range (fewer original lines than the range) is rejected with the whole export: exit 2, nothing deleted', async () => {
    const shrunk = { ...goodSuggestion(), startLine: 2, endLine: 3 };
    const result = await expectNothingWritten(() => applyExport([shrunk]));
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^redline apply: not a valid Redline feedback export: .*\n$/);
  });

  it('an old-side anchor is rejected with the whole export: exit 2', async () => {
    const old = makeSuggestion({ path: 'good.ts', startLine: 1, endLine: 1, originalCode: 'const a = 1;', suggestedCode: 'x', madeOn: GOOD, side: 'old' });
    const result = await expectNothingWritten(() => applyExport([old]));
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')).toHaveLength(2);
  });

  it('outdated: the file changed and the original code is gone', async () => {
    const stale = makeSuggestion({ path: 'good.ts', startLine: 2, endLine: 2, originalCode: 'const b = 1;', suggestedCode: 'const b = 0;', madeOn: 'const a = 1;\nconst b = 1;\nconst c = 3;\n' });
    const result = await expectNothingWritten(() => applyExport([stale]));
    expect(result.code).toBe(1);
    expect(report(result).suggestions[0]).toMatchObject({ status: 'outdated', reason: 'original-changed' });
  });

  it('an ambiguous relocation is refused', async () => {
    const reviewed = 'x\ndup\ny\n';
    repo.write('dup.ts', 'dup\nx\ny\ndup\n');
    try {
      const s = makeSuggestion({ path: 'dup.ts', startLine: 2, endLine: 2, originalCode: 'dup', suggestedCode: 'DUP', madeOn: reviewed });
      const result = await expectNothingWritten(() => applyExport([s]));
      expect(result.code).toBe(1);
      expect(report(result).suggestions[0]).toMatchObject({ status: 'outdated', reason: 'ambiguous-relocation' });
    } finally {
      unlinkSync(join(repo.root, 'dup.ts'));
    }
  });

  it('already applied is a no-op: exit 0 and not a byte written', async () => {
    const done = makeSuggestion({ path: 'good.ts', startLine: 2, endLine: 2, originalCode: 'const b = 0;', suggestedCode: 'const b = 2;', madeOn: 'const a = 1;\nconst b = 0;\nconst c = 3;\n' });
    const result = await expectNothingWritten(() => applyExport([done]));
    expect(result.code).toBe(0);
    expect(report(result).suggestions[0]).toMatchObject({ status: 'already-applied', written: false });
  });
});

describe('exit codes', () => {
  it('2 for usage errors, with one line on stderr and no stack', async () => {
    const cases: [string[], string | undefined, RegExp][] = [
      [['--bogus'], undefined, /unknown option '--bogus'.*redline apply --help/],
      [['a.md', 'b.md'], undefined, /one export at most/],
      [['--only'], undefined, /--only needs/],
      [['--only', 'a,,b', '-'], '', /empty id/],
      [['--check=yes', '-'], '', /takes no value/],
      [['missing.md'], undefined, /cannot read missing\.md: ENOENT/],
      [['-'], 'hello, not an export', /not a valid Redline feedback export/],
      [['-'], '{"format": "something-else"}', /not a valid Redline feedback export/],
      [['--only', 'feedc0ffee00', '-'], renderFeedbackJson(makeReview([goodSuggestion()])), /no suggestion for: feedc0ffee00/],
      // Apply suggests --repo, never --patch (a review's way out, which apply does not have).
      [['--repo', outside, '-'], renderFeedbackJson(makeReview([goodSuggestion()])), /not a git repository: .*; run redline apply inside the repository the export is for, or pass --repo DIR$/m],
    ];
    for (const [args, stdin, message] of cases) {
      const result = await expectNothingWritten(() => runApply(args, { cwd: repo.root, ...(stdin === undefined ? {} : { stdin }) }));
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(message);
      expect(result.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.stdout).toBe('');
    }
  });

  it('2 for non-UTF-8 input', async () => {
    const bad = join(outside, 'bad.md');
    writeFileSync(bad, Buffer.from([0x23, 0x20, 0xff, 0xfe, 0x0a]));
    const result = await runApply([bad], { cwd: repo.root });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/is not valid UTF-8/);
  });

  it('0 when there is nothing to apply, and comments are counted, not applied', async () => {
    const result = await expectNothingWritten(() => applyExport([makeComment('good.ts', 1, 'rename this')]));
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ comments: 1, suggestions: [], written: [] });
  });

  it('--help prints the usage and exits 0', async () => {
    const result = await runApply(['--help'], { cwd: repo.root });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: redline apply/);
    expect(result.stdout).toContain('Exit status');
  });

  it('a subdirectory as cwd still resolves paths from the repository root', async () => {
    mkdirSync(join(repo.root, 'realdir', 'deeper'), { recursive: true });
    const result = await runApply(['--check', '--json', '-'], {
      cwd: join(repo.root, 'realdir', 'deeper'),
      stdin: renderFeedbackJson(makeReview([goodSuggestion()])),
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).diff).toContain('+++ b/good.ts');
  });
});
