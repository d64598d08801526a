/**
 * Where each agent reads Redline's files (docs/agents.md): the command or
 * skill file, user-wide or in one project, and the MCP entry of its
 * configuration. Each place is the one the agent's own documentation names
 * (2026): Claude Code's `~/.claude/commands/` and `.mcp.json`, Codex's
 * `~/.agents/skills/<name>/SKILL.md` and `~/.codex/config.toml`, OpenCode's
 * `commands/` and `opencode.json`, Cursor's `commands/` and `mcp.json`,
 * Gemini CLI's `commands/*.toml` and `settings.json`.
 */
import { join } from 'node:path';

export const AGENTS = ['claude-code', 'codex', 'opencode', 'cursor', 'gemini'] as const;
export type AgentName = (typeof AGENTS)[number];

/** How the MCP entry is written into the agent's configuration file. */
export type McpFormat =
  /** `{ "mcpServers": { "redline": {...} } }` (Claude Code's .mcp.json and ~/.claude.json, Cursor, Gemini CLI). */
  | 'mcpServers'
  /** OpenCode: `{ "mcp": { "servers": { "redline": {...} } } }` (V2), or beside the older shape's servers under `mcp`. */
  | 'opencode'
  /** Codex: a `[mcp_servers.redline]` table appended to config.toml. */
  | 'codex-toml';

export interface AgentPlaces {
  /** The file under integrations/<agent>/ and where it goes. */
  instructions: { source: string; target: string };
  mcp: { source: string; target: string; format: McpFormat };
}

export type Scope = { kind: 'user'; home: string; env: NodeJS.ProcessEnv } | { kind: 'project'; root: string };

export function agentPlaces(agent: AgentName, scope: Scope): AgentPlaces {
  const user = scope.kind === 'user';
  const base = user ? scope.home : scope.root;
  switch (agent) {
    case 'claude-code': {
      const config = user ? (scope.env.CLAUDE_CONFIG_DIR || join(base, '.claude')) : join(base, '.claude');
      return {
        instructions: { source: 'claude-code/redline.md', target: join(config, 'commands', 'redline.md') },
        mcp: { source: 'claude-code/mcp.json', target: user ? join(scope.env.CLAUDE_CONFIG_DIR || base, '.claude.json') : join(base, '.mcp.json'), format: 'mcpServers' },
      };
    }
    case 'codex':
      return {
        instructions: { source: 'codex/SKILL.md', target: join(base, '.agents', 'skills', 'redline', 'SKILL.md') },
        mcp: { source: 'codex/config.toml', target: join(user ? (scope.env.CODEX_HOME || join(base, '.codex')) : join(base, '.codex'), 'config.toml'), format: 'codex-toml' },
      };
    case 'opencode': {
      const config = user ? join(scope.env.XDG_CONFIG_HOME || join(base, '.config'), 'opencode') : join(base, '.opencode');
      return {
        instructions: { source: 'opencode/redline.md', target: join(config, 'commands', 'redline.md') },
        mcp: { source: 'opencode/opencode.json', target: user ? join(config, 'opencode.json') : join(base, 'opencode.json'), format: 'opencode' },
      };
    }
    case 'cursor':
      return {
        instructions: { source: 'cursor/redline.md', target: join(base, '.cursor', 'commands', 'redline.md') },
        mcp: { source: 'cursor/mcp.json', target: join(base, '.cursor', 'mcp.json'), format: 'mcpServers' },
      };
    case 'gemini':
      return {
        instructions: { source: 'gemini/redline.toml', target: join(base, '.gemini', 'commands', 'redline.toml') },
        mcp: { source: 'gemini/settings.json', target: join(base, '.gemini', 'settings.json'), format: 'mcpServers' },
      };
  }
}
