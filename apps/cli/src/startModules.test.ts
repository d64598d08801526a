/**
 * What the real `redline` loads before its review link is out: only what the
 * first answer needs. The GitHub client (Octokit), the file watcher
 * (chokidar), the MCP server and the editor launcher are loaded when a
 * request or command first needs them (docs/architecture.md, "Start-up"),
 * so they never cost the start. Checked by the modules Node itself loads
 * (a loader hook in the child writes each module's URL), not by timing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, CLI_BIN } from '../testSupport/buildCli.js';
import { makeRepo, makeTempDir, type TestRepo } from '../testSupport/gitRepo.js';
import { spawnInTerminal } from '../testSupport/inTerminal.mjs';
import { makeStubAppDir } from '../testSupport/stubApp.js';

/** Packages the start must not load: each is loaded on demand by the feature that uses it. */
const LOADED_ON_DEMAND = ['@octokit/', 'chokidar', '@modelcontextprotocol/', 'launch-editor', 'shell-quote'];

let repo: TestRepo;

beforeAll(() => {
  expect(buildCli()).toBe(true);
  repo = makeRepo({ commit: { 'a.ts': 'export const a = 1;\n' } });
  repo.write('a.ts', 'export const a = 2;\n');
  repo.write('b.md', '# new\n');
}, 120_000);

afterAll(() => repo.cleanup());

/** Starts the real CLI with a loader hook that writes every module URL it loads to a file; resolves that list once the link is printed. */
async function modulesLoadedByStart(args: string[]): Promise<string[]> {
  const dir = makeTempDir();
  const list = join(dir, 'loaded.txt');
  writeFileSync(list, '');
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) {\n  appendFileSync(${JSON.stringify(list)}, url + '\\n');\n  return next(url, context);\n}\n`,
  );
  const register = join(dir, 'register.mjs');
  writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  const run = spawnInTerminal(process.execPath, ['--import', register, CLI_BIN, ...args], {
    cwd: repo.dir,
    env: { ...process.env, REDLINE_APP_DIR: makeStubAppDir(), BROWSER: '' },
  });
  try {
    await run.waitForTerminal(/Review: (\S+)\n/);
    return readFileSync(list, 'utf8').split('\n').filter(Boolean);
  } finally {
    run.child.kill('SIGINT');
    await run.exited;
  }
}

describe('the CLI start', () => {
  it('prints the review link without loading Octokit, chokidar, MCP or the editor launcher', async () => {
    const loaded = await modulesLoadedByStart(['--no-open']);
    // The hook saw the start itself (so an empty list cannot pass for a lean one).
    expect(loaded.some((url) => url.endsWith('/commands/review/runReview.js'))).toBe(true);
    expect(loaded.some((url) => url.endsWith('/server/startReviewServer.js'))).toBe(true);
    const early = loaded.filter((url) => LOADED_ON_DEMAND.some((name) => url.includes(`/node_modules/${name}`)));
    expect(early).toEqual([]);
  }, 60_000);
});
