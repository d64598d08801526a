/**
 * The `redline` command run in-process (runCli with captured stdio) over
 * real repositories and a real server: exit codes, the stdout/stderr
 * contract, the saved review copies, --output, --json, --patch, --demo,
 * close, Ctrl-C, and how the browser is opened without the token in argv.
 */
import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API, type FeedbackResult, type ReviewData } from '@redline/core';
import { signInAsPage } from '../testSupport/browserSession.js';
import { captureIo, type CapturedIo } from '../testSupport/capturedIo.js';
import { httpCall } from '../testSupport/httpClient.js';
import { makeRepo, makeTempDir, removeAfterTests, type TestRepo } from '../testSupport/gitRepo.js';
import { runCli } from './main.js';

const REVIEW_URL_RE = /Review: (http:\/\/127\.0\.0\.1:\d+\/\?token=([0-9a-f]{64}))\n/;
const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

function changedRepo(): TestRepo {
  const repo = makeRepo({ commit: { 'src/calc.ts': 'export const add = (a: number, b: number) => a + b;\n' } });
  repo.write('src/calc.ts', 'export const add = (a: number, b: number) => a - b;\n');
  repo.write('NOTES.md', '# notes\n');
  repos.push(repo);
  return repo;
}

/** Starts runCli and signs in as the page once the review URL is on stderr. */
async function startReview(args: string[], io: CapturedIo) {
  const exit = runCli(args, io);
  const failedEarly = exit.then((code) => {
    throw new Error(`redline exited with ${code} before printing the review URL:\n${io.err()}`);
  });
  const match = await Promise.race([io.waitForStderr(REVIEW_URL_RE), failedEarly]);
  const page = await signInAsPage(match[1]!);
  return { exit, page, token: match[2]! };
}

function expectOneLineError(io: CapturedIo, pattern: RegExp): void {
  expect(io.out()).toBe('');
  const lines = io.err().trimEnd().split('\n');
  expect(lines, io.err()).toHaveLength(1);
  expect(lines[0]).toMatch(/^redline: /);
  expect(lines[0]).toMatch(pattern);
  expect(io.err()).not.toMatch(/\n\s+at /);
}

describe('usage', () => {
  it('--help and --version print on stdout and exit 0', async () => {
    const io = captureIo(makeTempDir());
    expect(await runCli(['--help'], io)).toBe(0);
    expect(io.out()).toContain('Usage:');
    expect(io.out()).toContain('Exit codes:');
    const version = captureIo(makeTempDir());
    expect(await runCli(['--version'], version)).toBe(0);
    expect(version.out()).toMatch(/^redline \d+\.\d+\.\d+\n$/);
  });

  it.each([
    [['--bogus'], /unknown option '--bogus'.*redline --help/],
    [['--port'], /--port needs a value/],
    [['--port', 'eighty'], /--port must be a number.*'eighty'/],
    [['--port=70000'], /--port must be a number/],
    [['--staged', 'HEAD~1'], /choose one target/],
    [['--patch', 'x.diff', '--demo'], /choose one target/],
    [['a', 'b'], /at most one target/],
    [['--json=yes'], /--json takes no value/],
    [['--base', '--staged'], /'--staged' \(--base\) is not a revision/],
    [['--demo', '--repo', '.'], /--demo makes its own repository/],
    [['--output', '/no/such/dir/out.md'], /the directory \/no\/such\/dir does not exist/],
  ])('%j is a usage error: exit 2, one line on stderr, nothing on stdout', async (args, pattern) => {
    const io = captureIo(makeTempDir());
    expect(await runCli(args, io)).toBe(2);
    expectOneLineError(io, pattern);
  });

  it('a REDLINE_PAGE_BYTES_THRESHOLD that is not a whole number of bytes is a usage error before anything is read: exit 2, one line', async () => {
    const repo = changedRepo();
    const io = captureIo(repo.dir, { env: { ...process.env, REDLINE_PAGE_BYTES_THRESHOLD: '32MB' } });
    expect(await runCli(['--no-open'], io)).toBe(2);
    expectOneLineError(io, /REDLINE_PAGE_BYTES_THRESHOLD must be a whole number of bytes, not "32MB"/);
    expect(existsSync(join(repo.dir, '.git', 'redline'))).toBe(false);
  });
});

describe('clear errors, no stack traces', () => {
  it('not a git repository: exit 1', async () => {
    const dir = makeTempDir();
    const io = captureIo(dir);
    expect(await runCli(['--no-open'], io)).toBe(1);
    expectOneLineError(io, /not a git repository: .*--patch FILE/);
  });

  it('an unknown revision: exit 1', async () => {
    const io = captureIo(changedRepo().dir);
    expect(await runCli(['--no-open', 'no-such-ref'], io)).toBe(1);
    expectOneLineError(io, /unknown revision 'no-such-ref'/);
  });

  it('an empty diff: exit 1', async () => {
    const repo = makeRepo({ commit: { 'a.txt': 'a\n' } });
    repos.push(repo);
    const io = captureIo(repo.dir);
    expect(await runCli(['--no-open'], io)).toBe(1);
    expectOneLineError(io, /nothing to review: the diff is empty \(Uncommitted changes \(working tree against HEAD\)\)/);
  });

  it('a port in use: exit 1', async () => {
    const repo = changedRepo();
    const first = captureIo(repo.dir);
    const { exit, page } = await startReview(['--no-open'], first);
    // Another repository: in the same one, the open review is refused first (next test).
    const second = captureIo(changedRepo().dir);
    expect(await runCli(['--no-open', '--port', String(page.port)], second)).toBe(1);
    expectOneLineError(second, new RegExp(`port ${page.port} on 127.0.0.1 is already in use`));
    first.interrupt();
    expect(await exit).toBe(130);
  });

  it('a second redline in the same repository: a review is already open (pid and port), exit 1', async () => {
    const repo = changedRepo();
    const first = captureIo(repo.dir);
    const { exit, page } = await startReview(['--no-open'], first);
    const second = captureIo(repo.dir);
    expect(await runCli(['--no-open'], second)).toBe(1);
    expectOneLineError(second, new RegExp(`a review is already open in this repository \\(pid ${process.pid}, port ${page.port}\\)`));
    first.interrupt();
    expect(await exit).toBe(130);
    // Ended: its session is gone, and the next review may open.
    expect(readdirSync(join(repo.dir, '.git', 'redline', 'sessions'))).toEqual([]);
  });

  it('a missing patch file: exit 1', async () => {
    const io = captureIo(makeTempDir());
    expect(await runCli(['--patch', 'missing.diff'], io)).toBe(1);
    expectOneLineError(io, /cannot read patch file .*missing\.diff: ENOENT/);
  });
});

describe('a review from start to feedback', () => {
  it('prints exactly the export on stdout, saves copies under .git/redline/reviews, writes --output, removes the draft', async () => {
    const repo = changedRepo();
    const io = captureIo(repo.dir);
    const { exit, page, token } = await startReview(['--no-open', '--output', 'feedback.md'], io);
    const review = (await page.get(API.review)).json<ReviewData>();
    expect(review.files.map((f) => f.path)).toEqual(['src/calc.ts', 'NOTES.md']);
    const draftPut = await httpCall({
      port: page.port,
      method: 'PUT',
      path: API.draft,
      headers: { ...page.auth, origin: page.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ version: 1, fingerprint: review.fingerprint, annotations: [], viewed: {}, updatedAt: '2025-01-01T00:00:00Z' }),
    });
    expect(draftPut.status).toBe(200);
    const answer = await page.post(API.feedback, {
      verdict: 'request-changes',
      summary: 'Subtraction is wrong.',
      annotations: [
        { id: 'c1', kind: 'comment', scope: 'line', path: 'src/calc.ts', side: 'new', startLine: 1, endLine: 1, text: 'a - b?', createdAt: '2025-01-01T00:00:00Z' },
      ],
    });
    const result = answer.json<FeedbackResult>();
    expect(await exit).toBe(0);
    expect(io.out()).toBe(result.output);
    expect(result.output).toContain('src/calc.ts');
    expect(result.output).toContain('a - b?');

    const reviews = readdirSync(join(repo.dir, '.git', 'redline', 'reviews')).sort();
    expect(reviews).toHaveLength(2);
    expect(reviews[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.json$/);
    expect(readFileSync(join(repo.dir, '.git', 'redline', 'reviews', reviews[1]!), 'utf8')).toBe(result.output);
    expect(JSON.parse(readFileSync(join(repo.dir, '.git', 'redline', 'reviews', reviews[0]!), 'utf8'))).toMatchObject({ format: 'redline-feedback', verdict: 'request-changes' });
    expect(readFileSync(join(repo.dir, 'feedback.md'), 'utf8')).toBe(result.output);
    expect(readdirSync(join(repo.dir, '.git', 'redline', 'drafts'))).toEqual([]);
    // The token appears once, in the Review line, and nowhere else.
    expect(io.err().split(token).length - 1).toBe(1);
    expect(io.err()).toContain('Feedback sent');
  });

  it('--json prints the JSON export', async () => {
    const io = captureIo(changedRepo().dir);
    const { exit, page } = await startReview(['--no-open', '--json'], io);
    await page.get(API.review);
    const result = (await page.post(API.feedback, { verdict: 'approve', summary: 'LGTM', annotations: [] })).json<FeedbackResult>();
    expect(await exit).toBe(0);
    expect(io.out()).toBe(result.output);
    expect(JSON.parse(io.out())).toMatchObject({ format: 'redline-feedback', version: 3, verdict: 'approve', summary: 'LGTM' });
  });

  it('closing without feedback exits 3 with one line; Ctrl-C exits 130; SIGTERM 143; stdout stays empty', async () => {
    const repo = changedRepo();
    const closing = captureIo(repo.dir);
    const closed = await startReview(['--no-open'], closing);
    await closed.page.post(API.close, {});
    expect(await closed.exit).toBe(3);
    expect(closing.out()).toBe('');
    expect(closing.err()).toMatch(/Review closed without feedback\.\n$/);

    for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
      const io = captureIo(repo.dir);
      const { exit, page } = await startReview(['--no-open'], io);
      io.interrupt(signal);
      expect(await exit).toBe(code);
      expect(io.out()).toBe('');
      expect(io.err()).toMatch(/Review interrupted; no feedback was sent/);
      // The server is gone.
      await expect(page.get(API.review)).rejects.toThrow();
    }
  });
});

describe('an interrupt', () => {
  it('says "(the draft is kept)" only when there is a draft', async () => {
    const repo = changedRepo();
    const bare = captureIo(repo.dir);
    const first = await startReview(['--no-open'], bare);
    bare.interrupt();
    expect(await first.exit).toBe(130);
    expect(bare.err()).toMatch(/Review interrupted; no feedback was sent\.\n$/);

    const io = captureIo(repo.dir);
    const { exit, page } = await startReview(['--no-open'], io);
    const review = (await page.get(API.review)).json<ReviewData>();
    const saved = await httpCall({
      port: page.port,
      method: 'PUT',
      path: API.draft,
      headers: { ...page.auth, origin: page.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ version: 2, fingerprint: review.fingerprint, annotations: [], viewed: {}, composer: null, updatedAt: '2025-01-01T00:00:00Z' }),
    });
    expect(saved.status).toBe(200);
    io.interrupt();
    expect(await exit).toBe(130);
    expect(io.err()).toMatch(/Review interrupted; no feedback was sent \(the draft is kept\)\.\n$/);
  });
});

describe('targets from the command line', () => {
  it('--patch FILE and --patch - (stdin) review a patch without a repository', async () => {
    const dir = makeTempDir();
    const patch = readFileSync(join(__dirname, 'patch/fixtures/mixed.diff'), 'utf8');
    writeFileSync(join(dir, 'change.diff'), patch);
    for (const [args, stdin] of [[['--patch', 'change.diff'], undefined], [['--patch', '-'], patch]] as const) {
      const io = captureIo(dir, { stdin });
      const { exit, page } = await startReview(['--no-open', ...args], io);
      const data = (await page.get(API.review)).json<ReviewData>();
      expect(data.patchOnly).toBe(true);
      expect(data.patch).toBe(patch);
      expect(data.files).toHaveLength(10);
      await page.post(API.close, {});
      expect(await exit).toBe(3);
    }
  });

  it('--repo DIR, a commit and a range', async () => {
    const repo = changedRepo();
    repo.commitAll('second');
    const io = captureIo(makeTempDir());
    const { exit, page } = await startReview(['--no-open', '--repo', repo.dir, 'HEAD~1..HEAD'], io);
    const data = (await page.get(API.review)).json<ReviewData>();
    expect(data.target.kind).toBe('range');
    expect(data.files.map((f) => f.path)).toEqual(['NOTES.md', 'src/calc.ts']);
    io.interrupt();
    expect(await exit).toBe(130);
  });

  it('--demo builds a repository with a realistic change and reviews its working tree', async () => {
    const io = captureIo(makeTempDir());
    const { exit, page } = await startReview(['--demo', '--no-open'], io);
    const data = (await page.get(API.review)).json<ReviewData>();
    const statuses = Object.fromEntries(data.files.map((f) => [f.path, f.status]));
    expect(statuses).toEqual({
      'docs/pricing.md': 'modified',
      'src/cart.ts': 'modified',
      'src/index.ts': 'modified',
      'src/legacyDiscount.ts': 'deleted',
      'src/money.ts': 'renamed',
      'src/coupons.ts': 'added',
    });
    const demoDir = /Demo repository: (.*redline-demo-\S+)\n/.exec(io.err())?.[1];
    expect(demoDir).toBeDefined();
    removeAfterTests(demoDir!);
    io.interrupt();
    expect(await exit).toBe(130);
  });
});

describe('opening the browser', () => {
  it('runs $BROWSER with a private launcher file, never the token; once the link is spent the file says so and holds no link; it goes when the review ends', async () => {
    const dir = makeTempDir();
    const record = join(dir, 'argv.txt');
    const fakeBrowser = join(dir, 'fake-browser.sh');
    writeFileSync(fakeBrowser, `#!/bin/sh\nfor last; do :; done\nprintf '%s\\n' "$@" > '${record}'\ncat "$last" > '${record}.content'\nstat -c '%a' "$last" > '${record}.mode'\n`);
    chmodSync(fakeBrowser, 0o755);
    const io = captureIo(changedRepo().dir, { env: { ...process.env, BROWSER: `${join(dir, 'missing-browser')}:${fakeBrowser} --new-window` } });
    const exit = runCli([], io);
    const [, url, token] = await io.waitForStderr(REVIEW_URL_RE);
    // The shell creates the file before stat writes into it: wait for its content, not its name.
    await waitFor(() => existsSync(`${record}.mode`) && readFileSync(`${record}.mode`, 'utf8').trim() !== '');
    const argv = readFileSync(record, 'utf8').trim().split('\n');
    expect(argv[0]).toBe('--new-window');
    expect(argv[1]).toMatch(/redline-open-.*\/open-review\.html$/);
    expect(argv.join(' ')).not.toContain(token!);
    expect(readFileSync(`${record}.content`, 'utf8')).toContain(url!);
    expect(readFileSync(`${record}.mode`, 'utf8').trim()).toBe('600');
    expect(statSync(join(argv[1]!, '..')).mode & 0o777).toBe(0o700);
    expect(existsSync(argv[1]!)).toBe(true);
    const page = await signInAsPage(url!);
    await waitFor(() => !readFileSync(argv[1]!, 'utf8').includes(token!));
    expect(readFileSync(argv[1]!, 'utf8')).toMatch(/This review link was already used.*It was used by .* at \d\d:\d\d:\d\d/s);
    await page.post(API.close, {});
    expect(await exit).toBe(3);
    expect(existsSync(argv[1]!)).toBe(false);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
