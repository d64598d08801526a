/**
 * The published package, as a user gets it: `npm pack` of
 * packages/redline-review (laid out by `npm run build:package`), installed
 * into an empty prefix with `--omit=dev`, run from an unrelated directory,
 * and the demo review sent from Chromium. Also the size budget, the version
 * agreement, and `npx --yes <tarball>`. Part of `npm test` and of
 * `npm run release:check`.
 *
 * npm runs with the user's cache and `--prefer-offline`: what `npm ci` has
 * fetched (the tarballs of open, diff and their dependencies) comes from
 * there, the registry's metadata for them from the registry once.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { openReview, startRedline } from './support/redline';

const ROOT = fileURLToPath(new URL('..', import.meta.url)).replace(/[\\/]$/, '');
const PACKAGE_DIR = join(ROOT, 'packages/redline-review');
/**
 * The package's size budget, in decimal megabytes. Measured 2026-12-01:
 * 6,205,554 B packed / 19,946,652 B unpacked / 1,017 files with the worker's
 * own grammar copies; 5,441,580 / 15,718,061 / 845 without
 * (apps/review/build/workerLanguagesPlugin.ts). The test prints each pack's figures.
 */
const MAX_PACKED_BYTES = 6_000_000;
const MAX_UNPACKED_BYTES = 30_000_000;

interface PackResult {
  filename: string;
  size: number;
  unpackedSize: number;
  entryCount: number;
  files: { path: string }[];
}

const run = promisify(execFile);
let temp = '';
let pack: PackResult;
let installed = '';
let redlineBin = '';
/** An unrelated directory: nothing of the repository above or in it. */
let elsewhere = '';

/** npm and the CLI without this run's npm_* settings, and with no PATH entry into the repository. */
function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && key !== 'REDLINE_APP_DIR'));
  const path = (env.PATH ?? '').split(delimiter).filter((dir) => !resolve(dir).startsWith(ROOT));
  return { ...env, PATH: path.join(delimiter), ...extra };
}

async function npm(args: string[], cwd: string): Promise<string> {
  const { stdout } = await run('npm', [...args, '--prefer-offline', '--no-audit', '--no-fund'], { cwd, env: cleanEnv(), maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

async function redline(args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(redlineBin, args, { cwd: elsewhere, env: cleanEnv() });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((entry) => join(dir, entry)).filter((path) => statSync(path).isFile());
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  expect(existsSync(join(PACKAGE_DIR, 'dist/redline.js')), 'run `npm run build` first (build:package lays the package out)').toBe(true);
  temp = mkdtempSync(join(tmpdir(), 'redline-e2e-tarball-'));
  elsewhere = mkdtempSync(join(tmpdir(), 'redline-e2e-elsewhere-'));
  [pack] = JSON.parse(await npm(['pack', '--json', '--pack-destination', temp], PACKAGE_DIR)) as [PackResult];
  await npm(['install', '--global', '--prefix', join(temp, 'prefix'), '--omit=dev', join(temp, pack.filename)], elsewhere);
  installed = join(temp, 'prefix/lib/node_modules/redline-review');
  redlineBin = join(temp, 'prefix/bin/redline');
});

test.afterAll(async () => {
  if (!temp) return;
  // npx installed the tarball under the user's cache (_npx/<hash>/, whose package.json names it): remove that too.
  const npxDir = join((await npm(['config', 'get', 'cache'], elsewhere)).trim(), '_npx');
  for (const entry of existsSync(npxDir) ? readdirSync(npxDir) : []) {
    const manifest = join(npxDir, entry, 'package.json');
    if (existsSync(manifest) && readFileSync(manifest, 'utf8').includes(basename(temp))) rmSync(join(npxDir, entry), { recursive: true, force: true });
  }
  rmSync(temp, { recursive: true, force: true });
  rmSync(elsewhere, { recursive: true, force: true });
});

test('the tarball is within budget: packed at most 6 MB, unpacked at most 30 MB', () => {
  const figures = `packed ${pack.size} B, unpacked ${pack.unpackedSize} B, ${pack.entryCount} files`;
  test.info().annotations.push({ type: 'tarball', description: figures });
  console.log(`redline-review tarball: ${figures}`);
  expect(pack.size).toBeLessThanOrEqual(MAX_PACKED_BYTES);
  expect(pack.unpackedSize).toBeLessThanOrEqual(MAX_UNPACKED_BYTES);
});

test('the installed package stands alone: registry dependencies only, no install script, no path into the source tree', () => {
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    scripts?: Record<string, string>;
  };
  // The MCP server (`redline mcp`) uses the official SDK and zod as they are published; the first screen's colours are highlight.js's;
  // `redline setup` reads Codex's TOML with smol-toml; a pull request's review asks GitHub through Octokit.
  expect(Object.keys(manifest.dependencies ?? {}).sort()).toEqual(['@modelcontextprotocol/sdk', '@octokit/graphql', '@octokit/rest', 'diff', 'highlight.js', 'open', 'smol-toml', 'zod']);
  expect(Object.keys(manifest.scripts ?? {}).filter((name) => /install|prepare/.test(name))).toEqual([]);
  expect(existsSync(join(installed, 'node_modules/@redline'))).toBe(false);
  const offenders = filesUnder(installed).filter((path) => {
    const text = readFileSync(path, 'latin1');
    return text.includes(ROOT) || /["']@redline\//.test(text);
  });
  expect(offenders).toEqual([]);
});

test('package.json, `redline --version` and the changelog agree on the version', async () => {
  const version = (path: string) => (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
  const packaged = version(join(PACKAGE_DIR, 'package.json'));
  const changelog = /^## (\d+\.\d+\.\d+)/m.exec(readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8'))?.[1];
  expect({ root: version(join(ROOT, 'package.json')), cli: version(join(ROOT, 'apps/cli/package.json')), changelog }).toEqual({
    root: packaged,
    cli: packaged,
    changelog: packaged,
  });
  expect((await redline(['--version'])).stdout).toBe(`redline ${packaged}\n`);
  expect(pack.filename).toBe(`redline-review-${packaged}.tgz`);
});

test('`redline --help` from an unrelated directory', async () => {
  const { stdout } = await redline(['--help']);
  expect(stdout).toMatch(/^redline: review the changes in a git repository/);
  expect(stdout).toContain('--demo');
});

test('`redline --demo --no-open`: the printed link opens in Chromium, the feedback arrives on stdout, exit 0, no demo repository left', async ({ page }) => {
  const ownTemp = mkdtempSync(join(tmpdir(), 'redline-e2e-tarball-tmp-'));
  try {
    const running = await startRedline({ cwd: elsewhere, args: ['--demo'], command: redlineBin, env: cleanEnv({ TMPDIR: ownTemp }) });
    const consoleProblems: string[] = [];
    page.on('console', (message) => {
      if (/resolveLanguage|not found in bundled/.test(message.text())) consoleProblems.push(message.text());
    });
    await openReview(page, running);
    // Highlighted by the installed page's grammars (and the worker's, which get theirs from the page).
    await expect(page.locator('diffs-container code [data-line] span[style*="--diffs-token"]').first()).toBeVisible();
    await page.getByRole('button', { name: /^Send Feedback/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
    await dialog.getByRole('radio', { name: /^Approve/ }).check();
    await dialog.getByRole('textbox', { name: /^Summary/ }).fill('Installed from the tarball.');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Feedback sent' })).toBeVisible();
    expect(await running.exited).toBe(0);
    expect(running.stdout()).toMatch(/^# Code review feedback/);
    expect(running.stdout()).toContain('Installed from the tarball.');
    expect(consoleProblems).toEqual([]);
    expect(readdirSync(ownTemp)).toEqual([]);
  } finally {
    rmSync(ownTemp, { recursive: true, force: true });
  }
});

test('`npx --yes <tarball> --version`', async () => {
  test.setTimeout(60_000);
  // Relative, as a user types it: npm 11's npx runs an absolute `/….tgz` as a command (sh: Permission denied).
  const tarball = relative(elsewhere, join(temp, pack.filename));
  expect(tarball).toMatch(/^\.\.\//);
  const { stdout } = await run('npx', ['--yes', '--prefer-offline', tarball, '--version'], { cwd: elsewhere, env: cleanEnv() });
  expect(stdout).toMatch(/^redline \d+\.\d+\.\d+\n$/);
});

test('`redline setup` from the installed package writes each agent\'s files, identical to the shipped ones, into a fresh home', async () => {
  const home = mkdtempSync(join(tmpdir(), 'redline-e2e-home-'));
  try {
    const shipped: Record<string, [source: string, target: string]> = {
      'claude-code': ['claude-code/redline.md', '.claude/commands/redline.md'],
      codex: ['codex/SKILL.md', '.agents/skills/redline/SKILL.md'],
      opencode: ['opencode/redline.md', '.config/opencode/commands/redline.md'],
      cursor: ['cursor/redline.md', '.cursor/commands/redline.md'],
      gemini: ['gemini/redline.toml', '.gemini/commands/redline.toml'],
    };
    for (const [agent, [source, target]] of Object.entries(shipped)) {
      const { stderr } = await run(redlineBin, ['setup', agent, '--mcp'], { cwd: elsewhere, env: cleanEnv({ HOME: home, XDG_CONFIG_HOME: '', CODEX_HOME: '', CLAUDE_CONFIG_DIR: '' }) });
      expect(stderr).toContain(`created: ${join(home, target)}`);
      // The package's copy is the repository's (integrations.test.ts checks each against its agent's format).
      expect(readFileSync(join(home, target), 'utf8')).toBe(readFileSync(join(ROOT, 'integrations', source), 'utf8'));
      expect(readFileSync(join(installed, 'integrations', source), 'utf8')).toBe(readFileSync(join(ROOT, 'integrations', source), 'utf8'));
    }
    expect(JSON.parse(readFileSync(join(home, '.claude.json'), 'utf8'))).toMatchObject({ mcpServers: { redline: { command: 'redline', args: ['mcp'] } } });
    expect(readFileSync(join(home, '.codex/config.toml'), 'utf8')).toContain('[mcp_servers.redline]');
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
