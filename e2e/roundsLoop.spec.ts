/**
 * Three rounds of the review loop on a real repository,
 * in Chromium, shared by a team through a bare remote.
 *
 * 1. @Alice comments on two lines and suggests a change, in the page; Send.
 * 2. The "agent" (this test) runs the real `redline apply` on round 1's
 *    export, edits one commented line, commits everything.
 * 3. Round 2 opens on what changed since round 1 (the counter; the untouched
 *    files viewed in round 1 would stay viewed; none was): the suggestion *applied*, the edited comment
 *    *changed*, the other *open*; she resolves that one; Send.
 * 4. `git push origin main 'refs/redline/*' '^refs/redline/remotes/*'`; @Bob
 *    clones and fetches `refs/redline/*:refs/redline/remotes/origin/*` (a
 *    namespace of the teammates' own): `redline threads --json` is the same
 *    in both clones.
 * 5. Round 3 in Bob's clone, in his own browser: Alice's threads carry her
 *    name and no Resolve (only she resolves hers), her verdicts are listed;
 *    he replies (recorded under his name) and approves. His Send writes only
 *    his own ref; after push and fetch both clones list the same threads,
 *    and neither fetch moved a ref the other clone's Redline wrote.
 *
 * Around every round the repository's branches, tags, HEAD, index, working
 * tree, stash and config are byte-identical (the CLI tests' repositoryFacts).
 * Only the counter and the thread states of the round view are asserted, not
 * its diff lines.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { repositoryFacts, type FactsRepo } from '../apps/cli/testSupport/repositoryFacts';
import { runRedline } from './support/agentCli';
import { openReview, startRedline, type RunningRedline } from './support/redline';
import { card, clickInDiff, commentOnLine, lineNumber } from './support/reviewPage';
import { screenshotAtBothSizes } from './support/screenshots';

const CALC = 'src/calc.ts';
const NAMES = 'src/names.ts';
const BASE_FILES: Record<string, string> = {
  [CALC]: 'export function add(a: number, b: number): number {\n  return a + b;\n}\n\nexport function half(n: number): number {\n  return n / 2;\n}\n',
  [NAMES]: "export const greeting = 'hello';\nexport const farewell = 'bye';\n",
  'src/untouched.ts': 'export const one = 1;\n',
  'README.md': '# loop\n',
};
/** The agent's first attempt, reviewed in round 1 (uncommitted, one file untracked). */
const ATTEMPT: Record<string, string> = {
  [CALC]: 'export function add(a: number, b: number): number {\n  return a - b;\n}\n\nexport function half(n: number): number {\n  return Math.floor(n / 2);\n}\n',
  [NAMES]: "export const greeting = 'helo';\nexport const farewell = 'bye';\nexport const welcome = 'hi';\n",
  'src/untouched.ts': 'export const one = 1;\nexport const two = 2;\n',
  'src/feature.ts': "import { add } from './calc.js';\n\nexport const total = (xs: number[]) => xs.reduce(add, 0);\n",
};
/** How a team shares rounds (docs/rounds.md, "A team"). */
const PUSH_ROUNDS = ['refs/redline/*', '^refs/redline/remotes/*'];
const FETCH_ROUNDS = 'refs/redline/*:refs/redline/remotes/origin/*';
const GIT_ENV = {
  GIT_AUTHOR_NAME: 'Agent',
  GIT_AUTHOR_EMAIL: 'agent@redline.invalid',
  GIT_COMMITTER_NAME: 'Agent',
  GIT_COMMITTER_EMAIL: 'agent@redline.invalid',
  GIT_DIR: undefined,
  GIT_WORK_TREE: undefined,
};

interface Clone extends FactsRepo {
  write(path: string, text: string): void;
}

function cloneAt(dir: string): Clone {
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'commit.gpgsign=false', '-c', 'core.hooksPath=/dev/null', ...args], { cwd: dir, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' });
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  return { dir, git, write };
}

let scratch: string;

test.beforeEach(() => {
  scratch = realpathSync(mkdtempSync(join(tmpdir(), 'redline-loop-')));
});

test.afterEach(() => rmSync(scratch, { recursive: true, force: true }));

async function sendAs(page: Page, redline: RunningRedline, verdict: RegExp, name: string | null): Promise<void> {
  await page.getByRole('button', { name: /^Send Feedback/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  if (name !== null) await dialog.getByRole('textbox', { name: /^Your name/ }).fill(name);
  await dialog.getByRole('radio', { name: verdict }).check();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Feedback sent' })).toBeVisible();
  expect(await redline.exited, redline.stderr()).toBe(0);
}

async function suggestOnLine(page: Page, path: string, line: number, code: string): Promise<void> {
  await lineNumber(page, path, 'new', line).click();
  await page.keyboard.press('c');
  await page.getByRole('button', { name: 'Suggest change' }).click();
  await page.getByRole('textbox', { name: 'Suggested code' }).fill(code);
  // Inside the diff: a click landing in CodeView's 120 ms after a scroll is lost (reviewPage.ts).
  await clickInDiff(page, page.getByRole('button', { name: 'Add suggestion' }));
  await expect(card(page, `Suggestion, Line ${line} (new)`)).toBeVisible();
}

/** Each clone's reviewer (Alice, Bob): their XDG_CONFIG_HOME, so their preferences (the name) carry over to their next round. */
const reviewerHomes = new Map<string, string>();

/** One round: redline started in `clone`, `review` run in the page; the repository facts are the same before and after. */
async function round(clone: Clone, page: Page, review: (redline: RunningRedline) => Promise<void>): Promise<RunningRedline> {
  const before = repositoryFacts(clone);
  const home = reviewerHomes.get(clone.dir);
  const redline = await startRedline({ cwd: clone.dir, ...(home ? { configHome: home } : {}) });
  reviewerHomes.set(clone.dir, redline.configHome);
  await openReview(page, redline);
  await review(redline);
  expect(repositoryFacts(clone)).toEqual(before);
  return redline;
}

const threadsJson = async (clone: Clone) => (await runRedline(['threads', '--json'], clone.dir)).stdout;
const thread = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

test('three rounds: comment and suggest, the agent applies and edits, round 2 resolves, a teammate reads round 3 in a second clone', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  const alice = cloneAt(join(scratch, 'alice'));
  mkdirSync(alice.dir);
  alice.git('init', '--quiet', '--initial-branch=main');
  for (const [path, text] of Object.entries(BASE_FILES)) alice.write(path, text);
  alice.git('add', '--all');
  alice.git('commit', '--quiet', '-m', 'base');
  const remote = join(scratch, 'remote.git');
  alice.git('clone', '--quiet', '--bare', alice.dir, remote);
  alice.git('remote', 'add', 'origin', remote);
  for (const [path, text] of Object.entries(ATTEMPT)) alice.write(path, text);

  // Round 1: two comments and a suggestion, under a typed name.
  const round1 = await round(alice, page, async (redline) => {
    await commentOnLine(page, CALC, 2, 'Subtract? This is add.');
    await commentOnLine(page, CALC, 6, 'Why floor?');
    await suggestOnLine(page, NAMES, 1, "export const greeting = 'hello';");
    await sendAs(page, redline, /^Request changes/, '@Alice');
  });

  // The agent: the real `redline apply` on round 1's export, one commented line edited, all committed.
  const exported = join(scratch, 'round1-review.md');
  writeFileSync(exported, round1.stdout());
  const applied = await runRedline(['apply', exported], alice.dir);
  expect(applied.code, applied.stderr).toBe(0);
  expect(readFileSync(join(alice.dir, NAMES), 'utf8')).toBe("export const greeting = 'hello';\nexport const farewell = 'bye';\nexport const welcome = 'hi';\n");
  alice.write(CALC, ATTEMPT[CALC]!.replace('a - b', 'a + b'));
  alice.git('add', '--all');
  alice.git('commit', '--quiet', '-m', 'agent: apply the suggestion, fix add');

  // Round 2: what changed since round 1; the threads in their states; the open one resolved.
  const round2 = await round(alice, page, async (redline) => {
    expect(redline.stderr()).toMatch(/continuing review series .*, round 2/);
    await expect(page.getByRole('group', { name: 'Review round' }).getByRole('status')).toHaveText('2 files changed since round 1');
    // Nothing was marked viewed in round 1: the two files untouched since are folded, not viewed.
    await expect(page.getByText('0/4 viewed')).toBeVisible();
    const suggestion = thread(page, 'Suggestion from round 1, Line 1, Open');
    await expect(suggestion.getByText('Applied', { exact: true })).toBeVisible();
    await expect(thread(page, 'Comment from round 1, Line 2, Changed').getByRole('group', { name: 'Changed since round 1' })).toContainText('return a + b;');
    const open = thread(page, 'Comment from round 1, Line 6, Open');
    await clickInDiff(page, open.getByRole('button', { name: 'Resolve' }));
    await sendAs(page, redline, /^Request changes/, null);
  });
  expect(round2.stderr()).toMatch(/Recorded round 2 of review series/);
  const afterRound2 = JSON.parse(await threadsJson(alice)) as { threads: { id: string; state: string; reviewer: string; lines: { startLine: number } | null; applied?: boolean }[] };
  expect(afterRound2.threads.map((t) => [t.lines?.startLine ?? null, t.state, t.applied ?? null, t.reviewer])).toEqual([
    [2, 'changed', null, '@Alice'],
    [6, 'resolved', null, '@Alice'],
    [1, 'open', true, '@Alice'],
  ]);

  // Shared through the bare remote: Bob clones, fetches the rounds; both clones list the same threads.
  alice.git('push', '--quiet', 'origin', 'main', ...PUSH_ROUNDS);
  const bob = cloneAt(join(scratch, 'bob'));
  alice.git('clone', '--quiet', remote, bob.dir);
  bob.git('fetch', '--quiet', 'origin', FETCH_ROUNDS);
  expect(await threadsJson(bob)).toBe(await threadsJson(alice));
  const aliceRef = alice.git('for-each-ref', '--format=%(refname) %(objectname)', 'refs/redline/').trim();
  const aliceFetched = aliceRef.replace('refs/redline/', 'refs/redline/remotes/origin/');

  // Round 3: Bob, in his own browser (no remembered name), sees Alice's threads read-only, replies, approves.
  const bobContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const bobPage = await bobContext.newPage();
  await round(bob, bobPage, async (redline) => {
    expect(redline.stderr()).toMatch(/continuing review series .*, round 3/);
    await bobPage.getByRole('tab', { name: /Comments/ }).click();
    const rounds = bobPage.getByRole('region', { name: "Teammates' rounds" });
    await expect(rounds.getByRole('listitem')).toHaveCount(2);
    await expect(rounds).toContainText('R2 @Alice Request changes');
    // Nothing changed since round 2: every file is folded but the ones holding an open thread; a thread in the sidebar opens its file.
    await expect(bobPage.getByRole('group', { name: 'Review round' }).getByRole('status')).toHaveText('0 files changed since round 2');
    await expect(bobPage.getByRole('region', { name: 'Waiting for you' })).toContainText('Waiting for you: 1 open thread.');
    const listed = bobPage.getByRole('region', { name: 'Threads', exact: true });
    await expect(listed.getByText('by @Alice')).toHaveCount(3);
    await listed.getByRole('button', { name: /src\/names\.ts/ }).click();
    await expect(thread(bobPage, 'Suggestion from round 1, Line 1, Open, by @Alice').getByText('Applied', { exact: true })).toBeVisible();
    await listed.getByRole('button', { name: /Subtract\? This is add\./ }).click();
    const changed = thread(bobPage, 'Comment from round 1, Line 2, Changed, by @Alice');
    await expect(changed).toBeVisible();
    await expect(changed.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
    await expect(thread(bobPage, 'Comment from round 1, Line 6, Resolved, by @Alice')).toBeVisible();
    await changed.scrollIntoViewIfNeeded();
    await screenshotAtBothSizes(bobPage, 'rounds-teammate');
    await clickInDiff(bobPage, changed.getByRole('button', { name: 'Reply' }));
    await changed.getByRole('textbox', { name: 'Reply' }).fill('Plus is right now.');
    await clickInDiff(bobPage, changed.getByRole('button', { name: 'Add reply' }));
    await sendAs(bobPage, redline, /^Approve/, '@Bob');
  });
  await bobContext.close();

  // Bob wrote only his own ref; Alice's is as she pushed it, in the remote's namespace.
  const bobRefs = bob.git('for-each-ref', '--format=%(refname) %(objectname)', 'refs/redline/').trim().split('\n');
  expect(bobRefs).toHaveLength(2);
  expect(bobRefs).toContain(aliceFetched);
  expect(bobRefs.find((ref) => ref !== aliceFetched)).toMatch(/^refs\/redline\/[0-9a-f]{12}-[0-9a-f]{6}\/=40bob\/rounds [0-9a-f]{40}$/);
  bob.git('push', '--quiet', 'origin', ...PUSH_ROUNDS);
  alice.git('fetch', '--quiet', 'origin', FETCH_ROUNDS);
  const aliceOwn = alice.git('for-each-ref', '--format=%(refname) %(objectname)', 'refs/redline/').trim().split('\n').filter((ref) => !ref.startsWith('refs/redline/remotes/'));
  expect(aliceOwn).toEqual([aliceRef]);
  const final = await threadsJson(alice);
  expect(await threadsJson(bob)).toBe(final);
  const line2 = (JSON.parse(final) as { threads: { lines: { startLine: number } | null; state: string; acts: { act: string; reviewer?: string; text: string }[] }[] }).threads.find((t) => t.lines?.startLine === 2)!;
  expect([line2.state, line2.acts.map((act) => [act.act, act.reviewer, act.text])]).toEqual(['changed', [['reply', '@Bob', 'Plus is right now.']]]);
  const rounds = JSON.parse((await runRedline(['rounds', '--json'], alice.dir)).stdout) as { rounds: { number: number; reviewer: string; verdict: string }[] };
  expect(rounds.rounds.map((r) => [r.number, r.reviewer, r.verdict])).toEqual([
    [1, '@Alice', 'request-changes'],
    [2, '@Alice', 'request-changes'],
    [3, '@Bob', 'approve'],
  ]);
});
