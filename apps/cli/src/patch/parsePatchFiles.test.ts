/** The file list of --patch input: a real git patch with odd paths, and plain diff -u output. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePatchFiles } from './parsePatchFiles.js';
import { unquoteGitPath } from './unquoteGitPath.js';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');

describe('parsePatchFiles', () => {
  it('reads every file of a git patch (fixtures/mixed.diff, made by git diff --cached -M)', () => {
    const files = parsePatchFiles(fixture('mixed.diff'));
    const summary = files.map((f) => [f.path, f.oldPath, f.status, f.additions, f.deletions, f.binary, f.oldMode, f.newMode]);
    expect(summary).toEqual([
      ['blob.bin', null, 'modified', 0, 0, true, '100644', '100644'],
      ['dir with space/café ü.txt', null, 'added', 1, 0, false, null, '100644'],
      ['doomed.txt', null, 'deleted', 0, 1, false, '100644', null],
      ['link', null, 'added', 1, 0, false, null, '120000'],
      ['new-name.txt', 'old-name.txt', 'renamed', 1, 1, false, '100644', '100644'],
      ['nofinal.txt', null, 'modified', 1, 1, false, '100644', '100644'],
      ['query.sql', null, 'modified', 0, 1, false, '100644', '100644'],
      ['run.sh', null, 'modified', 0, 0, false, '100644', '100755'],
      ['say "hi".txt', null, 'modified', 1, 1, false, '100644', '100644'],
      ['tab\there.txt', null, 'modified', 1, 1, false, '100644', '100644'],
    ]);
    expect(files.find((f) => f.path === 'link')?.symlink).toBe(true);
    // The rename's `similarity index 83%` ("renamed, 83% similar").
    expect(files.find((f) => f.path === 'new-name.txt')).toMatchObject({ status: 'renamed', similarity: 83 });
    for (const file of files) expect(file).toMatchObject({ oldBlob: null, newBlob: null, oldSize: null, newSize: null, submodule: false });
  });

  it('reads plain diff -u output (timestamps, /dev/null for a new file)', () => {
    expect(parsePatchFiles(fixture('plain.diff')).map((f) => [f.path, f.status, f.additions, f.deletions])).toEqual([
      ['p2/a.txt', 'modified', 2, 1],
      ['p2/new.txt', 'added', 1, 0],
    ]);
  });

  it('splits an unquoted header with spaces when there is no ---/+++ line (mode-only change)', () => {
    const patch = 'diff --git a/with space b.sh b/with space b.sh\nold mode 100644\nnew mode 100755\n';
    expect(parsePatchFiles(patch)).toMatchObject([{ path: 'with space b.sh', oldMode: '100644', newMode: '100755' }]);
  });

  it('reads submodule changes and CRLF patches', () => {
    const sub = 'diff --git a/sub b/sub\nindex 1111111..2222222 160000\n--- a/sub\n+++ b/sub\n@@ -1 +1 @@\n-Subproject commit 1111111111111111111111111111111111111111\n+Subproject commit 2222222222222222222222222222222222222222\n';
    expect(parsePatchFiles(sub)).toMatchObject([{ path: 'sub', submodule: true, status: 'modified' }]);
    const crlf = 'diff --git a/x.txt b/x.txt\r\nindex 1..2 100644\r\n--- a/x.txt\r\n+++ b/x.txt\r\n@@ -1 +1 @@\r\n-a\r\n+b\r\n';
    expect(parsePatchFiles(crlf)).toMatchObject([{ path: 'x.txt', additions: 1, deletions: 1 }]);
  });

  it('finds nothing in text that is not a diff', () => {
    expect(parsePatchFiles('hello\nworld\n')).toEqual([]);
  });
});

describe('unquoteGitPath', () => {
  it('undoes C quoting, octal UTF-8 bytes included, and leaves plain names alone', () => {
    expect(unquoteGitPath('"a/caf\\303\\251.txt"')).toBe('a/café.txt');
    expect(unquoteGitPath('"tab\\there\\n\\"q\\"\\\\"')).toBe('tab\there\n"q"\\');
    expect(unquoteGitPath('plain name.txt')).toBe('plain name.txt');
    expect(unquoteGitPath('"😀 emoji"')).toBe('😀 emoji');
  });
});
