/**
 * Test fixtures: patches as git really writes them (captured from `git diff
 * --cached -M` in throwaway repositories) with the FileFacts a server would
 * report for them.
 */
import type { FileFacts, MovedFileFacts, PlainFileFacts, ReviewData, ReviewTarget } from '@redline/core';

/** Every kind of file entry: binary, deleted, symlink, modified, added, no final newline, pure and changed renames, mode-only. */
export const KINDS_PATCH = "diff --git a/bin.dat b/bin.dat\nindex ef19b28..a7721ee 100644\nBinary files a/bin.dat and b/bin.dat differ\ndiff --git a/del.txt b/del.txt\ndeleted file mode 100644\nindex b77b4eb..0000000\n--- a/del.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-x\n-y\ndiff --git a/link b/link\nindex d550755..32769f7 120000\n--- a/link\n+++ b/link\n@@ -1 +1 @@\n-mod.txt\n\\ No newline at end of file\n+del.txt\n\\ No newline at end of file\ndiff --git a/mod.txt b/mod.txt\nindex de98044..7be73ce 100644\n--- a/mod.txt\n+++ b/mod.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\ndiff --git a/new.ts b/new.ts\nnew file mode 100644\nindex 0000000..07f33c4\n--- /dev/null\n+++ b/new.ts\n@@ -0,0 +1,2 @@\n+new\n+file\ndiff --git a/nonl.txt b/nonl.txt\nnew file mode 100644\nindex 0000000..20cbb4d\n--- /dev/null\n+++ b/nonl.txt\n@@ -0,0 +1 @@\n+no newline\n\\ No newline at end of file\ndiff --git a/pure.txt b/pure2.txt\nsimilarity index 100%\nrename from pure.txt\nrename to pure2.txt\ndiff --git a/ren.txt b/ren2.txt\nsimilarity index 75%\nrename from ren.txt\nrename to ren2.txt\nindex b2f931a..b80f223 100644\n--- a/ren.txt\n+++ b/ren2.txt\n@@ -1,5 +1,5 @@\n one\n two\n-three\n+THREE\n four\n five\ndiff --git a/run.sh b/run.sh\nold mode 100644\nnew mode 100755\n";

type FactsInput = Pick<FileFacts, 'path'> &
  (Pick<PlainFileFacts, 'status'> | Pick<MovedFileFacts, 'status' | 'oldPath' | 'similarity'>) &
  Partial<Omit<PlainFileFacts, 'path' | 'status' | 'oldPath'>>;

const facts = (f: FactsInput): FileFacts => ({
  oldPath: null,
  binary: false,
  oldMode: f.status === 'added' ? null : '100644',
  newMode: f.status === 'deleted' ? null : '100644',
  oldBlob: null,
  newBlob: null,
  oldSize: null,
  newSize: null,
  additions: 0,
  deletions: 0,
  symlink: false,
  submodule: false,
  ...f,
});

export const KINDS_FILES: FileFacts[] = [
  facts({ path: 'bin.dat', status: 'modified', binary: true, oldSize: 300, newSize: 400 }),
  facts({ path: 'del.txt', status: 'deleted', deletions: 2, oldSize: 4 }),
  facts({ path: 'link', status: 'modified', oldMode: '120000', newMode: '120000', symlink: true, additions: 1, deletions: 1 }),
  facts({ path: 'mod.txt', status: 'modified', additions: 1, deletions: 1 }),
  facts({ path: 'new.ts', status: 'added', additions: 2 }),
  facts({ path: 'nonl.txt', status: 'added', additions: 1 }),
  facts({ path: 'pure2.txt', oldPath: 'pure.txt', status: 'renamed', similarity: 100 }),
  facts({ path: 'ren2.txt', oldPath: 'ren.txt', status: 'renamed', similarity: 75, additions: 1, deletions: 1 }),
  facts({ path: 'run.sh', status: 'modified', oldMode: '100644', newMode: '100755' }),
];

export const WORKING_TREE: ReviewTarget = {
  kind: 'working-tree',
  description: 'Uncommitted changes (working tree against HEAD)',
  baseCommit: '582dc179c1cd7274a58f247e45a4a49c1e1f1a49',
  headCommit: null,
};

export function makeReview(patch = KINDS_PATCH, files = KINDS_FILES, overrides: Partial<ReviewData> = {}): ReviewData {
  return {
    target: WORKING_TREE,
    repoName: 'fixture',
    patch,
    files,
    fingerprint: overrides.fingerprint ?? fingerprintOf(patch),
    patchOnly: false,
    ignoreWhitespace: false,
    ...overrides,
  };
}

/** A stand-in for the server's fingerprint: any stable function of the patch does. */
function fingerprintOf(patch: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < patch.length; i++) h = Math.imul(h ^ patch.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0').repeat(8);
}

/** A TypeScript file changed in two places (lines 2 and 9 of both sides). */
export const CALC_OLD = ['export function add(a: number, b: number) {', '  return a + b;', '}', '', 'export function sub(a: number, b: number) {', '  return a - b;', '}', '', 'export const VERSION = 1;', ''].join('\n');
export const CALC_NEW = ['export function add(a: number, b: number) {', '  return a + b + 0;', '}', '', 'export function sub(a: number, b: number) {', '  return a - b;', '}', '', 'export const VERSION = 2;', ''].join('\n');

/** `git diff -U1` of CALC_OLD -> CALC_NEW: two hunks with a gap between them. */
export const CALC_PATCH = [
  'diff --git a/src/calc.ts b/src/calc.ts',
  'index 744121b..8c15866 100644',
  '--- a/src/calc.ts',
  '+++ b/src/calc.ts',
  '@@ -1,3 +1,3 @@',
  ' export function add(a: number, b: number) {',
  '-  return a + b;',
  '+  return a + b + 0;',
  ' }',
  '@@ -8,2 +8,2 @@ export function sub(a: number, b: number) {',
  ' ',
  '-export const VERSION = 1;',
  '+export const VERSION = 2;',
  '',
].join('\n');

export const CALC_FILES: FileFacts[] = [facts({ path: 'src/calc.ts', status: 'modified', additions: 2, deletions: 2 })];
