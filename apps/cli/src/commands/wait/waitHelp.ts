/** The text of `redline wait --help`. Keep it true to parseSessionArgs and runWait. */
export const WAIT_HELP = `redline wait: wait for the reviewer of the review 'redline start' opened.

Usage:
  redline wait [--timeout SECONDS] [--json] [--repo DIR]

Options:
  --timeout SECONDS                give up after SECONDS (0 to 86400; default: no limit)
                                   and exit 4; loop 'redline wait --timeout 90' to stay
                                   within an agent's tool time limit
  --json                           print the feedback as JSON (it carries "decision")
  --repo DIR                       the repository at DIR (default: the current directory)
  -h, --help                       show this help

Output:
  stdout                           the feedback, exactly as plain 'redline' prints it,
                                   or the reviewer's questions (exit 5)
  stderr                           where the review's copy is saved, for 'redline apply'

Exit codes:
  0    feedback sent (printed on stdout)
  1    no review session here, or its server is gone (one line on stderr)
  2    usage error
  3    the reviewer closed the review without feedback
  4    still open when --timeout passed (nothing on stdout): wait again
  5    the reviewer asked you questions while reviewing (printed on stdout: each
       with its id, where, the quoted code and the words; --json: { "decision":
       "question", "questions": [...] }): answer each with 'redline answer ID
       --text ...', then wait again. A wait returns a question once.
`;
