/**
 * `redline start` takes exactly plain `redline`'s targets and options
 * (commands/review/parseArgs.ts); `--json` also makes its own answer JSON.
 * A patch on standard input cannot outlive the command, nor can the demo
 * repository (removed when its review ends): both are refused.
 */
import { parseArgs, type ReviewOptions } from '../review/parseArgs.js';
import { usageError } from '../readOptions.js';

export type StartArgs = { kind: 'help' } | { kind: 'start'; options: ReviewOptions };

export function parseStartArgs(argv: readonly string[]): StartArgs {
  const command = parseArgs(argv);
  if (command.kind === 'help' || command.kind === 'version') return { kind: 'help' };
  if (command.kind !== 'review') throw usageError(`'${argv[0] ?? ''}' is a command; for a revision of that name write 'redline start -- ${argv[0] ?? ''}'`);
  if (command.options.target.kind === 'patch' && command.options.target.file === '-') {
    throw usageError("redline start cannot read a patch from standard input (the review outlives this command); save it to a file and pass --patch FILE");
  }
  if (command.options.target.kind === 'demo') {
    throw usageError("redline start cannot review --demo: its repository is removed when the review ends, taking the feedback with it; run 'redline --demo'");
  }
  return { kind: 'start', options: command.options };
}
