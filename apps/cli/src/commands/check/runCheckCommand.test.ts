/**
 * `redline check` over real repositories, run in-process: the suggestions
 * are applied to a scratch copy (the project's real `node --test` passes
 * only with the suggestion in, and the user's work tree never gets it), the
 * result in text and JSON, a suggestion apply would refuse stops the check
 * before anything runs, and where the command comes from (never from the
 * export). The killing and the byte-for-byte comparison of the repository
 * are in checkIsolation.test.ts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderFeedbackJson } from '@redline/core';
import { makeReview, makeSuggestion, type TempRepo } from '../../../testSupport/apply/applyTestKit.js';
import { runCheck, SUM_JS, sumRepo, writeExport } from '../../../testSupport/check/checkTestKit.js';
import { makeTempDir } from '../../../testSupport/gitRepo.js';
import { captureIo } from '../../../testSupport/capturedIo.js';
import { CheckCommandStore } from '../../preferences/checkCommandStore.js';
import { runCli } from '../../main.js';

const repos: TempRepo[] = [];
afterAll(() => {
  for (const repo of repos.splice(0)) repo.remove();
});

function repoWithFix() {
  const made = sumRepo();
  repos.push(made.repo);
  return made;
}

describe('redline check: the suggestions in a scratch copy', () => {
  it("passes with the suggestion applied in the copy, and the user's file keeps the reviewed text", async () => {
    const { repo, fix, exportFile } = repoWithFix();
    const run = await runCheck(['--export', exportFile, '--command', 'node --test', '--json'], repo.root);
    expect(run.stderr).toContain('applied 1 suggestion(s) there (1 file(s) changed)');
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(result)).toEqual(['command', 'passed', 'exitCode', 'signal', 'ms', 'suggestions', 'tail', 'ending', 'refused']);
    expect(result).toMatchObject({ command: 'node --test', passed: true, exitCode: 0, signal: null, suggestions: [fix.id], ending: 'exited', refused: [] });
    expect(repo.read('sum.mjs').toString()).toBe(SUM_JS);
  });

  it("fails without it: the same test, the tree as reviewed (exit 1, the test's own lines on stderr)", async () => {
    const { repo } = repoWithFix();
    const none = writeExport(repo, 'none.json', []);
    const run = await runCheck(['--export', none, '--command', 'node --test'], repo.root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('no pending suggestions: the work tree is checked as it is');
    expect(run.stdout).toMatch(/^failed: `node --test` failed in [\d.]+ s with 0 suggestions: exit 1\n$/);
    expect(run.stderr).toMatch(/redline check: the last \d+ line\(s\) of its output:\n(.*\n)*.*# fail 1/);
  });

  it('says the verdict in one line on stdout, the progress and the output on stderr', async () => {
    const { repo, exportFile } = repoWithFix();
    const run = await runCheck(['--export', exportFile, '--command', 'echo from-the-check; cat sum.mjs'], repo.root);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^passed: `echo from-the-check; cat sum.mjs` passed in [\d.]+ s with 1 suggestion\n$/);
    expect(run.stderr).toContain('from-the-check\nexport function sum(a, b) {\n  return a + b;\n}\n');
    expect(run.stderr).toMatch(/copied 2 file\(s\) of the work tree to a scratch copy/);
  });

  it("checks a commit review's export on that commit's tree, not on the work tree that moved on since", async () => {
    const { repo, fix } = repoWithFix();
    repo.git('add', 'sum.test.mjs');
    repo.git('commit', '-q', '-m', 'the test');
    const head = repo.git('rev-parse', 'HEAD').trim();
    // The work tree moved on: the reviewed line is gone from it, so a copy of it would refuse the suggestion.
    repo.write('sum.mjs', 'export function sum() {\n  return 0;\n}\n');
    const review = { ...makeReview([fix]), target: { kind: 'commit' as const, description: `Commit ${head.slice(0, 7)}`, baseCommit: null, headCommit: head } };
    repo.write('.git/redline/reviews/commit.json', renderFeedbackJson(review));
    const run = await runCheck(['--export', '.git/redline/reviews/commit.json', '--command', 'node --test'], repo.root);
    expect(run.stderr).toContain(`copied 2 file(s) of commit ${head.slice(0, 12)}'s tree to a scratch copy`);
    expect(run.code, run.stderr).toBe(0);
    expect(repo.read('sum.mjs').toString()).toBe('export function sum() {\n  return 0;\n}\n');
  });

  it('names a suggestion that does not apply to the reviewed text and runs nothing (exit 1)', async () => {
    const { repo } = repoWithFix();
    const stale = makeSuggestion({ path: 'sum.mjs', startLine: 2, endLine: 2, originalCode: '  return a * b;', suggestedCode: '  return a + b;', madeOn: 'other text\n' });
    const exportFile = writeExport(repo, 'stale.json', [stale]);
    const marker = join(makeTempDir(), 'ran');
    const run = await runCheck(['--export', exportFile, '--command', `touch ${marker}`, '--json'], repo.root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${stale.id}  sum.mjs:2  outdated`);
    expect(run.stderr).toContain('do not apply to the reviewed text (redline apply would refuse them); the check did not run');
    expect(JSON.parse(run.stdout)).toMatchObject({ passed: false, ending: 'not-run', exitCode: null, refused: [{ id: stale.id, status: 'outdated' }] });
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses an unreadable export as apply does (exit 2)', async () => {
    const { repo } = repoWithFix();
    repo.write('broken.md', 'not an export\n');
    const run = await runCheck(['--export', 'broken.md', '--command', 'true'], repo.root);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^redline check: not a valid Redline feedback export/);
  });
});

describe('redline check: the command is the reviewer\'s', () => {
  it('with none configured, offers what the repository has and runs nothing (exit 2)', async () => {
    const { repo, exportFile } = repoWithFix();
    repo.write('package.json', JSON.stringify({ scripts: { test: 'node --test' } }));
    repo.write('tsconfig.json', '{}');
    repo.write('Makefile', 'all:\n\ttrue\ncheck: all\n\ttrue\n');
    const run = await runCheck(['--export', exportFile], repo.root);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("no check command configured; from what this repository has, redline would offer 'npm test', 'tsc --noEmit', 'make check': confirm one with --command 'npm test'");
    expect(run.stderr).not.toContain('copied');
  });

  it('with none configured, runs the offer the reviewer confirmed in the page (kept with their preferences, not in the repository)', async () => {
    const { repo, exportFile } = repoWithFix();
    repo.write('package.json', JSON.stringify({ scripts: { test: 'node --test' } }));
    const config = makeTempDir();
    await new CheckCommandStore(join(config, 'redline')).confirm(repo.root, 'node --test');
    const io = captureIo(repo.root, { terminal: false, env: { ...process.env, XDG_CONFIG_HOME: config } });
    const code = await runCli(['check', '--export', exportFile, '--json'], io);
    expect(code, io.err()).toBe(0);
    expect(JSON.parse(io.out())).toMatchObject({ command: 'node --test', passed: true });
  });

  it('with nothing to offer, says how to name one', async () => {
    const { repo, exportFile } = repoWithFix();
    const run = await runCheck(['--export', exportFile], repo.root);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no check command configured, and this repository has none to offer');
  });

  it('reads "redline": { "check" } from package.json, then "check" from .redline.json; --command wins over both', async () => {
    const { repo, exportFile } = repoWithFix();
    repo.write('.redline.json', JSON.stringify({ check: 'echo from-dotfile' }));
    const fromDotfile = await runCheck(['--export', exportFile], repo.root);
    expect(fromDotfile.stdout).toMatch(/^passed: `echo from-dotfile`/);
    repo.write('package.json', JSON.stringify({ redline: { check: 'echo from-package', checkTimeout: 20 } }));
    const fromPackage = await runCheck(['--export', exportFile], repo.root);
    expect(fromPackage.stdout).toMatch(/^passed: `echo from-package`/);
    expect(fromPackage.stderr).toContain('running echo from-package (time limit 20 s)');
    const fromFlag = await runCheck(['--export', exportFile, '--command', 'echo from-flag'], repo.root);
    expect(fromFlag.stdout).toMatch(/^passed: `echo from-flag`/);
  });

  it('refuses a configuration that is there but wrong, naming the field (exit 2)', async () => {
    const { repo, exportFile } = repoWithFix();
    repo.write('package.json', JSON.stringify({ redline: { check: 42 } }));
    const run = await runCheck(['--export', exportFile], repo.root);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('package.json: redline.check must be a command (a non-empty string), not 42');
  });

  it('refuses bad arguments as usage errors (exit 2)', async () => {
    const { repo } = repoWithFix();
    for (const args of [['--timeout', '0'], ['--timeout', 'soon'], ['extra'], ['--command', ' ']]) {
      const run = await runCheck(args, repo.root);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain("(see 'redline check --help')");
    }
  });

  it('without --export and no open review, says how to check (exit 1)', async () => {
    const { repo } = repoWithFix();
    const run = await runCheck(['--command', 'true'], repo.root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("no open review in this repository: start one with 'redline', or check a saved export with --export FILE");
  });

  it('prints its help', async () => {
    const { repo } = repoWithFix();
    const run = await runCheck(['--help'], repo.root);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: redline check /);
  });
});
