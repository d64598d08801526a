/**
 * The `redline` command: parse the arguments, run the command, and turn any
 * error into one line on stderr and an exit code, here and only here.
 */
import type { CliIo } from './cliIo.js';
import { readVersion } from './readVersion.js';
import { HELP_TEXT } from './commands/review/helpText.js';
import { parseArgs, type Verb } from './commands/review/parseArgs.js';
import { runReview } from './commands/review/runReview.js';
import { reportError, type CommandName } from './commands/reportError.js';
import { EXIT } from './errors.js';

export type { CliIo } from './cliIo.js';

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const command = parseArgs(argv);
    switch (command.kind) {
      case 'help':
        io.stdout.write(HELP_TEXT);
        return 0;
      case 'version':
        io.stdout.write(`redline ${readVersion()}\n`);
        return 0;
      case 'apply': {
        // Loaded on demand: a review never needs the apply code.
        const { runApplyCommand } = await import('./commands/apply/runApplyCommand.js');
        return await runApplyCommand(command.args, io);
      }
      case 'compare': {
        const { runCompare } = await import('./commands/compare/runCompare.js');
        return await runCompare(command.args, io);
      }
      case 'rounds':
      case 'threads': {
        const { runRoundsCommand } = await import('./commands/rounds/runRoundsCommand.js');
        return await runRoundsCommand(command.kind, command.args, io);
      }
      case 'review':
        return await runReview(command.options, io);
      case 'verb':
        return await runVerb(command.verb, command.args, io);
    }
  } catch (error) {
    return reportError(error, io.stderr, 'redline');
  }
}

/** The session verbs, each loaded on demand and reporting its errors under its own name. */
async function runVerb(verb: Verb, args: string[], io: CliIo): Promise<number> {
  const name: CommandName = verb === 'serve-session' ? 'redline start' : `redline ${verb}`;
  try {
    const run = await loadVerb(verb);
    return await run(args, io);
  } catch (error) {
    return reportError(error, io.stderr, name);
  }
}

async function loadVerb(verb: Verb): Promise<(args: readonly string[], io: CliIo) => Promise<number>> {
  switch (verb) {
    case 'start':
      return (await import('./commands/start/runStart.js')).runStart;
    case 'serve-session':
      return (await import('./commands/serveSession/runServeSession.js')).runServeSession;
    case 'wait':
      return (await import('./commands/wait/runWait.js')).runWait;
    case 'status':
      return (await import('./commands/status/runStatus.js')).runStatus;
    case 'stop':
      return (await import('./commands/stop/runStop.js')).runStop;
    case 'open':
      return (await import('./commands/open/runOpen.js')).runOpen;
    case 'check':
      return (await import('./commands/check/runCheckCommand.js')).runCheckCommand;
    case 'mcp':
      return (await import('./commands/mcp/runMcp.js')).runMcp;
    case 'annotate':
      return (await import('./commands/annotate/runAnnotate.js')).runAnnotate;
    case 'reply':
      return (await import('./commands/reply/runReply.js')).runReply;
    case 'answer':
      return (await import('./commands/answer/runAnswer.js')).runAnswer;
    case 'setup':
      return (await import('./commands/setup/runSetup.js')).runSetup;
    case 'publish':
      return (await import('./commands/publish/runPublish.js')).runPublish;
  }
}

/** What an entry script knows about where it was installed. */
export interface EntryOptions {
  /** The built page: the published package passes its own copy (its files are laid out unlike the repository's). */
  appDir?: string;
}

/** The process entry point used by bin/redline.js: real stdio, signals and exit code. */
export async function main(entry: EntryOptions = {}): Promise<void> {
  let onSignal: (signal: 'SIGINT' | 'SIGTERM') => void = () => undefined;
  const interrupted = new Promise<'SIGINT' | 'SIGTERM'>((resolve) => {
    onSignal = resolve;
  });
  const handlers = { SIGINT: () => onSignal('SIGINT'), SIGTERM: () => onSignal('SIGTERM') };
  process.once('SIGINT', handlers.SIGINT);
  process.once('SIGTERM', handlers.SIGTERM);
  const code = await runCli(process.argv.slice(2), {
    cwd: process.cwd(),
    env: process.env,
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    terminal: process.stderr.isTTY ? process.stderr : null,
    interrupted,
    appDir: entry.appDir,
  });
  process.off('SIGINT', handlers.SIGINT);
  process.off('SIGTERM', handlers.SIGTERM);
  // Interrupted: git children may still be running; nothing was written to stdout, so leave now.
  if (code === EXIT.interrupted || code === EXIT.terminated) process.exit(code);
  process.exitCode = code;
}
