/**
 * Test support for `redline check`: a real repository whose own check
 * passes only with a suggestion applied, its export, the command run
 * in-process, and what a check may leave behind: the processes of a process
 * group (read from /proc) and the scratch folders under the temporary folder.
 * Used by the tests only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { renderFeedbackJson, type Annotation } from '@redline/core';
import { SCRATCH_PREFIX } from '../../src/check/scratchCopy.js';
import { runCli } from '../../src/main.js';
import { makeReview, makeSuggestion, makeTempRepo, type TempRepo } from '../apply/applyTestKit.js';
import { captureIo, type CapturedIo } from '../capturedIo.js';

/** The reviewed text: `sum` subtracts; the suggestion makes it add. */
export const SUM_JS = 'export function sum(a, b) {\n  return a - b;\n}\n';
const SUM_TEST = "import { test } from 'node:test';\nimport assert from 'node:assert';\nimport { sum } from './sum.mjs';\n\ntest('sum adds', () => assert.equal(sum(2, 3), 5));\n";

/** A repository with sum.mjs committed and its node:test test untracked (the agent's change), and the fix as a suggestion. */
export function sumRepo(): { repo: TempRepo; fix: Annotation; exportFile: string } {
  const repo = makeTempRepo('redline-ckrepo-');
  repo.write('sum.mjs', SUM_JS);
  repo.git('add', 'sum.mjs');
  repo.git('commit', '-q', '-m', 'sum');
  repo.write('sum.test.mjs', SUM_TEST);
  const fix = makeSuggestion({ path: 'sum.mjs', startLine: 2, endLine: 2, originalCode: '  return a - b;', suggestedCode: '  return a + b;', madeOn: SUM_JS });
  const exportFile = writeExport(repo, 'review.json', [fix]);
  return { repo, fix, exportFile };
}

/** Writes an export of these annotations under .git/redline/reviews/ (where redline keeps its copies) and returns its path. */
export function writeExport(repo: TempRepo, name: string, annotations: Annotation[]): string {
  const path = `.git/redline/reviews/${name}`;
  repo.write(path, renderFeedbackJson(makeReview(annotations)));
  return path;
}

export interface CheckRun {
  code: number;
  stdout: string;
  stderr: string;
  io: CapturedIo;
}

/** `redline check ARGS` in-process in `cwd` (stderr a pipe, as an agent's or CI's). */
export async function runCheck(args: string[], cwd: string, during?: (io: CapturedIo) => Promise<void>): Promise<CheckRun> {
  const io = captureIo(cwd, { terminal: false });
  const exit = runCli(['check', ...args], io);
  if (during) await during(io);
  const code = await exit;
  return { code, stdout: io.out(), stderr: io.err(), io };
}

/** The processes of a process group that still run (a zombie has already ended). */
export function livingInGroup(pgid: number): number[] {
  const living: number[] = [];
  for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    // "pid (comm) S ppid pgrp ...": comm may hold spaces and parentheses, so read after the last ')'.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z') living.push(Number(name));
  }
  return living;
}

/** The scratch folders under the temporary folder now. */
export function scratchFolders(): string[] {
  return readdirSync(tmpdir()).filter((name) => name.startsWith(SCRATCH_PREFIX));
}
