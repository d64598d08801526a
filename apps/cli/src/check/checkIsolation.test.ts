/**
 * What a check command cannot do to the reviewer: a command that does not
 * exist fails clearly; one that hangs (even one that ignores SIGTERM) is
 * ended with its whole process group at the time limit; one that leaves a
 * process behind in the background has it killed when it ends; Ctrl-C ends
 * the group too (in-process, and SIGINT or SIGTERM sent to the real
 * `redline` process); and after every one of them the scratch copy is gone. A
 * command that writes into `../` and over the copy's files leaves the
 * user's repository byte-for-byte as it was: every file of the work tree and
 * of .git (index, config, HEAD, refs: testSupport/apply/treeSnapshot.ts),
 * `git status`, `git stash list`, the refs, and no `../outside.txt` beside it.
 * Process groups are read from /proc; every command says its shell's pid
 * ($$, the group's id) and its folder into files of the test's own.
 */
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSuggestion, type TempRepo } from '../../testSupport/apply/applyTestKit.js';
import { snapshotTree } from '../../testSupport/apply/treeSnapshot.js';
import { livingInGroup, runCheck, scratchFolders, sumRepo, writeExport } from '../../testSupport/check/checkTestKit.js';
import { buildCli, CLI_BIN } from '../../testSupport/buildCli.js';
import { makeTempDir } from '../../testSupport/gitRepo.js';

const repos: TempRepo[] = [];
afterAll(() => {
  for (const repo of repos.splice(0)) repo.remove();
});

function setUp() {
  const made = sumRepo();
  repos.push(made.repo);
  const notes = makeTempDir();
  const said = (name: string) => join(notes, name);
  /** Shell words that write the group's id and the copy's folder into the test's notes. */
  const sayWhere = `echo $$ > ${said('pgid')}; pwd > ${said('pwd')}`;
  const where = () => ({ pgid: Number(readFileSync(said('pgid'), 'utf8')), copy: readFileSync(said('pwd'), 'utf8').trim() });
  return { ...made, sayWhere, where };
}

/** The scratch folder the copy was in: gone, and not listed under the temporary folder. */
function expectRemoved(copy: string): void {
  const folder = dirname(copy);
  expect(existsSync(folder)).toBe(false);
  expect(scratchFolders()).not.toContain(folder.split('/').pop());
}

describe('redline check: bad check commands', () => {
  it('a command that does not exist: exit 127 reported as failed, in words', async () => {
    const { repo, exportFile } = setUp();
    const run = await runCheck(['--export', exportFile, '--command', 'no-such-check-command-anywhere', '--json'], repo.root);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ passed: false, exitCode: 127, ending: 'exited' });
    expect(run.stderr).toContain('`no-such-check-command-anywhere` failed in');
    expect(run.stderr).toContain('exit 127, the shell did not find the command');
    expect(run.stderr).toMatch(/not found/);
  });

  it('a command that hangs: its whole group ended at the time limit, the copy removed', async () => {
    const { repo, exportFile, sayWhere, where } = setUp();
    const run = await runCheck(['--export', exportFile, '--timeout', '1', '--json', '--command', `${sayWhere}; sleep 1000 & sleep 1000`], repo.root);
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout) as { ending: string; passed: boolean; ms: number };
    expect(result).toMatchObject({ ending: 'timed-out', passed: false });
    expect(result.ms).toBeGreaterThanOrEqual(1000);
    expect(run.stderr).toContain('did not finish within 1 s with 1 suggestion: its process group was ended');
    const { pgid, copy } = where();
    expect(livingInGroup(pgid)).toEqual([]);
    expectRemoved(copy);
  });

  it('a command that ignores SIGTERM: SIGKILL 5 s later', async () => {
    const { repo, exportFile, sayWhere, where } = setUp();
    const run = await runCheck(['--export', exportFile, '--timeout', '1', '--json', '--command', `trap '' TERM; ${sayWhere}; sleep 1000`], repo.root);
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout) as { ending: string; signal: string | null; ms: number };
    expect(result).toMatchObject({ ending: 'timed-out', signal: 'SIGKILL' });
    expect(result.ms).toBeGreaterThanOrEqual(6000);
    const { pgid, copy } = where();
    expect(livingInGroup(pgid)).toEqual([]);
    expectRemoved(copy);
  }, 20_000);

  it('a command that leaves a process running behind it: killed when the command ends', async () => {
    const { repo, exportFile, sayWhere, where } = setUp();
    const run = await runCheck(['--export', exportFile, '--command', `${sayWhere}; sleep 1000 > /dev/null 2>&1 & exit 0`], repo.root);
    expect(run.code).toBe(0);
    const { pgid, copy } = where();
    expect(livingInGroup(pgid)).toEqual([]);
    expectRemoved(copy);
  });

  it('Ctrl-C while the command runs: the group ended, the copy removed, exit 130', async () => {
    const { repo, exportFile, sayWhere, where } = setUp();
    const run = await runCheck(['--export', exportFile, '--command', `${sayWhere}; echo started; sleep 1000`], repo.root, async (io) => {
      await io.waitForStderr(/^started$/m);
      io.interrupt('SIGINT');
    });
    expect(run.code).toBe(130);
    expect(run.stdout).toMatch(/^failed: `.*` was interrupted after [\d.]+ s with 1 suggestion\n$/);
    const { pgid, copy } = where();
    expect(livingInGroup(pgid)).toEqual([]);
    expectRemoved(copy);
  });

  it("a command that writes into ../ and over its copy: the user's repository is byte-for-byte as it was", async () => {
    const { repo, exportFile, sayWhere, where } = setUp();
    const around = dirname(repo.root);
    const before = {
      tree: snapshotTree(repo.root),
      status: repo.git('status', '--porcelain=v1', '-z', '--untracked-files=all'),
      stash: repo.git('stash', 'list'),
      refs: repo.git('for-each-ref'),
    };
    const vandal = [
      sayWhere,
      'echo pwned > ../outside.txt',
      'echo pwned > sum.mjs',
      'rm sum.test.mjs',
      'mkdir -p made/here && touch made/here/file',
      'chmod 000 ..',
      'chmod 755 ..',
      'cat ../outside.txt',
    ].join(' && ');
    const run = await runCheck(['--export', exportFile, '--command', vandal], repo.root);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('pwned\n');
    expect({
      tree: snapshotTree(repo.root),
      status: repo.git('status', '--porcelain=v1', '-z', '--untracked-files=all'),
      stash: repo.git('stash', 'list'),
      refs: repo.git('for-each-ref'),
    }).toEqual(before);
    expect(existsSync(join(around, 'outside.txt'))).toBe(false);
    expectRemoved(where().copy);
  });

  it("gives the copy the root node_modules as links (never copied), a workspace package's pointing into the copy", async () => {
    const { repo } = setUp();
    repo.write('.gitignore', 'node_modules/\n');
    repo.write('lib/package.json', JSON.stringify({ name: '@scope/lib', type: 'module', main: 'index.mjs' }));
    const lib = 'export const value = 1;\n';
    repo.write('lib/index.mjs', lib);
    repo.write('node_modules/dep/index.js', 'module.exports = 1;\n');
    repo.write('node_modules/@scope/.keep', '');
    symlinkSync('../../lib', join(repo.root, 'node_modules/@scope/lib'));
    const fix = makeSuggestion({ path: 'lib/index.mjs', startLine: 1, endLine: 1, originalCode: 'export const value = 1;', suggestedCode: 'export const value = 2;', madeOn: lib });
    const exportFile = writeExport(repo, 'lib.json', [fix]);
    const uses = `node --input-type=module -e "import { value } from '@scope/lib'; process.exit(value === 2 ? 0 : 1)"`;
    const dep = `test -L node_modules/dep && test "$(readlink node_modules/dep)" = "${repo.root}/node_modules/dep" && test -f node_modules/dep/index.js`;
    const run = await runCheck(['--export', exportFile, '--command', `${dep} && ${uses}`], repo.root);
    expect(run.code, run.stderr).toBe(0);
    expect(repo.read('lib/index.mjs').toString()).toBe(lib);
  });
});

describe('redline check: the real process, signalled', () => {
  beforeAll(() => {
    expect(buildCli()).toBe(true);
  }, 120_000);

  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)('%s to redline itself: the group ended, the copy removed, exit %i', async (signal, code) => {
    const { repo, exportFile, sayWhere, where } = setUp();
    const child = spawn(process.execPath, [CLI_BIN, 'check', '--export', exportFile, '--command', `${sayWhere}; echo started; sleep 1000`], { cwd: repo.root });
    let stderr = '';
    const exited = new Promise<number | null>((done) => child.on('exit', (status) => done(status)));
    await new Promise<void>((started) =>
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        if (/^started$/m.test(stderr)) started();
      }),
    );
    child.kill(signal);
    expect(await exited, stderr).toBe(code);
    const { pgid, copy } = where();
    expect(livingInGroup(pgid)).toEqual([]);
    expectRemoved(copy);
  }, 30_000);
});
