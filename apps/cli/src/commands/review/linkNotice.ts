/**
 * Where the review link goes (docs/cli.md, "Who holds the link"): to the
 * browser Redline launches, and printed only to the reviewer's terminal
 * (stderr when it is a TTY). A program that runs redline (an agent's shell
 * tool, an MCP call, a pipe) gets the summary and how to open the review
 * from a terminal, never the link: whoever holds the link can act as the
 * reviewer.
 */
import type { CliIo } from '../../cliIo.js';

/** What became of opening the browser: launched, nothing could be launched, or not asked (--no-open). */
export type BrowserOutcome = 'opened' | 'failed' | 'not-asked';

export function announceLink(url: string, browser: BrowserOutcome, io: Pick<CliIo, 'stderr' | 'terminal'>): void {
  if (io.terminal) {
    io.terminal.write(`Review: ${url}\n`);
    if (browser === 'failed') io.stderr.write('Could not open a browser; open the link above yourself.\n');
    return;
  }
  io.stderr.write(
    browser === 'opened'
      ? "The review is open in the reviewer's browser. Its link is printed only to a terminal: to open the review again, run 'redline open' in your own terminal, in the repository under review.\n"
      : "The review link is printed only to a terminal: run 'redline open' in your own terminal, in the repository under review, to open it in your browser (or print a new link there).\n",
  );
}
