/**
 * `redline mcp`: the agent's verbs as a Model Context Protocol server on
 * stdio, with the official SDK. stdout belongs to the protocol; the verbs'
 * output is captured into the tools' answers (mcpTools.ts).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CliIo } from '../../cliIo.js';
import { readVersion } from '../../readVersion.js';
import { readOptions } from '../readOptions.js';
import { MCP_HELP } from './mcpHelp.js';
import { MCP_TOOLS } from './mcpTools.js';

export async function runMcp(argv: readonly string[], io: CliIo): Promise<number> {
  const read = readOptions(argv, { help: { type: 'boolean', short: 'h' } });
  if (read.flags.has('help') || read.positionals.length > 0) {
    io.stdout.write(MCP_HELP);
    return read.flags.has('help') ? 0 : 2;
  }
  const server = new McpServer({ name: 'redline', version: readVersion() });
  for (const tool of MCP_TOOLS) {
    server.registerTool(tool.name, { description: tool.description, inputSchema: tool.input }, (input: Record<string, unknown>) => tool.run(input, io.cwd));
  }
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
  await server.connect(transport);
  await closed;
  return 0;
}
