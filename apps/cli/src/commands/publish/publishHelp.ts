/** The text of `redline publish --help`. Keep it true to runPublish and docs/cli.md. */
export const PUBLISH_HELP = `redline publish: post a sent review round to its GitHub pull request.

Usage:
  redline publish [--round ID] [--yes] [--repo DIR]

Posts the latest round you sent of a pull request you reviewed with
'redline https://github.com/OWNER/REPO/pull/N' as ONE GitHub review: the verdict
(Approve, Request changes, Comment), the summary, each comment on its line or
lines, and each suggestion as a suggestion block where GitHub takes one (new
side, inside one hunk of the pull request's diff); where it cannot, the comment
is in the review's body with the replacement as a diff block and why.

  --round ID   another of your rounds: its number in the pull request's series,
               or its round commit (7 hex digits or more; 'redline rounds')
  --yes        publish without asking. Without it, redline asks on the terminal
               ("Publish round N to OWNER/REPO#M as REQUEST_CHANGES? [y/N]") and
               refuses to run where there is none to ask on (a pipe, an agent)
  --repo DIR   the repository (default: the current directory)

The review's body carries the round's id in a hidden marker: publishing the same
round again posts nothing and says where it is. A pull request whose head moved
since the round is refused (review it again). GitHub creates the review whole or
not at all, so a failure leaves nothing half-posted. The token comes from
GH_TOKEN, GITHUB_TOKEN or 'gh auth token'; GITHUB_API_URL names another API.
Publishing is the reviewer's act: no agent command or tool does it.

Exit codes: 0 published (or already published); 1 error (no round of a pull
request, the head moved, no token, GitHub refused or out of reach); 2 usage
error (no terminal to confirm on without --yes); 3 not confirmed.
`;
