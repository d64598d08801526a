/** The text of `redline open --help`. Keep it true to parseSessionArgs and runOpen. */
export const OPEN_HELP = `redline open: open the review of this repository in your browser again.

Usage:
  redline open [--no-open] [--repo DIR]

Opens the running review (plain redline or redline start) in your browser with a new
single-use link. When no browser can be opened, or with --no-open, it prints a new
link instead, and only to a terminal (stderr): a program that runs redline open (a
coding agent) can open your browser, never read a link.

Options:
  --no-open                        print a new link in this terminal; do not open a browser
  --repo DIR                       the repository at DIR (default: the current directory)
  -h, --help                       show this help

Exit codes: 0 opened or printed; 1 no open review here, or no browser could be opened
and no terminal to print to; 2 usage error (--no-open without a terminal).
`;
