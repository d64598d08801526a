/**
 * The one switch over readRegularFile's problems, with its readers'
 * wordings side by side: the page's (a FileRefusalCode; most ask for a
 * reload, since the file changed after the diff was read), `redline
 * apply`'s (its reason codes, docs/apply.md) and redline's own state files'
 * (a draft: a reason, said when the file is kept aside).
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
    own: (path) => `${path} does not exist`,
  },
  symlink: {
    page: (path) => refuse('symlink', `${path} is a symbolic link; its target is not read`),
    apply: (path) => refuse('symlink', `${path} is a symbolic link; suggestions are never applied through one`),
    own: (path) => `${path} is a symbolic link; redline does not follow links at its own paths`,
  },
  'not-regular': {
    page: (path) => refuse('not-regular', `${path} is not a regular file`),
    apply: (path) => refuse('not-regular', `${path} is not a regular file`),
    own: (path) => `${path} is not a regular file (a FIFO, device, socket or directory); it is not read`,
  },
  'outside-repo': {
    page: (path) => refuse('symlink', `${path} is reached through a symbolic link; only files inside the repository are served`),
    apply: (path, { detail }) => refuse('path-outside-repo', `${path} resolves to ${detail || 'nothing'}, not to itself inside the repository`),
    own: (path) => `${path} is reached through a symbolic link; redline does not follow links at its own paths`,
  },
  'became-symlink': {
    page: (path) => refuse('symlink', `${path} is a symbolic link; symlinks are not opened`),
    apply: (path) => refuse('symlink', `${path} became a symbolic link while being read; not followed`),
    own: (path) => `${path} became a symbolic link while being read; not followed`,
  },
  unreadable: {
    page: (path, { detail }) => refuse('changed', `${path} could not be opened (${detail ?? 'error'}); reload the review`),
    apply: (path, { detail }) => refuse('unreadable', `${path} could not be opened: ${detail ?? 'error'}`),
    own: (path, { detail }) => `${path} could not be opened (${detail ?? 'error'})`,
  },
  replaced: {
    page: (path) => refuse('changed', `${path} was replaced while it was being read; reload the review`),
    apply: (path) => refuse('changed', `${path} was replaced while it was being read`),
    own: (path) => `${path} was replaced while it was being read`,
  },
  'too-large': {
    page: (path, { size, maxBytes }) => refuse('too-large', tooLargeMessage(path, size ?? 0, maxBytes, 'edit')),
    apply: (path, { size, maxBytes }) => refuse('too-large', tooLargeMessage(path, size ?? 0, maxBytes, 'apply to')),
    own: (path, { size, maxBytes }) => `${path} is too large (${size ?? 0} bytes; the limit is ${maxBytes} bytes)`,
  },
  grew: {
    page: (path) => refuse('changed', `${path} grew while it was being read; reload the review`),
    apply: (path) => refuse('changed', `${path} grew while it was being read`),
    own: (path) => `${path} grew while it was being read`,
  },
} satisfies Record<RegularFileProblem, { page: Wording<FileRefusalCode>; apply: Wording<FileReasonCode>; own: (path: string, facts: ProblemFacts) => string }>;

export function pageRefusal(problem: RegularFileProblem, path: string, facts: ProblemFacts): Refusal<FileRefusalCode> {
  return WORDINGS[problem].page(path, facts);
}

export function applyRefusal(problem: RegularFileProblem, path: string, facts: ProblemFacts): Refusal<FileReasonCode> {
  return WORDINGS[problem].apply(path, facts);
}

/** Why one of redline's own files (a draft) was not read. */
export function ownFileRefusal(problem: RegularFileProblem, path: string, facts: ProblemFacts): string {
  return WORDINGS[problem].own(path, facts);
}

export function tooLargeMessage(path: string, size: number, maxBytes: number, to: 'edit' | 'apply to'): string {
  return `${path} is too large to ${to} (${size} bytes; the limit is ${maxBytes} bytes)`;
}
