#!/usr/bin/env node
// `npm run build:package`: lays out the published package, redline-review, in
// packages/redline-review (after `npm run build:app`, which it copies):
//
//   bin/redline.js      the command (checked in)
//   dist/redline.js     the CLI and the core, bundled into one module tree by
//                       Vite (Rolldown) for Node; `open`, `diff`, `smol-toml` (redline setup) and (for
//                       `redline mcp`) `@modelcontextprotocol/sdk` and `zod`, and (for a pull
//                       request's review) `@octokit/rest` and `@octokit/graphql` stay
//                       registry dependencies, every workspace package is inlined
//   dist/review/        the built page (apps/review/dist)
//   integrations/       the agents' files (redline setup), copied from the repository's root
//   README.md, LICENSE, CHANGELOG.md   copied from the repository's root
//
// Bundled rather than staging the tsc output: the tarball then holds no
// workspace package (no node_modules/@redline/* to ship or resolve), no .d.ts,
// source maps or build info, and no relative path from the CLI to the core or
// the page that only the repository's layout satisfies.

import { cp, mkdir, rm, stat } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = `${root}packages/redline-review/`;
const page = `${root}apps/review/dist/`;

await stat(`${page}index.html`).catch(() => {
  throw new Error(`no built page in ${page}: run \`npm run build:app\` first`);
});
await rm(`${pkg}dist`, { recursive: true, force: true });
await build({
  configFile: false,
  root,
  logLevel: 'warn',
  resolve: { conditions: ['redline-source', 'node', 'import', 'default'] },
  build: {
    ssr: `${root}apps/cli/src/main.ts`,
    outDir: `${pkg}dist`,
    emptyOutDir: false,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rolldownOptions: {
      external: ['open', 'diff', /^@modelcontextprotocol\/sdk(\/|$)/, /^@octokit\//, /^highlight\.js(\/|$)/, 'zod', 'smol-toml', ...builtinModules, /^node:/],
      output: { entryFileNames: 'redline.js', chunkFileNames: '[name]-[hash].js' },
    },
  },
  ssr: { noExternal: [/^@redline\//], target: 'node' },
});
await mkdir(`${pkg}dist/review`, { recursive: true });
await cp(page, `${pkg}dist/review`, { recursive: true });
for (const file of ['README.md', 'LICENSE', 'CHANGELOG.md']) await cp(`${root}${file}`, `${pkg}${file}`);
// The agents' command, skill and MCP files, which `redline setup` installs from the package.
await rm(`${pkg}integrations`, { recursive: true, force: true });
await cp(`${root}integrations`, `${pkg}integrations`, { recursive: true });
