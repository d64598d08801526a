/** The text of `redline stop --help`. Keep it true to parseSessionArgs and runStop. */
export const STOP_HELP = `redline stop: end the review session of this repository without feedback.

Usage:
  redline stop [--repo DIR]

The review server stops (the reviewer's draft is kept for the next review of the
same diff) and its session is removed.

Options:
  --repo DIR                       the repository at DIR (default: the current directory)
  -h, --help                       show this help

Exit codes: 0 stopped; 1 no review session here, or it would not stop; 2 usage error.
`;
