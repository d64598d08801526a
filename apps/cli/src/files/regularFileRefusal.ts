/**
 * The one switch over readRegularFile's problems, with both readers'
 * wordings side by side: the page's (a FileRefusalCode; most ask for a
 * reload, since the file changed after the diff was read) and `redline
 * apply`'s (its reason codes, docs/apply.md).
 */
import type { FileRefusalCode } from '@redline/core';
import type { FileReasonCode } from '../commands/apply/applyReport.js';
import type { RegularFileProblem } from './readRegularFile.js';

/** What readRegularFile saw (`size` for too-large, `detail` for outside-repo and unreadable), and the cap. */
export interface ProblemFacts {
  size?: number | undefined;
  detail?: string | undefined;
  maxBytes: number;
}

export type Refusal<Code extends string> = { code: Code; message: string };

type Wording<Code extends string> = (path: string, facts: ProblemFacts) => Refusal<Code>;

const refuse = <Code extends string>(code: Code, message: string): Refusal<Code> => ({ code, message });

const WORDINGS = {
  missing: {
    page: (path) => refuse('changed', `${path} no longer exists in the working tree; reload the review`),
    apply: (path) => refuse('not-found', `${path} does not exist in the working tree`),
  },
  symlink: {
    page: (path) => refuse('symlink', `${path} is a symbolic link; its target is not read`),
    apply: (path) => refuse('symlink', `${path} is a symbolic link; suggestions are never applied through one`),
  },
  'not-regular': {
    page: (path) => refuse('not-regular', `${path} is not a regular file`),
    apply: (path) => refuse('not-regular', `${path} is not a regular file`),
  },
  'outside-repo': {
    page: (path) => refuse('symlink', `${path} is reached through a symbolic link; only files inside the repository are served`),
    apply: (path, { detail }) => refuse('path-outside-repo', `${path} resolves to ${detail || 'nothing'}, not to itself inside the repository`),
  },
  'became-symlink': {
    page: (path) => refuse('symlink', `${path} is a symbolic link; symlinks are not opened`),
    apply: (path) => refuse('symlink', `${path} became a symbolic link while being read; not followed`),
  },
  unreadable: {
    page: (path, { detail }) => refuse('changed', `${path} could not be opened (${detail ?? 'error'}); reload the review`),
    apply: (path, { detail }) => refuse('unreadable', `${path} could not be opened: ${detail ?? 'error'}`),
  },
  replaced: {
    page: (path) => refuse('changed', `${path} was replaced while it was being read; reload the review`),
    apply: (path) => refuse('changed', `${path} was replaced while it was being read`),
  },
  'too-large': {
    page: (path, { size, maxBytes }) => refuse('too-large', tooLargeMessage(path, size ?? 0, maxBytes, 'edit')),
    apply: (path, { size, maxBytes }) => refuse('too-large', tooLargeMessage(path, size ?? 0, maxBytes, 'apply to')),
  },
  grew: {
    page: (path) => refuse('changed', `${path} grew while it was being read; reload the review`),
    apply: (path) => refuse('changed', `${path} grew while it was being read`),
  },
} satisfies Record<RegularFileProblem, { page: Wording<FileRefusalCode>; apply: Wording<FileReasonCode> }>;

export function pageRefusal(problem: RegularFileProblem, path: string, facts: ProblemFacts): Refusal<FileRefusalCode> {
  return WORDINGS[problem].page(path, facts);
}

export function applyRefusal(problem: RegularFileProblem, path: string, facts: ProblemFacts): Refusal<FileReasonCode> {
  return WORDINGS[problem].apply(path, facts);
}

export function tooLargeMessage(path: string, size: number, maxBytes: number, to: 'edit' | 'apply to'): string {
  return `${path} is too large to ${to} (${size} bytes; the limit is ${maxBytes} bytes)`;
}
