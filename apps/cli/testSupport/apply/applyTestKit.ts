/**
 * Test support for `redline apply`: real temporary git repositories, real
 * suggestions (ids from suggestionId, revisions from the file bytes), real
 * exports, and a way to run the command and capture what it prints. Used by
 * the tests only.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { suggestionId, type Annotation, type FeedbackReview } from '@redline/core';
import { runApplyCommand, type ApplyHooks } from '../../src/commands/apply/runApplyCommand.js';

export const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Redline Test',
  GIT_AUTHOR_EMAIL: 'test@redline.invalid',
  GIT_COMMITTER_NAME: 'Redline Test',
  GIT_COMMITTER_EMAIL: 'test@redline.invalid',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_OPTIONAL_LOCKS: '0',
};

export interface TempRepo {
  root: string;
  git(...args: string[]): string;
  write(path: string, content: string | Uint8Array, mode?: number): void;
  read(path: string): Buffer;
  remove(): void;
}

export function makeTempRepo(prefix = 'redline-apply-'): TempRepo {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const git = (...args: string[]): string => {
    const result = spawnSync('git', args, { cwd: root, env: GIT_ENV, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr}`);
    return result.stdout;
  };
  git('init', '-q', '-b', 'main');
  return {
    root,
    git,
    write(path, content, mode) {
      const full = join(root, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content, mode === undefined ? undefined : { mode });
    },
    read: (path) => readFileSync(join(root, path)),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

export function sha256Of(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

export interface SuggestionSpec {
  path: string;
  startLine: number;
  endLine: number;
  originalCode: string;
  suggestedCode: string;
  deletion?: boolean;
  /** The file content the suggestion was made on (its sha256 is the revision). */
  madeOn: string | Uint8Array;
  side?: 'old' | 'new';
  text?: string;
}

export function makeSuggestion(spec: SuggestionSpec): Annotation {
  const side = spec.side ?? 'new';
  const deletion = spec.deletion ?? false;
  return {
    id: suggestionId({ ...spec, side, deletion }),
    kind: 'suggestion',
    scope: 'line',
    path: spec.path,
    side,
    startLine: spec.startLine,
    endLine: spec.endLine,
    text: spec.text ?? 'Please change this.',
    originalCode: spec.originalCode,
    suggestedCode: spec.suggestedCode,
    deletion,
    revision: sha256Of(spec.madeOn),
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

export function makeComment(path: string, line: number, text: string): Annotation {
  return {
    id: `comment-${path}-${line}`,
    kind: 'comment',
    scope: 'line',
    path,
    side: 'new',
    startLine: line,
    endLine: line,
    text,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

export function makeReview(annotations: Annotation[]): FeedbackReview {
  return {
    target: {
      kind: 'working-tree',
      description: 'Uncommitted changes (working tree against HEAD)',
      baseCommit: null,
      headCommit: null,
    },
    verdict: 'request-changes',
    summary: 'A few changes, please.',
    annotations,
  };
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `redline apply ARGS` in `cwd` with `stdin` (a string, or nothing: an empty non-terminal stream). */
export async function runApply(
  args: string[],
  options: { cwd: string; stdin?: string; hooks?: ApplyHooks },
): Promise<RunResult> {
  let stdout = '';
  let stderr = '';
  const code = await runApplyCommand(
    args,
    {
      cwd: options.cwd,
      stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin, 'utf8')]),
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: (s: string) => (stderr += s) },
    },
    options.hooks,
  );
  return { code, stdout, stderr };
}
