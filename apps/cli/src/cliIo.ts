/** Everything the CLI touches in the outside world, injected so tests can run it in-process. */
import type { BrowserLaunch } from './commands/review/openReviewInBrowser.js';
import type { SinceRoundGate } from './rounds/roundsReader.js';

export interface TextSink {
  write(text: string): unknown;
}

export interface CliIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadableStream;
  stdout: TextSink;
  stderr: TextSink;
  /**
   * The reviewer's terminal: stderr when it is a terminal (a TTY), null
   * otherwise (a pipe, a file, an agent's shell tool, an MCP call). The one
   * place a review link is ever written (linkNotice.ts): a program that runs
   * redline never reads one.
   */
  terminal: TextSink | null;
  /** Settles when the user interrupts the review (Ctrl-C, SIGTERM); never settles if omitted. */
  interrupted?: Promise<'SIGINT' | 'SIGTERM'>;
  /** The built page's directory; defaults to apps/review/dist next to this package. */
  appDir?: string;
  /** Opens the review in a browser; defaults to a private launcher file and $BROWSER / `open`. */
  openReview?: (url: string) => Promise<BrowserLaunch>;
  /** Tests only: each reading of the diff since the last round passes through it (to delay or fail it). */
  sinceRoundGate?: SinceRoundGate;
}
