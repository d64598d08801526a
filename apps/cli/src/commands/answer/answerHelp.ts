/** The text of `redline answer --help`. Keep it true to runAnswer and docs/cli.md. */
export const ANSWER_HELP = `redline answer: answer a question the reviewer asked you in the running review.

Usage:
  redline answer QUESTION_ID --text TEXT [--suggest FILE|-] [--json] [--repo DIR]

QUESTION_ID is the id 'redline wait' printed with the question (it exits 5 when
the reviewer asks). The answer appears under the question in the reviewer's page.
--suggest FILE (or '-' for stdin) also proposes a replacement, JSON of the form
  { "path": "src/a.ts", "lines": { "start": 3, "end": 4 },
    "original": "the lines as they read now", "replacement": "what to put there" }
on new-side lines of the diff: it arrives as your proposal, which the reviewer
accepts or rejects. Answering is your only act on a question; asking is the
reviewer's. Then run 'redline wait' again.

Options:
  --text TEXT                      your answer (1 to 20,000 characters; line breaks
                                   and tabs, no other control character)
  --suggest FILE|-                 a suggested replacement (see above)
  --json                           print { "ok": true, "proposalId": ... } on stdout
  --repo DIR                       the repository at DIR (default: the current directory)
  -h, --help                       show this help

Exit codes: 0 answered; 1 no review running here, no such question, already
answered, or a suggestion not on lines of the diff; 2 usage error (a bad field,
named).
`;
