/**
 * The one place either command turns an error into its stderr line and
 * exit code: `<command>: <message>`, a pointer to the command's help after a
 * usage error, and never a stack trace.
 */
import type { TextSink } from '../cliIo.js';
import { EXIT, exitCodeFor, isRedlineError } from '../errors.js';
import { errorMessage } from '@redline/core';

export type CommandName = 'redline' | `redline ${'apply' | 'start' | 'wait' | 'status' | 'stop' | 'open' | 'check' | 'mcp' | 'annotate' | 'reply' | 'answer' | 'setup' | 'publish'}`;

function helpHint(command: CommandName): string {
  return ` (see '${command} --help')`;
}

export function reportError(error: unknown, stderr: TextSink, command: CommandName): number {
  if (isRedlineError(error)) {
    const hint = error.code === 'usage' ? helpHint(command) : '';
    stderr.write(`${command}: ${oneLine(error.message, command)}${hint}\n`);
    return exitCodeFor(error.code);
  }
  // A bug, not a user error: still one line, with the cause.
  const message = errorMessage(error);
  stderr.write(`${command}: unexpected error: ${oneLine(message, command)}\n`);
  return EXIT.error;
}

/**
 * apply's messages quote parser problems and file-system errors, which can
 * run over lines: it prints the first (docs/apply.md promises one line).
 * `redline` prints git's message whole, as it always has.
 */
function oneLine(message: string, command: CommandName): string {
  return command === 'redline apply' ? message.split('\n')[0]!.trim() : message;
}
