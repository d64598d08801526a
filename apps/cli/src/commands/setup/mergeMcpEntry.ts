/**
 * The MCP entry merged into an agent's configuration file, which the user
 * owns: every other key is kept, an entry named `redline` that differs from
 * Redline's is left as it is (unless replacing was asked for), and a file
 * that cannot be read as its format is never rewritten. Codex's TOML is
 * appended to, not re-serialized, so the user's comments and layout stay.
 */
import { parse as parseToml } from 'smol-toml';
import { isDeepStrictEqual } from 'node:util';
import { errorMessage } from '@redline/core';
import type { McpFormat } from './agentFiles.js';

export type MergeOutcome =
  | { kind: 'same' }
  | { kind: 'write'; text: string }
  /** A `redline` entry of the user's own: replaced with this text when asked. */
  | { kind: 'differs'; text: string }
  /** A `redline` entry of the user's own that only a person can change (Codex's TOML table). */
  | { kind: 'by-hand'; reason: string }
  | { kind: 'unreadable'; reason: string };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `existing` is the file's text (null when there is none); `shipped` the
 * integration file's.
 */
export function mergeMcpEntry(format: McpFormat, existing: string | null, shipped: string): MergeOutcome {
  return format === 'codex-toml' ? mergeToml(existing, shipped) : mergeJson(format, existing, shipped);
}

function mergeJson(format: Exclude<McpFormat, 'codex-toml'>, existing: string | null, shipped: string): MergeOutcome {
  let config: unknown = {};
  if (existing !== null && existing.trim() !== '') {
    try {
      config = JSON.parse(existing);
    } catch (error) {
      return { kind: 'unreadable', reason: `not plain JSON (${errorMessage(error)})` };
    }
  }
  if (!isObject(config)) return { kind: 'unreadable', reason: 'not a JSON object' };
  const path = entryPath(format, config);
  const entry = entryOf(format, JSON.parse(shipped) as Json, path);
  const parent = walk(config, path.slice(0, -1));
  if (parent === null) return { kind: 'unreadable', reason: `"${path.slice(0, -1).join('.')}" is not an object` };
  const name = path[path.length - 1]!;
  const current = parent[name];
  if (current !== undefined && isDeepStrictEqual(current, entry)) return { kind: 'same' };
  const merged = structuredClone(config);
  walk(merged, path.slice(0, -1), true)![name] = entry;
  const text = `${JSON.stringify(merged, null, 2)}\n`;
  return current === undefined ? { kind: 'write', text } : { kind: 'differs', text };
}

/**
 * Where the entry goes. OpenCode's configuration moved its servers from
 * `mcp.<name>` (with `enabled`) to `mcp.servers.<name>`: a file that already
 * lists servers the older way gets the older shape, any other the newer.
 */
function entryPath(format: Exclude<McpFormat, 'codex-toml'>, config: Json): string[] {
  if (format === 'mcpServers') return ['mcpServers', 'redline'];
  const mcp = config.mcp;
  const older = isObject(mcp) && !('servers' in mcp) && Object.values(mcp).some((server) => isObject(server) && 'type' in server);
  return older ? ['mcp', 'redline'] : ['mcp', 'servers', 'redline'];
}

function entryOf(format: Exclude<McpFormat, 'codex-toml'>, shipped: Json, path: readonly string[]): Json {
  if (format === 'opencode' && path.length === 2) {
    const newer = walk(shipped, ['mcp', 'servers'])!.redline as Json;
    return { ...newer, enabled: true };
  }
  return walk(shipped, path.slice(0, -1))![path[path.length - 1]!] as Json;
}

/** The object at `path` (made on the way when `make`), or null where a step is not an object. */
function walk(root: Json, path: readonly string[], make = false): Json | null {
  let node: Json = root;
  for (const key of path) {
    if (node[key] === undefined && make) node[key] = {};
    const next = node[key];
    if (next === undefined) return {};
    if (!isObject(next)) return null;
    node = next;
  }
  return node;
}

function mergeToml(existing: string | null, shipped: string): MergeOutcome {
  const wanted = (parseToml(shipped) as { mcp_servers: Json }).mcp_servers.redline;
  let current: unknown;
  try {
    const servers = existing === null ? undefined : parseToml(existing).mcp_servers;
    current = isObject(servers) ? servers.redline : undefined;
  } catch (error) {
    return { kind: 'unreadable', reason: `not valid TOML (${errorMessage(error)})` };
  }
  if (current !== undefined && isDeepStrictEqual(current, wanted)) return { kind: 'same' };
  // Replacing a table would mean rewriting the user's file (its comments and layout): a person does it.
  if (current !== undefined) return { kind: 'by-hand', reason: 'has its own [mcp_servers.redline] table; make it match integrations/codex/config.toml by hand' };
  const before = existing === null || existing === '' ? '' : existing.endsWith('\n') ? `${existing}\n` : `${existing}\n\n`;
  // The shipped file's first comment says where to add it: from its table on, what `redline setup` adds.
  return { kind: 'write', text: `${before}${shipped.slice(shipped.indexOf('[mcp_servers.redline]'))}` };
}
