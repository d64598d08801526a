/** The text of `redline status --help`. Keep it true to parseSessionArgs and runStatus. */
export const STATUS_HELP = `redline status: how the review session of this repository stands.

Usage:
  redline status [--json] [--repo DIR]

Prints the session's state (open, sent, closed, or ended when its server is gone,
which also cleans it up), its pid and port, the diff's counts and whether the review
link was opened: when, and by what program (a link opened by anything but the
reviewer's browser is a reason to 'redline stop'). Never a link or any other secret.

Options:
  --json                           print it as JSON
  --repo DIR                       the repository at DIR (default: the current directory)
  -h, --help                       show this help

Exit codes: 0 printed; 1 no review session here; 2 usage error.
`;
