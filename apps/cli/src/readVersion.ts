/**
 * This package's version, for --version and the MCP server's name. This file
 * sits beside main.ts on purpose: `../package.json` is apps/cli's from
 * apps/cli/dist/, and the published package's own from its bundle in dist/.
 */
import { readFileSync } from 'node:fs';

export function readVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}
