/** This package's version, for --version and the MCP server's name. */
import { readFileSync } from 'node:fs';

export function readVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}
