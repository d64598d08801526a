/** The text of `redline setup --help`. Keep it true to runSetup and agentFiles. */
export const SETUP_HELP = `redline setup: install Redline's command (or skill) for a coding agent, where that agent reads it.

Usage:
  redline setup AGENT [--project] [--mcp] [--force] [--repo DIR]

AGENT is one of claude-code, codex, opencode, cursor, gemini.

  claude-code   ~/.claude/commands/redline.md   (--mcp: ~/.claude.json; with --project:
                .claude/commands/redline.md and .mcp.json)
  codex         ~/.agents/skills/redline/SKILL.md   (--mcp: ~/.codex/config.toml; with
                --project: .agents/skills/redline/SKILL.md and .codex/config.toml)
  opencode      ~/.config/opencode/commands/redline.md   (--mcp: ~/.config/opencode/opencode.json;
                with --project: .opencode/commands/redline.md and opencode.json)
  cursor        ~/.cursor/commands/redline.md   (--mcp: ~/.cursor/mcp.json; with --project:
                .cursor/commands/redline.md and .cursor/mcp.json)
  gemini        ~/.gemini/commands/redline.toml   (--mcp: ~/.gemini/settings.json; with
                --project: .gemini/commands/redline.toml and .gemini/settings.json)

The folders are made when missing. A file that is already there and differs from
Redline's is left as it is and named (--force replaces it, keeping yours beside it as
FILE.before-redline). The MCP entry is added to the configuration file beside the
settings already in it; an entry named redline of your own is kept unless --force.
Nothing is written when any file cannot be (a folder you cannot write, a configuration
file that is not plain JSON or TOML): each is named with the reason.

Options:
  --project                        install into the repository (its root; default: your home)
  --repo DIR                       with --project: the repository at DIR (default: the current directory)
  --mcp                            also add the MCP server (redline mcp) to the agent's configuration
  --force                          replace files and entries that differ from Redline's
  -h, --help                       show this help

Exit codes: 0 installed (or already up to date); 1 nothing written (a file could not be);
2 usage error.
`;
