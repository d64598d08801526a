/** The text of `redline annotate --help`. Keep it true to runAnnotate and docs/cli.md. */
export const ANNOTATE_HELP = `redline annotate: post your findings into the review, as proposals the reviewer answers.

Usage:
  redline annotate FILE [--repo DIR] [--variant ID] [--json]
  redline annotate - [--repo DIR] [--variant ID] [--json]     (the findings on standard input)

The findings are JSON (docs/cli.md, "redline annotate"):
  { "findings": [ { "kind": "finding" | "question" | "note",
                    "path": "src/retry.ts", "side": "new" | "old",
                    "lines": { "start": 12, "end": 14 },
                    "text": "I was unsure about this retry loop",
                    "suggestion": { "original": "<the lines as they are>",
                                    "replacement": "<what you would put there>" } } ] }
("suggestion" is optional, and only on the new side.)

The same document may hold your tour of the change (or hold only it):
  { "tour": { "title": "Retries now back off",
              "steps": [ { "path": "src/retry.ts", "side": "new",
                           "lines": { "start": 3, "end": 9 },
                           "text": "The loop now waits between tries" } ] } }
The reviewer walks it a step at a time in the page; a new tour replaces the earlier
one. A tour goes only to a running review (at most 100 steps; every path a file of
the diff, every step's lines there).

They go to the review running in this repository ('redline start'), where the
reviewer sees each as an agent proposal and may Accept, Edit, Reject or Reply;
the feedback names what became of each. With no review running they are kept
for the next one (.git/redline/proposals/pending.json). Posting the same finding
again is a no-op. Nothing is posted if any finding is refused.

Options:
  --repo DIR    the repository (default: the current directory)
  --variant ID  in a comparison of several attempts ('redline compare A B C'),
                the findings and the tour of attempt ID (A, B, C…), shown in its
                column; every path a file that attempt changed
  --json        print { "added": [ids], "known": [ids] } (or { "kept": N }) on stdout,
                with "tourSteps": N when a tour was posted

Exit codes: 0 posted (or kept); 1 error (a path outside the diff, over 1 MiB,
the server gone, ...); 2 usage error or malformed findings (the field is named).
`;
