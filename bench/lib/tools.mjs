/**
 * The tools under test, behind one shape:
 *   available()          -> null when it can run, else why not (one line)
 *   start(repo, port, { editFlag })
 *                        -> startServer(...) result: { url, readyMs, stop }; Redline's also
 *                           has setSettings(settings), its preferences for the next page answer
 *   pageCapMs            -> hard cap for one page's measurements
 *   endpoint             -> the review-data request: path, and whether it needs the tool's cookies (Redline reads none: its session secret travels in the page's own request headers, which are replayed)
 *   search(page, needle) -> types the query and waits for the hit (null: the tool has no code search)
 *   editFlag             -> whether start(…, { editFlag: true }) turns an Edit feature on (false: no such feature)
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from './serverProcess.mjs';
import { watchForNeedle } from './pageProbe.mjs';
import { preferencesHome } from './redlinePreferences.mjs';

export const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
/** The published bundle, started as its bin starts it (lib/redlinePublished.mjs). */
const REDLINE_BIN = join(ROOT, 'bench/lib/redlinePublished.mjs');
const REDLINE_BUNDLE = join(ROOT, 'packages/redline-review/dist/redline.js');
const REDLINE_APP = join(ROOT, 'apps/review/dist/index.html');
export const PEERS_DIR = join(ROOT, 'bench/peers');
/**
 * Which difit runs: a build from its public source named by REDLINE_BENCH_DIFIT
 * (its checkout, built: bench/README.md says how), else the registry's 2.2.7
 * pinned in bench/peers.
 */
export const DIFIT_BUILD = process.env.REDLINE_BENCH_DIFIT ?? null;
const DIFIT_DIR = DIFIT_BUILD ?? join(PEERS_DIR, 'node_modules/difit');
const DIFIT_BIN = join(DIFIT_DIR, 'dist/cli/index.js');

export function difitVersion() {
  try {
    return JSON.parse(readFileSync(join(DIFIT_DIR, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}

/** Single-quotes `text` for `script -c` (a POSIX shell command line). */
function shellQuote(text) {
  return `'${String(text).replace(/'/g, `'\\''`)}'`;
}

export const redline = {
  name: 'redline',
  label: 'Redline',
  available() {
    if (!existsSync(REDLINE_APP)) return 'the review app is not built (npx vite build)';
    if (!existsSync(REDLINE_BUNDLE)) return 'the published CLI is not built (npm run build:package)';
    return null;
  },
  async start(repo, port, { env = {}, nodeArgs = [], editFlag = false } = {}) {
    // Every run starts from the same state: no draft (comments, an edit
    // session) saved by an earlier run is restored into the page, and the
    // reviewer's preferences are the defaults (a file of the run's own) but
    // for "Edit Code to Suggest".
    rmSync(join(repo.path, '.git', 'redline'), { recursive: true, force: true });
    const config = preferencesHome({ editSuggestions: editFlag });
    // The default target: the working tree against HEAD, untracked files included.
    const server = await startServer({
      command: process.execPath,
      args: [...nodeArgs, REDLINE_BIN, '--no-open', '--port', String(port)],
      cwd: repo.path,
      env: { BROWSER: 'none', NO_COLOR: '1', ...env, ...config.env },
      urlPattern: /Review: (http:\/\/\S+)/,
      timeoutMs: 60_000,
      label: 'redline',
      terminal: true,
    }).catch((error) => {
      config.cleanup();
      throw error;
    });
    return {
      ...server,
      setSettings: (settings) => config.write(settings),
      async stop() {
        await server.stop();
        config.cleanup();
      },
    };
  },
  /** A short hash of the built page, to notice a rebuild in the middle of a bench. */
  buildId() {
    try {
      return createHash('sha256').update(readFileSync(REDLINE_APP)).digest('hex').slice(0, 12);
    } catch {
      return null;
    }
  },
  pageCapMs: 120_000,
  endpoint: { path: '/api/review', cookie: false },
  // The virtualized tree's scroller and its file rows (for the "every file listed" check).
  tree: { scrollerSelector: 'nav[aria-label="Changed files"] .file-tree-scroll', fileSelector: 'nav[aria-label="Changed files"] .tree-file' },
  /**
   * Opens the search box (a searchbox/textbox named "Search", else the `/`
   * shortcut), types the query and waits for the first hit to be shown as a
   * diff line on screen. Presses Enter if typing alone shows nothing within
   * 2 s (some search UIs jump only on Enter); the result says so.
   */
  async search(page, needle, timeoutMs) {
    // Not the tree's "Filter files" box: the diff search is the searchbox named exactly "Search".
    const candidates = () => page.getByRole('searchbox', { name: 'Search', exact: true });
    if ((await candidates().count()) === 0) {
      await page.keyboard.press('/');
      // Redline's search bar is a lazy chunk: "/" shows it once that is fetched and compiled.
      await candidates().first().waitFor({ timeout: 5_000 }).catch(() => {});
    }
    if ((await candidates().count()) === 0) return { error: 'no search box (no searchbox/textbox named "Search", and "/" opened none)' };
    const box = candidates().first();
    await box.click();
    await box.fill('');
    await page.evaluate(watchForNeedle, needle);
    await page.keyboard.type(needle);
    const typedAt = Date.now();
    let pressedEnter = false;
    for (;;) {
      const marks = await page.evaluate(() => window.__bench.marks);
      if (marks.hitShown !== undefined) return { ms: marks.hitShown - marks.firstKey, pressedEnter };
      if (!pressedEnter && Date.now() - typedAt > 2_000) {
        pressedEnter = true;
        await page.keyboard.press('Enter');
      }
      if (Date.now() - typedAt > timeoutMs) return { error: `no hit shown within ${timeoutMs / 1000} s`, pressedEnter };
      await page.waitForTimeout(30);
    }
  },
  editFlag: true,
};

export const difit = {
  name: 'difit',
  label: 'difit',
  available() {
    if (!existsSync(DIFIT_BIN)) return DIFIT_BUILD ? `no built difit at ${DIFIT_BUILD} (dist/cli/index.js; bench/README.md: building difit)` : 'difit is not installed in bench/peers (npm ci --prefix bench/peers failed?)';
    return null;
  },
  start(repo, port) {
    // difit 2 reads a diff from stdin whenever stdin is not a terminal, so it
    // runs under `script` (a pseudo-terminal), as a user would run it (difit 5
    // reads stdin only without a commit argument; the same command serves). It is
    // given the change as a commit (difit <sha> = <sha>^..<sha>): its working
    // tree mode would prompt to `git add -N` the untracked files.
    const command = [process.execPath, DIFIT_BIN, repo.changeCommit, '--no-open', '--port', String(port)].map(shellQuote).join(' ');
    return startServer({
      command: 'script',
      args: ['-qfec', command, '/dev/null'],
      cwd: repo.path,
      env: { NO_COLOR: '1', BROWSER: 'none' },
      urlPattern: /difit server started on (http:\/\/\S+)/,
      timeoutMs: 120_000,
      label: 'difit',
    });
  },
  pageCapMs: 180_000,
  // The page asks with ignoreWhitespace=true (difit's default view); difit caches the answer.
  endpoint: { path: '/api/diff?ignoreWhitespace=true', cookie: false },
  search: null,
  searchUnavailable: 'difit has no code search (a file-name filter only)',
  editFlag: false,
};

/**
 * Plannotator's code review (`plannotator review`: the working tree against
 * HEAD, one file at a time), from a checkout built outside this repository
 * (bench/README.md says how), run with bun. Both paths come from the
 * environment: REDLINE_BENCH_PLANNOTATOR (the checkout) and
 * REDLINE_BENCH_BUN (the bun binary; default `bun` on the PATH). It prints
 * no URL (it opens a browser: here `true`, which opens nothing), so a shell
 * prints the one its fixed port gives, then becomes the server.
 */
const PLANNOTATOR_DIR = process.env.REDLINE_BENCH_PLANNOTATOR ?? null;
const PLANNOTATOR_SERVER = PLANNOTATOR_DIR ? join(PLANNOTATOR_DIR, 'apps/hook/server/index.ts') : null;

export function plannotatorVersion() {
  try {
    return JSON.parse(readFileSync(join(PLANNOTATOR_DIR, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}

export const plannotator = {
  name: 'plannotator',
  label: 'Plannotator',
  available() {
    if (!PLANNOTATOR_DIR) return 'REDLINE_BENCH_PLANNOTATOR is not set (bench/README.md: building Plannotator)';
    if (!existsSync(PLANNOTATOR_SERVER) || !existsSync(join(PLANNOTATOR_DIR, 'apps/hook/dist/review.html'))) return `no built Plannotator at ${PLANNOTATOR_DIR} (apps/hook/dist/review.html)`;
    return null;
  },
  start(repo, port) {
    const bun = process.env.REDLINE_BENCH_BUN ?? 'bun';
    const script = `echo "Plannotator review: http://localhost:${port}/"; exec ${shellQuote(bun)} ${shellQuote(PLANNOTATOR_SERVER)} review`;
    return startServer({
      command: 'sh',
      args: ['-c', script],
      cwd: repo.path,
      env: { PLANNOTATOR_PORT: String(port), PLANNOTATOR_BROWSER: 'true', BROWSER: 'true', NO_COLOR: '1' },
      urlPattern: /Plannotator review: (http:\/\/\S+)/,
      timeoutMs: 120_000,
      label: 'plannotator',
    });
  },
  pageCapMs: 180_000,
  endpoint: { path: '/api/diff', cookie: false },
  // One button per file in its tree (not virtualized).
  tree: { scrollerSelector: 'aside .overflow-y-auto', fileSelector: '.file-tree-item' },
  search: null,
  searchUnavailable: 'Plannotator has no code search',
  editFlag: false,
};

export const TOOLS = { redline, difit, plannotator };
