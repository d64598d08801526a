/** `redline rounds --help` and `redline threads --help` (docs/cli.md says the same). */
export const ROUNDS_HELP = `Usage: redline rounds [--json] [--repo DIR]

List the rounds of the repository's newest review series (docs/rounds.md):
number, reviewer, time, verdict, counts, the recorded state's tree id and its
signature as git checks it (verified, unsigned, invalid, not verifiable).
The series is your own refs' newest (a teammate's fetched one only when you
have none). A round whose reviewer is not the name of the ref it was written
under is listed as unverified ("claims to be ..."): it changes no thread.
Teammates' rounds are fetched with
  git fetch origin 'refs/redline/*:refs/redline/remotes/origin/*'

Options:
  --json       print the series as JSON
  --repo DIR   the repository containing DIR (default: the current directory)
  -h, --help   show this help

Exit codes: 0 listed; 1 no review series in this repository (or an error); 2 usage error.
`;

export const THREADS_HELP = `Usage: redline threads [--json] [--state STATE] [--repo DIR]

List the threads of the repository's newest review series: every comment and
suggestion of its rounds, with its id, round, the reviewer who wrote it, path,
where its lines are now, its state and text. Only a thread's own reviewer
resolves or reopens it. STATE is open, changed, addressed, resolved or outdated.
A thread whose path is not a file of the reviewed tree (an ignored file,
.git/, ../x) is never read: it is named on stderr with the ref it came from
(and under "refused" in --json).

Options:
  --json          print the threads as JSON
  --state STATE   only threads in that state
  --repo DIR      the repository containing DIR (default: the current directory)
  -h, --help      show this help

Exit codes: 0 listed; 1 no review series in this repository (or an error); 2 usage error.
`;
