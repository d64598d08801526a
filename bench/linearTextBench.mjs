#!/usr/bin/env node
// Untrusted text in linear time: 1 MiB of backslashes,
// spaces, backticks, invisible characters and their mixtures through every
// path that reads reviewer, agent or export text, against the BUILT code
// (`tsc -b apps/cli` first):
//   in process: escape (3 contexts) and unescape, the markdown and JSON
//     renderers, the parser (markdown and JSON), the validator, planApply;
//   through the real CLI: a draft PUT and the feedback POST to a real review
//     server (its body validators), then `redline apply --check` on the export.
// Each figure is the median of 3; the bound is generous (2 s per MiB on these
// 2-core machines; a quadratic pass took 23.5 s for 160 KB), so a verdict
// "over" means a superlinear path, not a slow machine.
//
//   node bench/linearTextBench.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import * as core from '../packages/core/dist/index.js';
import { call, signIn } from './lib/redlineSession.mjs';
import { startServer } from './lib/serverProcess.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'apps/cli/bin/redline.js');
const MIB = 1024 * 1024;
const BOUND_MS = 2_000;
const RUNS = 3;

const repeatTo = (unit, bytes = MIB) => unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);
const INPUTS = {
  backslashes: repeatTo('\\'),
  spaces: repeatTo(' '),
  'spaces then x': repeatTo(' ', MIB - 1) + 'x',
  'tabs and CRs then x': repeatTo(' \t\r', MIB - 1) + 'x',
  backticks: repeatTo('`'),
  'backticks then x': repeatTo('`', MIB - 1) + 'x',
  invisible: repeatTo('\u200b'),
  'backslash-space': repeatTo('\\ '),
  'backslashes then u{': repeatTo('\\', MIB - 2) + 'u{',
  'escape-like': repeatTo('\\u{'),
  mixture: repeatTo('\\ `\u200b\u202e\t'),
};

function time(fn) {
  const times = [];
  let result;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    result = fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(RUNS / 2)], result };
}

/** A review carrying the input once in all: a third each in the summary, a comment and a suggestion's original code. */
function reviewWith(text) {
  const third = Math.floor(text.length / 3);
  const [summary, comment, original] = [text.slice(0, third), text.slice(third, 2 * third), text.slice(2 * third)];
  return {
    target: { kind: 'working-tree', description: 'bench', baseCommit: '0'.repeat(40), headCommit: null },
    verdict: 'comment',
    summary,
    annotations: [
      { id: 'c0', kind: 'comment', scope: 'general', path: '', text: comment, createdAt: '2026-12-01T00:00:00.000Z' },
      {
        id: 's0',
        kind: 'suggestion',
        scope: 'line',
        path: 'f.txt',
        side: 'new',
        startLine: 1,
        endLine: 1,
        text: 'x',
        originalCode: original,
        suggestedCode: 'y',
        deletion: false,
        revision: core.sha256Hex(original + '\n'),
        createdAt: '2026-12-01T00:00:00.000Z',
      },
    ],
  };
}

function inProcess(name, text) {
  const rows = [];
  for (const context of ['text', 'prose', 'line']) rows.push([`escape (${context})`, time(() => core.escapeUnsafeChars(text, { context })).ms]);
  rows.push(['unescape', time(() => core.unescapeUnsafeChars(text)).ms]);
  const review = reviewWith(text);
  const markdown = time(() => core.renderFeedbackMarkdown(review));
  rows.push(['render markdown', markdown.ms]);
  const json = time(() => core.renderFeedbackJson(review));
  rows.push(['render JSON', json.ms]);
  const parsed = time(() => core.parseFeedback(markdown.result));
  rows.push(['parse markdown', parsed.ms]);
  rows.push(['parse JSON', time(() => core.parseFeedback(json.result)).ms]);
  rows.push(['validate', time(() => core.validateFeedbackReview(JSON.parse(json.result))).ms]);
  const suggestions = parsed.result.ok ? parsed.result.review.annotations.filter((a) => a.kind === 'suggestion') : [];
  const file = review.annotations[1].originalCode + '\n';
  rows.push(['planApply', time(() => core.planApply({ text: file, sha256: core.sha256Hex(file), suggestions })).ms]);
  return rows.map(([path, ms]) => ({ input: name, path, ms }));
}

function makeRepo() {
  const dir = mkdtempSync(join(tmpdir(), 'redline-linear-bench-'));
  const git = (...args) => execFileSync('git', args, { cwd: dir, env: { ...process.env, GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b' } });
  git('init', '-q');
  writeFileSync(join(dir, 'f.txt'), 'a\n');
  git('add', '.');
  git('commit', '-qm', 'base');
  writeFileSync(join(dir, 'f.txt'), 'b\n');
  return dir;
}

/** One real review: a draft PUT per input, then the feedback POST with the mixture; then apply --check on the export. */
async function throughTheCli() {
  const dir = makeRepo();
  const server = await startServer({ command: process.execPath, args: [BIN, '--no-open'], cwd: dir, urlPattern: /Review: (http:\/\/\S+)/, timeoutMs: 30_000, label: 'redline', terminal: true });
  try {
    const { port, origin, auth: session } = await signIn(server.url);
    const auth = { ...session, origin, 'content-type': 'application/json' };
    const review = JSON.parse((await call(port, 'GET', core.API.review, auth)).text);
    const rows = [];
    for (const [name, text] of Object.entries(INPUTS)) {
      const draft = { version: 1, fingerprint: review.fingerprint, updatedAt: '2026-12-01T00:00:00.000Z', annotations: [{ id: 'c0', kind: 'comment', scope: 'general', path: '', text, createdAt: '2026-12-01T00:00:00.000Z' }], summary: text, verdict: 'comment', viewed: {} };
      const started = performance.now();
      const answer = await call(port, 'PUT', core.API.draft, auth, JSON.stringify(draft));
      rows.push({ input: name, path: `server: draft PUT (${answer.status})`, ms: performance.now() - started });
    }
    const started = performance.now();
    const sent = await call(port, 'POST', core.API.feedback, auth, JSON.stringify({ verdict: 'comment', summary: INPUTS.mixture, annotations: [] }));
    rows.push({ input: 'mixture', path: `server: feedback POST (${sent.status})`, ms: performance.now() - started });
    // The answer carries exactly what the CLI prints (FeedbackResult.output).
    const exportFile = join(dir, 'review.md');
    writeFileSync(exportFile, JSON.parse(sent.text).output);
    const applyStarted = performance.now();
    try {
      execFileSync(process.execPath, [BIN, 'apply', '--check', exportFile], { cwd: dir, stdio: 'pipe' });
    } catch {
      // exit 1 (nothing to apply) is fine: the time is what is measured
    }
    rows.push({ input: 'mixture', path: 'redline apply --check on the export', ms: performance.now() - applyStarted });
    return rows;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const rows = [];
for (const [name, text] of Object.entries(INPUTS)) rows.push(...inProcess(name, text));
rows.push(...(await throughTheCli()));

const over = rows.filter((r) => r.ms > BOUND_MS);
console.log('## Untrusted text in linear time (1 MiB inputs)\n');
console.log(`Machine: ${process.platform} ${process.arch}, Node ${process.version}. Command: \`node bench/linearTextBench.mjs\`. Median of ${RUNS} in process; one request each through the real server.\n`);
const paths = [...new Set(rows.map((r) => r.path))];
const inputs = Object.keys(INPUTS);
console.log(`| path | ${inputs.join(' | ')} |`);
console.log(`|---|${inputs.map(() => '---').join('|')}|`);
for (const path of paths) {
  const cells = inputs.map((input) => {
    const row = rows.find((r) => r.path === path && r.input === input);
    return row ? `${row.ms.toFixed(row.ms < 10 ? 1 : 0)} ms` : '';
  });
  console.log(`| ${path} | ${cells.join(' | ')} |`);
}
const slowest = rows.reduce((a, b) => (b.ms > a.ms ? b : a));
console.log(`\nSlowest: ${slowest.path} on ${slowest.input}, ${slowest.ms.toFixed(0)} ms. Bound ${BOUND_MS} ms per MiB: **${over.length === 0 ? 'pass' : `over on ${over.map((r) => `${r.path}/${r.input}`).join(', ')}`}**.`);
