/** The text of `redline --help`. Keep it true to parseArgs and runReview. */
export const HELP_TEXT = `redline: review the changes in a git repository in your browser, and hand
the feedback to your coding agent on stdout.

Usage:
  redline [target] [options]
  redline apply [options]          apply the suggestions of a review (see redline apply --help)
  redline compare A B [C...]       compare several attempts (worktrees, branches, commits) and apply
                                   the picks of each to one worktree (see redline compare --help)
  redline rounds [--json]          list the rounds of the review series (see redline rounds --help)
  redline threads [--json] [--state S]  list its threads: earlier comments and suggestions, and their state
  redline open [--no-open]         open the review in your browser again, or print a new link (terminal only)
  redline check [--command CMD]    run your project's check on the pending suggestions in a scratch
                                   copy before you send them (see redline check --help)
  redline setup AGENT [--mcp]      install Redline's command for claude-code, codex, opencode, cursor
                                   or gemini where that agent reads it (see redline setup --help)
  redline publish [--round ID]     post your latest sent round of a pull request to it as one
                                   GitHub review; asks first (see redline publish --help)

For coding agents (each has its --help):
  redline start [target] [options] open the review in the background and return at once
  redline wait [--timeout SECONDS] wait for the feedback (exit 4: still open, wait again;
                                   exit 5: the reviewer asked you a question)
  redline status [--json]          how the review stands
  redline stop                     end it without feedback (the draft is kept)
  redline annotate FILE|-          post your findings into the review as proposals, and your tour
                                   of the change
  redline reply THREAD --text T    answer a thread of an earlier round [--addressed]
  redline answer ID --text T       answer the reviewer's question [--suggest FILE]
  redline mcp                      the same verbs as an MCP server on stdio

Targets (default: the working tree against HEAD, untracked files included):
  <commit>                         that commit against its first parent
  A..B                             the changes from A to B
  A...B                            the changes on B since it forked from A
  --staged                         the index against HEAD
  --base REF                       the working tree against the merge-base of REF and HEAD
  --patch FILE                     a unified diff from FILE, or from stdin with '-'
                                   (no repository contents: files cannot be opened or edited)
  --demo                           a temporary demo repository with a realistic change
  https://HOST/OWNER/REPO/pull/N   a GitHub pull request: its base and head fetched under
                                   refs/redline/forge/ (nothing checked out), reviewed as
                                   base...head with its unresolved review threads
  pr N                             pull request N of the repository this clone's remote names
                                   (upstream, else origin)

Pull requests (GitHub and GitHub Enterprise):
  GITHUB_API_URL                   the API (default https://api.github.com; an Enterprise
                                   host's https://HOST/api/v3)
  GH_TOKEN, GITHUB_TOKEN           the token; else the GitHub CLI's (gh auth token). Never
                                   printed or written anywhere

Options:
  --repo DIR                       review the repository at DIR (default: the current directory)
  --port N                         listen on 127.0.0.1:N (default: a free port)
  --no-open                        do not open a browser; open the printed link yourself (the
                                   link is printed only when stderr is a terminal)
  --json                           print the feedback as JSON instead of markdown
  --output FILE                    also write the feedback to FILE
  --new-series                     start a new review series instead of continuing the open one
  --no-untracked-renames           show a deleted file and a similar untracked one as a deletion
                                   and an addition (by default git's rename detection pairs them)
  -h, --help                       show this help
  -v, --version                    show the version

Output:
  stderr                           the summary and progress messages; the review link
                                   ("Review: http://127.0.0.1:PORT/?token=…") only when stderr is a
                                   terminal: a program running redline (a coding agent) never gets it
  stdout                           only the feedback, when the reviewer sends it
  Each review link works once. To open the review again (a closed tab, another browser),
  press Enter in the terminal running redline (a new single-use link for the same review;
  only when stdin and stderr are a terminal), or run 'redline open' in any terminal of yours.
  A copy of each review is saved under .git/redline/reviews/ (markdown and JSON);
  drafts are autosaved under .git/redline/drafts/ until the feedback is sent;
  the agent's proposals, your answers to them, its tour and your questions with its
  answers are kept under
  .git/redline/proposals/ (a stopped or restarted review of the same diff shows
  them again) until the feedback is sent;
  the open review is recorded under .git/redline/sessions/ (one at a time per
  repository: a second redline says which one is open).
  Each Send records a round of the review series under refs/redline/ (docs/rounds.md).

Exit codes:
  0    feedback sent (printed on stdout)
  1    error (not a git repository, unknown revision, empty diff, port in use,
       a review already open in this repository, a pull request not found, no token,
       a token refused, GitHub's rate limit (with the time to wait), ...)
  2    usage error (unknown option, bad value)
  3    the reviewer closed the review without sending feedback
  130  interrupted (Ctrl-C); 143 when terminated (SIGTERM)
`;
