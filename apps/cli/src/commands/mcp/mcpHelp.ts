/** The text of `redline mcp --help`. Keep it true to runMcp and mcpTools. */
export const MCP_HELP = `redline mcp: the review verbs as an MCP server on stdio, for coding agents.

Usage:
  redline mcp

Tools (each runs the command of the same job and answers with what it prints):
  start_review        redline start --json [--base REF | --staged | target] [--no-open]
  review_status       redline status --json
  wait_for_feedback   redline wait --timeout N (N at most 50): the feedback, "closed", "still open",
                      or the developer's questions ("question: answer it with answer_question")
  get_feedback        redline wait --timeout 0
  post_findings       redline annotate - --json (the findings as the tool's input)
  post_tour           redline annotate - --json (your tour of the change: { tour: { title, steps } })
  answer_question     redline answer ID --text TEXT [--suggest -] --json (the suggestion as the tool's input)
  reply_to_thread     redline reply THREAD --text TEXT [--addressed]

Configure it in your agent as the command 'redline' with the argument 'mcp'
('redline setup AGENT --mcp' does it; README, "Agents"). It reviews the repository
it runs in unless a tool is given repo, the repository's absolute path: pass it when
the server is configured user-wide, which starts it outside your repository.
`;
