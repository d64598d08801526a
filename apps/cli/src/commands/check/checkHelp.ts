/** `redline check --help`. */
export const CHECK_HELP = `Usage: redline check [--export FILE] [--command CMD] [--timeout SECONDS] [--json] [--repo DIR]

Runs your project's check command on the review's pending suggestions before
you send them: the suggestions are applied, as redline apply would apply
them, to a scratch copy of what was reviewed (the work tree's tracked and
untracked files; for a review of commits, the head commit's tree), in a new
folder under the system's temporary folder; the command runs there, and the
copy is removed. Your work tree, index, branches and
configuration are never written.

  The suggestions are those of the review open in this repository (its
  autosaved draft), or with --export FILE those of a saved export
  (.git/redline/reviews/*.md or .json).

Options:
  --export FILE      check the suggestions of a saved feedback export
  --command CMD      the check command, run with sh -c in the copy
  --timeout SECONDS  end the command's whole process group after this long
                     (default 300; SIGTERM, then SIGKILL 5 s later)
  --json             print the result as JSON on stdout: command, passed,
                     exitCode, signal, ms, suggestions (ids), tail (last lines),
                     ending, refused
  --repo DIR         the repository (default: the one around the current directory)
  -h, --help         show this help

The command is yours, never the agent's: --command, or "redline": { "check":
"<command>", "checkTimeout": SECONDS } in the repository's package.json, or
{ "check": "<command>" } in its .redline.json, or the offer you confirmed
for this repository in the review page's Check panel (kept with your own
preferences). With none, redline check says which it would offer (npm test,
tsc --noEmit, make check) and runs nothing.

The command's output streams to stderr; its last 40 lines are repeated when
it fails. The copy gets the root node_modules as symbolic links to its
packages (never copied), so the check finds the project's dependencies; a
workspace package's link points into the copy, at the suggested code.

This is your command, for your terminal: no agent integration offers it.

Exit status: 0 the command passed; 1 it failed, timed out, or a suggestion
does not apply (named; the command did not run); 2 usage error, or no check
command configured; 130/143 interrupted (the copy is removed).
Details: docs/cli.md
`;
