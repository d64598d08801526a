/**
 * `redline apply` end to end on a real temporary git repository with a real
 * markdown export: the reviewer's edits derived into suggestions, rendered as
 * the CLI prints them, written to a file and applied; then applied again,
 * checked, reported as JSON, selected with --only, and written with --partial.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deriveSuggestionHunks, renderFeedbackJson, renderFeedbackMarkdown, type Annotation } from '@redline/core';
import { GIT_ENV, makeComment, makeReview, makeSuggestion, makeTempRepo, runApply, type TempRepo } from '../../../testSupport/apply/applyTestKit.js';
import { snapshotTree } from '../../../testSupport/apply/treeSnapshot.js';

/** Each file: its bytes as the agent left them, what the reviewer typed (LF view), and the bytes apply must produce. */
const FILES: Record<string, { before: string; edited: string; expected: string; mode?: number }> = {
  'src/crlf.ts': {
    before: 'export function add(a, b) {\r\n  return a - b;\r\n}\r\n',
    edited: 'export function add(a, b) {\n  // fixed\n  return a + b;\n}\n',
    expected: 'export function add(a, b) {\r\n  // fixed\r\n  return a + b;\r\n}\r\n',
  },
  'src/mixed.txt': {
    // Dominant LF; lines 2 and 4 end in CRLF and keep it, including the replaced line 4.
    before: 'one\ntwo\r\nthree\nfour\r\nfive\n',
    edited: 'one\ntwo\nthree\nFOUR\nfive\n',
    expected: 'one\ntwo\r\nthree\nFOUR\r\nfive\n',
  },
  'src/bom.cs': {
    before: '\uFEFFclass A {\r\n  int x = 1;\r\n}\r\n',
    edited: 'class A {\n  int x = 2;\n}\n',
    expected: '\uFEFFclass A {\r\n  int x = 2;\r\n}\r\n',
  },
  'src/nofinal.py': {
    before: 'def f():\n    return 1',
    edited: 'def f():\n    return 2\n',
    expected: 'def f():\n    return 2',
  },
  'bin/run.sh': {
    before: '#!/bin/sh\necho "hello"\nexit 0\n',
    edited: '#!/bin/sh\nset -eu\necho "hello"\nexit 0\n',
    expected: '#!/bin/sh\nset -eu\necho "hello"\nexit 0\n',
    mode: 0o755,
  },
};

let repo: TempRepo;
let exportDir: string;
let exportPath: string;
let suggestions: Annotation[];

function writeOriginals(): void {
  for (const [path, file] of Object.entries(FILES)) {
    repo.write(path, file.before, file.mode);
    if (file.mode !== undefined) spawnSync('chmod', [file.mode.toString(8), join(repo.root, path)]);
  }
}

beforeAll(() => {
  repo = makeTempRepo();
  writeOriginals();
  repo.write('docs/notes.md', '# Notes\n');
  repo.git('add', '-A');
  repo.git('commit', '-qm', 'base');
  suggestions = Object.entries(FILES).flatMap(([path, file]) =>
    deriveSuggestionHunks(file.before, file.edited).hunks.map((hunk) => makeSuggestion({ path, ...hunk, madeOn: file.before })),
  );
  exportDir = mkdtempSync(join(tmpdir(), 'redline-export-'));
  exportPath = join(exportDir, 'feedback.md');
  writeFileSync(exportPath, renderFeedbackMarkdown(makeReview([...suggestions, makeComment('docs/notes.md', 1, 'Say more here.')])));
});

afterAll(() => {
  repo.remove();
  rmSync(exportDir, { recursive: true, force: true });
});

beforeEach(() => writeOriginals());

function reportOf(stdout: string): {
  format: string;
  version: number;
  mode: string;
  exitCode: number;
  written: string[];
  summary: Record<string, number>;
  comments: number;
  suggestions: Record<string, unknown>[];
  diff?: string;
} {
  return JSON.parse(stdout);
}

describe('redline apply on a real repository and a real markdown export', () => {
  it('applies every suggestion and preserves CRLF, mixed endings, BOM, missing final newline and the executable bit', async () => {
    expect(suggestions).toHaveLength(5);
    const modes = Object.fromEntries(Object.keys(FILES).map((path) => [path, statSync(join(repo.root, path)).mode]));
    const result = await runApply([exportPath], { cwd: repo.root });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    for (const [path, file] of Object.entries(FILES)) {
      expect(JSON.stringify(repo.read(path).toString('utf8')), path).toBe(JSON.stringify(file.expected));
    }
    expect(statSync(join(repo.root, 'bin/run.sh')).mode & 0o777).toBe(0o755);
    for (const path of Object.keys(FILES)) expect(statSync(join(repo.root, path)).mode, path).toBe(modes[path]);
    // One line per suggestion: id, path:lines, status, why; then the summary.
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(suggestions.length + 1);
    for (const s of suggestions) {
      const line = lines.find((l) => l.startsWith(s.id));
      expect(line, s.id).toMatch(new RegExp(`^${s.id}\\s+${escape(s.path)}:${s.startLine}(-${s.endLine})?\\s+applied\\s+replaced`));
    }
    expect(lines.at(-1)).toMatch(/^5 applied\. Wrote 5 file\(s\): .*; 1 comment\(s\) in the export are not applied by redline apply\.$/);
    // git sees exactly the reviewer's edits.
    expect(repo.git('diff', '--numstat').trim().split('\n')).toHaveLength(5);
  });

  it('applying again is a no-op: exit 0, every suggestion already applied, not a byte written', async () => {
    await runApply([exportPath], { cwd: repo.root });
    const before = snapshotTree(repo.root);
    const again = await runApply([exportPath], { cwd: repo.root });
    expect(again.code).toBe(0);
    expect(snapshotTree(repo.root)).toEqual(before);
    expect(again.stdout).toMatch(/^5 already applied\. Nothing written/m);
    expect(again.stdout.split('\n').filter((l) => /\salready applied\s/.test(l))).toHaveLength(5);
  });

  it('--check writes nothing, prints a patch git apply accepts, and git apply gives the same bytes', async () => {
    const before = snapshotTree(repo.root);
    const check = await runApply(['--check', exportPath], { cwd: repo.root });
    expect(check.code).toBe(0);
    expect(snapshotTree(repo.root)).toEqual(before);
    expect(check.stdout).toMatch(/^diff --git a\/bin\/run\.sh b\/bin\/run\.sh\n--- a\/bin\/run\.sh\n\+\+\+ b\/bin\/run\.sh\n@@ /);
    expect(check.stdout).toContain('\\ No newline at end of file');
    expect(check.stdout).toContain('+  return a + b;\r\n');
    expect(check.stderr).toMatch(/Check: 5 would be applied, nothing written/);
    // Said once: not also "5 applied." before it.
    expect(check.stderr.match(/would be applied/g)).toHaveLength(1);
    expect(check.stderr).not.toMatch(/\d+ applied/);

    const patch = join(exportDir, 'check.patch');
    writeFileSync(patch, check.stdout);
    const gitCheck = spawnSync('git', ['apply', '--check', patch], { cwd: repo.root, env: GIT_ENV, encoding: 'utf8' });
    expect(gitCheck.status, gitCheck.stderr).toBe(0);
    const gitApply = spawnSync('git', ['apply', patch], { cwd: repo.root, env: GIT_ENV, encoding: 'utf8' });
    expect(gitApply.status, gitApply.stderr).toBe(0);
    for (const [path, file] of Object.entries(FILES)) expect(repo.read(path).toString('utf8'), path).toBe(file.expected);
  });

  it('--json prints the documented report', async () => {
    const result = await runApply(['--json', exportPath], { cwd: repo.root });
    expect(result.code).toBe(0);
    const report = reportOf(result.stdout);
    expect(report).toMatchObject({ format: 'redline-apply', version: 1, mode: 'apply', partial: false, exitCode: 0, comments: 1 });
    expect(report.written.sort()).toEqual(Object.keys(FILES).sort());
    expect(report.summary).toEqual({ selected: 5, applied: 5, relocated: 0, alreadyApplied: 0, outdated: 0, conflict: 0, refused: 0 });
    expect(report).not.toHaveProperty('diff');
    for (const entry of report.suggestions) {
      expect(Object.keys(entry).sort()).toEqual(
        ['at', 'conflictsWith', 'endLine', 'fixSet', 'id', 'message', 'movedBy', 'path', 'reason', 'round', 'startLine', 'status', 'written'].sort(),
      );
      expect(entry).toMatchObject({ status: 'applied', round: null, fixSet: null, reason: null, written: true, movedBy: null, conflictsWith: null });
      expect(entry.at).toEqual({ startLine: entry.startLine, endLine: entry.endLine });
    }
    const checked = reportOf((await runApply(['--json', '--check', exportPath], { cwd: repo.root })).stdout);
    expect(checked).toMatchObject({ mode: 'check', exitCode: 0, written: [] });
    expect(checked.summary.alreadyApplied).toBe(5);
    expect(checked.diff).toBe('');
  });

  it('--only applies the named suggestions and reports only them', async () => {
    const chosen = suggestions.find((s) => s.path === 'src/bom.cs')!;
    const other = suggestions.find((s) => s.path === 'src/crlf.ts')!;
    const result = await runApply(['--json', '--only', chosen.id, exportPath], { cwd: repo.root });
    expect(result.code).toBe(0);
    const report = reportOf(result.stdout);
    expect(report.suggestions.map((s) => s.id)).toEqual([chosen.id]);
    expect(report.written).toEqual(['src/bom.cs']);
    expect(repo.read('src/bom.cs').toString()).toBe(FILES['src/bom.cs']!.expected);
    expect(repo.read('src/crlf.ts').toString()).toBe(FILES['src/crlf.ts']!.before);

    const both = reportOf((await runApply(['--json', `--only=${other.id},${chosen.id}`, exportPath], { cwd: repo.root })).stdout);
    expect(Object.fromEntries(both.suggestions.map((s) => [s.path, s.status]))).toEqual({ 'src/crlf.ts': 'applied', 'src/bom.cs': 'already-applied' });
  });

  it('all or nothing by default; --partial writes what holds', async () => {
    const stale = makeSuggestion({ path: 'src/crlf.ts', startLine: 2, endLine: 2, originalCode: '  return a * b;', suggestedCode: '  return 0;', madeOn: 'export function add(a, b) {\n  return a * b;\n}\n' });
    const fine = suggestions.find((s) => s.path === 'src/bom.cs')!;
    const text = renderFeedbackJson(makeReview([stale, fine]));

    const before = snapshotTree(repo.root);
    const strict = await runApply(['-'], { cwd: repo.root, stdin: text });
    expect(strict.code).toBe(1);
    expect(snapshotTree(repo.root)).toEqual(before);
    expect(strict.stdout).toMatch(/outdated\s+the file changed since the review .*\[original-changed\]/);
    expect(strict.stdout).toMatch(/applied \(not written\)/);
    expect(strict.stdout).toMatch(/Nothing written: apply is all-or-nothing/);

    const partial = await runApply(['--partial', '-'], { cwd: repo.root, stdin: text });
    expect(partial.code).toBe(1);
    expect(repo.read('src/bom.cs').toString()).toBe(FILES['src/bom.cs']!.expected);
    expect(repo.read('src/crlf.ts').toString()).toBe(FILES['src/crlf.ts']!.before);
    expect(partial.stdout).toMatch(/Wrote 1 file\(s\): src\/bom\.cs/);
  });

  it('relocates a suggestion whose lines moved since the review, and says how far', async () => {
    const file = FILES['src/crlf.ts']!;
    repo.write('src/crlf.ts', '// header added later\r\n// and another line\r\n' + file.before);
    const result = await runApply(['--json', '--only', suggestions.find((s) => s.path === 'src/crlf.ts')!.id, exportPath], { cwd: repo.root });
    expect(result.code).toBe(0);
    expect(reportOf(result.stdout).suggestions[0]).toMatchObject({ status: 'relocated', movedBy: 2, written: true });
    expect(repo.read('src/crlf.ts').toString()).toBe('// header added later\r\n// and another line\r\n' + file.expected);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
