/** The text of `redline start --help`. Keep it true to parseStartArgs and runStart. */
export const START_HELP = `redline start: open a review that outlives this command, for coding agents.

Usage:
  redline start [target] [options]

Starts the review server in the background, opens the browser (unless --no-open),
prints the review link on stderr and exits 0 at once. Then loop
  redline wait --timeout 90
until it exits 0 (the feedback is on its stdout) or 3 (closed without feedback).
One review at a time per repository: a second start says which one is open.

Targets and options: exactly those of plain 'redline' (see redline --help), except
that a patch cannot come from standard input. --json also prints
  { "session": ..., "pid": ..., "port": ... }
on stdout, and --output FILE gets the feedback in JSON.

Related:
  redline wait [--timeout SECONDS] [--json]   wait for the feedback (see redline wait --help)
  redline status [--json]                     how the review stands
  redline stop                                end it without feedback (the draft is kept)
  redline mcp                                 the same verbs as an MCP server on stdio

Exit codes: 0 the review is open; 1 error (a review is already open here, ...); 2 usage error.
`;
