/**
 * The ready files under integrations/, one folder per agent, each parsed in
 * its agent's own format (markdown with YAML front matter, TOML, JSON): the
 * command or prompt files tell the agent to start, wait in a loop and apply
 * with the commands that exist, post findings, read the proposals' outcomes and
 * reply on threads, name no command that does not, and the MCP
 * entries run `redline mcp`. (agentBoundary.test.ts scans them for reviewer
 * acts.)
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { VERBS } from '../commands/review/parseArgs.js';

const INTEGRATIONS = resolve(__dirname, '../../../../integrations');
const read = (path: string) => readFileSync(join(INTEGRATIONS, path), 'utf8');

/** The `redline` commands a person or agent may run (serve-session is the detached server's own). */
const COMMANDS = new Set<string>([...VERBS.filter((verb) => verb !== 'serve-session'), 'apply', 'rounds', 'threads']);

type Instructions = { file: string; frontMatter: Record<string, unknown> | null; text: string };

function markdown(file: string): Instructions {
  const source = read(file);
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!match) return { file, frontMatter: null, text: source };
  return { file, frontMatter: parseYaml(match[1]!) as Record<string, unknown>, text: source.slice(match[0].length) };
}

function geminiCommand(file: string): Instructions {
  const command = parseToml(read(file)) as { description?: unknown; prompt?: unknown };
  expect(typeof command.description).toBe('string');
  expect(typeof command.prompt).toBe('string');
  return { file, frontMatter: { description: command.description }, text: String(command.prompt) };
}

const INSTRUCTIONS: Record<string, () => Instructions> = {
  'claude-code/redline.md': () => markdown('claude-code/redline.md'),
  'codex/SKILL.md': () => markdown('codex/SKILL.md'),
  'opencode/redline.md': () => markdown('opencode/redline.md'),
  'cursor/redline.md': () => markdown('cursor/redline.md'),
  'gemini/redline.toml': () => geminiCommand('gemini/redline.toml'),
};

const MCP_ENTRIES: Record<string, () => unknown> = {
  'claude-code/mcp.json': () => (JSON.parse(read('claude-code/mcp.json')) as { mcpServers: Record<string, unknown> }).mcpServers.redline,
  'cursor/mcp.json': () => (JSON.parse(read('cursor/mcp.json')) as { mcpServers: Record<string, unknown> }).mcpServers.redline,
  'gemini/settings.json': () => (JSON.parse(read('gemini/settings.json')) as { mcpServers: Record<string, unknown> }).mcpServers.redline,
  'codex/config.toml': () => (parseToml(read('codex/config.toml')) as { mcp_servers: Record<string, unknown> }).mcp_servers.redline,
  // OpenCode's configuration: servers under mcp.servers (the current shape), or directly under mcp with `enabled` (the older one).
  'opencode/opencode.json': () => {
    const entry = (JSON.parse(read('opencode/opencode.json')) as { mcp: { servers: Record<string, { command: string[] }> } }).mcp.servers.redline!;
    expect(Object.keys(entry).sort()).toEqual(['command', 'type']);
    return { ...entry, command: entry.command[0], args: entry.command.slice(1) };
  },
  'opencode/opencode-v1.json': () => {
    const entry = (JSON.parse(read('opencode/opencode-v1.json')) as { mcp: Record<string, { command: string[] }> }).mcp.redline!;
    expect(entry).toMatchObject({ type: 'local', enabled: true });
    return { ...entry, command: entry.command[0], args: entry.command.slice(1) };
  },
};

describe('integrations/', () => {
  it('holds exactly the files tested here, for Claude Code, Codex CLI, OpenCode, Cursor and Gemini CLI', () => {
    const files = readdirSync(INTEGRATIONS).flatMap((agent) => readdirSync(join(INTEGRATIONS, agent)).map((name) => `${agent}/${name}`));
    expect(files.sort()).toEqual([...Object.keys(INSTRUCTIONS), ...Object.keys(MCP_ENTRIES)].sort());
  });

  it.each(Object.keys(INSTRUCTIONS))('%s: start, wait in a loop, apply; every command it names exists', (file) => {
    const { text, frontMatter } = INSTRUCTIONS[file]!();
    expect(text).toContain('redline start');
    expect(text).toMatch(/redline wait --timeout \d+/);
    expect(text).toMatch(/`4`: still open[^\n]*again/);
    expect(text).toContain('redline apply');
    expect(text).toContain('.git/redline/reviews/');
    expect(text).toContain('Never act as the reviewer');
    // The agent's findings, their outcomes, and replies on threads.
    expect(text).toContain('redline annotate -');
    // The reviewer's questions: wait's exit 5, answered with redline answer.
    expect(text).toContain('`5`: the developer asked you a question');
    expect(text).toMatch(/redline answer ID --text/);
    expect(text).toContain('Agent proposals');
    expect(text).toMatch(/redline reply THREAD_ID --text "[^"]+"`, adding `--addressed`/);
    const named = [...text.matchAll(/\bredline ([a-z][a-z-]*)/g)].map((match) => match[1]!);
    expect(named.filter((verb) => !COMMANDS.has(verb))).toEqual([]);
    if (file !== 'cursor/redline.md') expect(typeof frontMatter?.description).toBe('string'); // Cursor's commands are plain markdown
  });

  it.each(Object.keys(INSTRUCTIONS))('%s: the developer\'s arguments reach `redline start` the way this agent passes them', (file) => {
    const { text } = INSTRUCTIONS[file]!();
    // Each agent's own placeholder; Cursor substitutes none (it appends what was typed), so its command says so in words.
    const PLACEHOLDERS: Record<string, RegExp> = {
      'claude-code/redline.md': /`redline start \$ARGUMENTS`/,
      'codex/SKILL.md': /`redline start` from the repository root, followed by whatever the developer asked to review/,
      'opencode/redline.md': /`redline start \$ARGUMENTS`/,
      'gemini/redline.toml': /`redline start \{\{args\}\}`/,
      'cursor/redline.md': /`redline start` from the repository root, followed by whatever the developer typed after this command/,
    };
    expect(text).toMatch(PLACEHOLDERS[file]!);
    // Never a command with its arguments lost: `redline start ` then a closing backtick.
    expect(text).not.toMatch(/`redline start `/);
  });

  it('the Codex skill is a skill (Codex reads SKILL.md with a name and a description from .agents/skills/<name>/; its custom prompts are gone)', () => {
    const { frontMatter } = markdown('codex/SKILL.md');
    expect(frontMatter?.name).toBe('redline');
    expect(String(frontMatter?.description).length).toBeGreaterThan(20);
    expect(Object.keys(frontMatter ?? {}).sort()).toEqual(['description', 'name']);
  });

  it('the Claude Code command may run only the agent verbs and apply (and the package by its npm name)', () => {
    const allowed = String(markdown('claude-code/redline.md').frontMatter?.['allowed-tools']).split(/,\s*/);
    expect(allowed).toEqual(['Bash(redline start:*)', 'Bash(redline wait:*)', 'Bash(redline status:*)', 'Bash(redline stop:*)', 'Bash(redline annotate:*)', 'Bash(redline reply:*)', 'Bash(redline answer:*)', 'Bash(redline threads:*)', 'Bash(redline apply:*)', 'Bash(npx redline-review:*)']);
  });

  it.each(Object.keys(MCP_ENTRIES))('%s: an MCP entry that runs `redline mcp`', (file) => {
    expect(MCP_ENTRIES[file]!()).toMatchObject({ command: 'redline', args: ['mcp'] });
  });
});
