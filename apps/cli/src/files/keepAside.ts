/**
 * A file of redline's own under `.git/redline/` that cannot be read (a
 * draft, a kept proposal board) is never dropped or overwritten: it is
 * renamed to `<name>.unreadable-<time>.json` beside it, and the caller says
 * so. The time in the name keeps every one: a second never replaces the first.
 */
import { rename } from 'node:fs/promises';
import { basename } from 'node:path';
import { errorMessage } from '@redline/core';

/** Renames `<name>.json` aside; returns the new file name. */
export async function keepAside(path: string): Promise<string> {
  const time = new Date().toISOString().replace(/[:.]/g, '-');
  const aside = path.replace(/\.json$/, `.unreadable-${time}.json`);
  await rename(path, aside);
  return basename(aside);
}

/** Why a file's JSON could not be read, in words: "not JSON (…)" for a parse error, else the check's message. */
export function unreadableReason(error: unknown): string {
  if (error instanceof SyntaxError) return `not JSON (${error.message})`;
  return errorMessage(error);
}
