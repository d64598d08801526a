/**
 * `redline setup AGENT` run as the command line runs it (runCli, in-process)
 * into a temporary home or repository: each agent's command or skill file
 * lands where that agent reads it, byte for byte the shipped one (whose
 * format integrations.test.ts checks), and its MCP entry is merged into the
 * agent's own configuration format beside the settings already there. A file
 * the user changed is never replaced without --force, and a refusal anywhere
 * writes nothing.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { captureIo } from '../../../testSupport/capturedIo.js';
import { makeRepo, makeTempDir } from '../../../testSupport/gitRepo.js';
import { runCli } from '../../main.js';
import { AGENTS, agentPlaces, type AgentName } from './agentFiles.js';

const INTEGRATIONS = resolve(__dirname, '../../../../../integrations');
const shipped = (path: string) => readFileSync(join(INTEGRATIONS, path), 'utf8');

async function setup(home: string, args: string[], cwd = home) {
  const io = captureIo(cwd, { env: { PATH: process.env.PATH, HOME: home }, terminal: false });
  const code = await runCli(['setup', ...args], io);
  return { code, err: io.err(), out: io.out() };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read paths deep into agents' JSON configurations; each read is checked by the assertion it feeds
const json = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>;

/** Where each agent's documentation says its files go, user-wide, relative to the home folder. */
const USER_FILES: Record<AgentName, [instructions: string, mcp: string]> = {
  'claude-code': ['.claude/commands/redline.md', '.claude.json'],
  codex: ['.agents/skills/redline/SKILL.md', '.codex/config.toml'],
  opencode: ['.config/opencode/commands/redline.md', '.config/opencode/opencode.json'],
  cursor: ['.cursor/commands/redline.md', '.cursor/mcp.json'],
  gemini: ['.gemini/commands/redline.toml', '.gemini/settings.json'],
};

/** The redline MCP entry as each agent's configuration holds it. */
function mcpEntry(agent: AgentName, path: string): unknown {
  if (agent === 'codex') return (parseToml(readFileSync(path, 'utf8')) as { mcp_servers: Record<string, unknown> }).mcp_servers.redline;
  const config = json(path);
  return agent === 'opencode' ? config.mcp.servers.redline : config.mcpServers.redline;
}

describe('redline setup', () => {
  it.each(AGENTS)('%s: the command or skill file and the MCP entry where the agent reads them, user-wide', async (agent) => {
    const home = makeTempDir();
    const { code, err } = await setup(home, [agent, '--mcp']);
    expect(code, err).toBe(0);
    const [instructions, mcp] = USER_FILES[agent].map((path) => join(home, path)) as [string, string];
    expect(readFileSync(instructions, 'utf8')).toBe(shipped(agentPlaces(agent, { kind: 'project', root: '' }).instructions.source));
    expect(mcpEntry(agent, mcp)).toMatchObject(agent === 'opencode' ? { type: 'local', command: ['redline', 'mcp'] } : { command: 'redline', args: ['mcp'] });
    expect(statSync(mcp).mode & 0o777).toBe(0o600);
    expect(err).toContain(`created: ${instructions}`);
    // Again: nothing to do.
    const again = await setup(home, [agent, '--mcp']);
    expect(again.code).toBe(0);
    expect(again.err).toContain(`up to date: ${instructions}`);
    expect(again.err).toContain(`up to date: ${mcp}`);
  });

  it('--project installs at the repository\'s root, from a folder inside it; the home is untouched', async () => {
    const home = makeTempDir();
    const repo = makeRepo({ commit: { 'src/a.ts': 'a\n' } });
    const { code, err } = await setup(home, ['claude-code', '--project', '--mcp'], join(repo.dir, 'src'));
    expect(code, err).toBe(0);
    expect(readFileSync(join(repo.dir, '.claude/commands/redline.md'), 'utf8')).toBe(shipped('claude-code/redline.md'));
    expect(json(join(repo.dir, '.mcp.json')).mcpServers.redline).toEqual(json(join(INTEGRATIONS, 'claude-code/mcp.json')).mcpServers.redline);
    expect(existsSync(join(home, '.claude'))).toBe(false);
    const outside = await setup(home, ['codex', '--project'], makeTempDir());
    expect(outside.code).toBe(1);
    expect(outside.err).toMatch(/not a git repository: .*run redline setup --project inside the repository, or pass --repo DIR/);
  });

  it('keeps a command file the user changed, and names it; --force replaces it and keeps theirs beside it', async () => {
    const home = makeTempDir();
    const file = join(home, '.gemini/commands/redline.toml');
    mkdirSync(join(home, '.gemini/commands'), { recursive: true });
    writeFileSync(file, 'description = "mine"\nprompt = "my own words"\n');
    const kept = await setup(home, ['gemini']);
    expect(kept.code).toBe(0);
    expect(kept.err).toContain(`kept as it is: ${file} differs from Redline's`);
    expect(readFileSync(file, 'utf8')).toBe('description = "mine"\nprompt = "my own words"\n');
    const forced = await setup(home, ['gemini', '--force']);
    expect(forced.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(shipped('gemini/redline.toml'));
    expect(readFileSync(`${file}.before-redline`, 'utf8')).toBe('description = "mine"\nprompt = "my own words"\n');
  });

  it('merges the MCP entry beside the user\'s settings, and keeps an entry of their own named redline unless --force', async () => {
    const home = makeTempDir();
    const settings = join(home, '.gemini/settings.json');
    mkdirSync(join(home, '.gemini'));
    writeFileSync(settings, JSON.stringify({ theme: 'dark', mcpServers: { other: { command: 'x' } } }));
    chmodSync(settings, 0o640);
    expect((await setup(home, ['gemini', '--mcp'])).code).toBe(0);
    expect(json(settings)).toEqual({ theme: 'dark', mcpServers: { other: { command: 'x' }, redline: json(join(INTEGRATIONS, 'gemini/settings.json')).mcpServers.redline } });
    expect(statSync(settings).mode & 0o777).toBe(0o640);
    writeFileSync(settings, JSON.stringify({ mcpServers: { redline: { command: '/opt/redline', args: ['mcp'] } } }));
    const kept = await setup(home, ['gemini', '--mcp']);
    expect(kept.err).toContain(`kept as it is: ${settings} has an MCP entry named "redline" of its own; --force replaces it`);
    expect(json(settings).mcpServers.redline.command).toBe('/opt/redline');
    expect((await setup(home, ['gemini', '--mcp', '--force'])).code).toBe(0);
    expect(json(settings).mcpServers.redline.command).toBe('redline');
    expect(json(`${settings}.before-redline`).mcpServers.redline.command).toBe('/opt/redline');
  });

  it('OpenCode: the newer mcp.servers shape, or the older one beside servers the file already lists that way', async () => {
    const home = makeTempDir();
    const config = join(home, '.config/opencode/opencode.json');
    mkdirSync(join(home, '.config/opencode'), { recursive: true });
    writeFileSync(config, JSON.stringify({ mcp: { jira: { type: 'remote', url: 'https://jira.example.com/mcp', enabled: true } } }));
    expect((await setup(home, ['opencode', '--mcp'])).code).toBe(0);
    expect(json(config).mcp).toEqual({ jira: { type: 'remote', url: 'https://jira.example.com/mcp', enabled: true }, redline: { type: 'local', command: ['redline', 'mcp'], enabled: true } });
    // The older shape's entry is the one shipped for it.
    expect(json(config).mcp.redline).toEqual(json(join(INTEGRATIONS, 'opencode/opencode-v1.json')).mcp.redline);
  });

  it('Codex: the table is appended to config.toml, the user\'s lines and comments untouched; a table of their own is left to them', async () => {
    const home = makeTempDir();
    const config = join(home, '.codex/config.toml');
    mkdirSync(join(home, '.codex'));
    writeFileSync(config, '# mine\nmodel = "o3"\n');
    expect((await setup(home, ['codex', '--mcp'])).code).toBe(0);
    const text = readFileSync(config, 'utf8');
    expect(text.startsWith('# mine\nmodel = "o3"\n\n[mcp_servers.redline]\n')).toBe(true);
    expect(parseToml(text)).toMatchObject({ model: 'o3', mcp_servers: { redline: { command: 'redline', args: ['mcp'] } } });
    writeFileSync(config, '[mcp_servers.redline]\ncommand = "/opt/redline"\nargs = ["mcp"]\n');
    const kept = await setup(home, ['codex', '--mcp', '--force']);
    expect(kept.code).toBe(0);
    expect(kept.err).toContain('has its own [mcp_servers.redline] table');
    expect(readFileSync(config, 'utf8')).toBe('[mcp_servers.redline]\ncommand = "/opt/redline"\nargs = ["mcp"]\n');
  });

  it('writes nothing when any file cannot be written or read: each is named with its reason', async () => {
    const home = makeTempDir();
    // A file where a folder must be made (a permission error cannot be shown when the tests run as root).
    writeFileSync(join(home, '.cursor'), 'not a folder');
    const blocked = await setup(home, ['cursor', '--mcp']);
    expect(blocked.code).toBe(1);
    expect(blocked.err).toContain(`${join(home, '.cursor/commands/redline.md')} cannot be made: ${join(home, '.cursor')} is not a folder`);
    expect(blocked.err).toContain('nothing was written');
    // A configuration file with comments (not plain JSON): the command file is not written either.
    mkdirSync(join(home, '.gemini'));
    writeFileSync(join(home, '.gemini/settings.json'), '{ // mine\n}');
    const unreadable = await setup(home, ['gemini', '--mcp']);
    expect(unreadable.code).toBe(1);
    expect(unreadable.err).toMatch(/settings\.json not plain JSON \(.*\): add the entry by hand/);
    expect(existsSync(join(home, '.gemini/commands'))).toBe(false);
    expect(readFileSync(join(home, '.gemini/settings.json'), 'utf8')).toBe('{ // mine\n}');
  });

  it('refuses an unknown agent, a missing one and --repo without --project as usage errors', async () => {
    const home = makeTempDir();
    expect(await setup(home, ['vim'])).toMatchObject({ code: 2, err: expect.stringContaining("unknown agent 'vim': expected one of claude-code, codex, opencode, cursor, gemini") });
    expect(await setup(home, [])).toMatchObject({ code: 2, err: expect.stringContaining('redline setup needs an agent') });
    expect(await setup(home, ['codex', '--repo', home])).toMatchObject({ code: 2, err: expect.stringContaining('--repo is for --project') });
    expect((await setup(home, ['--help'])).out).toMatch(/^redline setup: install Redline's command/);
  });
});
