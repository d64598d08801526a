/** The text of `redline reply --help`. Keep it true to runReply and docs/cli.md. */
export const REPLY_HELP = `redline reply: answer a thread of an earlier review round, as the agent.

Usage:
  redline reply THREAD_ID --text TEXT [--addressed] [--repo DIR]

THREAD_ID is a thread of the repository's newest review series ('redline threads'
lists them). The reply is kept with the series (refs/redline/<series>/_agent/acts)
and the reviewer sees it on the thread in the next round. --addressed also marks
the thread addressed: you changed the code for it. Only the reviewer resolves a
thread, sets a verdict or answers your proposals; no agent command can.

Exit codes: 0 recorded; 1 error (no series, no such thread, ...); 2 usage error.
`;
