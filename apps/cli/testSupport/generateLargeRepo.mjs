#!/usr/bin/env node
/**
 * A deterministic large repository for measuring the review endpoint, shaped
 * like the bench's L repository as the CLI sees it: `--files` committed 200-line
 * source files, each then modified in the working tree with `--changed` of
 * its lines rewritten (10% by default), plus `--untracked` new files left
 * untracked, as a coding agent leaves them. With the defaults (2,000 files,
 * 20 untracked) the working-tree patch is about 18 MB and 200,000 changed
 * lines (each rewritten line counts once as - and once as +).
 *
 * Same arguments, same bytes and the same commit id on every run: a seeded
 * PRNG, fixed identity and dates, no global git config.
 *
 * Usage:
 *   node apps/cli/testSupport/generateLargeRepo.mjs [--out DIR] [--files 2000]
 *        [--untracked 20] [--lines 200] [--changed 0.1] [--force]
 * Prints the repository's directory on stdout. An existing repository made
 * with the same arguments (recorded in .git/redline-generator.json) is reused
 * unless --force is given.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** Bump when the output changes, so cached repositories are regenerated. */
const GENERATOR_VERSION = 1;

export const GIT_ENV = {
  GIT_AUTHOR_NAME: 'Redline Bench',
  GIT_AUTHOR_EMAIL: 'bench@redline.invalid',
  GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
  GIT_COMMITTER_NAME: 'Redline Bench',
  GIT_COMMITTER_EMAIL: 'bench@redline.invalid',
  GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};

/** mulberry32: small, fast and good enough for generating text. */
function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['value', 'count', 'result', 'items', 'index', 'buffer', 'config', 'state', 'handler', 'request', 'response', 'total', 'offset', 'length', 'cache', 'entry', 'record', 'options', 'payload', 'context'];
const CALLS = ['compute', 'resolve', 'update', 'render', 'transform', 'validate', 'parse', 'format', 'merge', 'collect'];

function pick(random, list) {
  return list[Math.floor(random() * list.length)];
}

/** One line of TypeScript-looking code, about 55 characters. */
function codeLine(random, lineNo) {
  const code = codeStatement(random, lineNo);
  return random() < 0.5 ? `${code} // ${pick(random, WORDS)} ${pick(random, WORDS)}` : code;
}

function codeStatement(random, lineNo) {
  const indent = '  '.repeat(1 + Math.floor(random() * 3));
  switch (Math.floor(random() * 5)) {
    case 0:
      return `${indent}const ${pick(random, WORDS)}${lineNo} = ${pick(random, CALLS)}(${pick(random, WORDS)}, ${Math.floor(random() * 1000)});`;
    case 1:
      return `${indent}if (${pick(random, WORDS)}.${pick(random, WORDS)} > ${Math.floor(random() * 100)}) return ${pick(random, WORDS)};`;
    case 2:
      return `${indent}${pick(random, WORDS)}.${pick(random, CALLS)}({ ${pick(random, WORDS)}: ${lineNo}, ${pick(random, WORDS)} });`;
    case 3:
      return `${indent}// ${pick(random, CALLS)} the ${pick(random, WORDS)} before the ${pick(random, WORDS)} is read`;
    default:
      return `${indent}let ${pick(random, WORDS)}_${lineNo} = ${pick(random, WORDS)}[${Math.floor(random() * 64)}] ?? null;`;
  }
}

function fileLines(random, count) {
  return Array.from({ length: count }, (_, i) => codeLine(random, i + 1));
}

export function generateLargeRepo({ out, files = 2000, untracked = 20, lines = 200, changed = 0.1, force = false }) {
  const settings = { version: GENERATOR_VERSION, files, untracked, lines, changed };
  const stamp = join(out, '.git', 'redline-generator.json');
  if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === JSON.stringify(settings)) return out;
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const git = (...args) => execFileSync('git', ['-c', 'commit.gpgsign=false', '-c', 'core.hooksPath=/dev/null', ...args], { cwd: out, env: { ...process.env, ...GIT_ENV }, stdio: ['ignore', 'pipe', 'inherit'] });
  git('init', '--quiet', '--initial-branch=main');

  const random = prng(0x5eed1e);
  const pathOf = (i) => `src/module${String(Math.floor(i / 100)).padStart(2, '0')}/file${String(i).padStart(4, '0')}.ts`;
  const originals = [];
  for (let i = 0; i < files; i++) {
    const body = fileLines(random, lines);
    originals.push(body);
    write(out, pathOf(i), body.join('\n') + '\n');
  }
  git('add', '--all');
  git('commit', '--quiet', '-m', `${files} generated files`);

  // The change under review: every file gets `changed` of its lines rewritten, spread out.
  const perFile = Math.max(1, Math.round(lines * changed));
  for (let i = 0; i < files; i++) {
    const body = originals[i].slice();
    const step = lines / perFile;
    for (let k = 0; k < perFile; k++) {
      const at = Math.min(lines - 1, Math.floor(k * step + random() * step));
      body[at] = codeLine(random, at + 1) + ' // edited';
    }
    write(out, pathOf(i), body.join('\n') + '\n');
  }
  for (let i = 0; i < untracked; i++) {
    write(out, `src/added/new${String(i).padStart(4, '0')}.ts`, fileLines(random, lines).join('\n') + '\n');
  }
  writeFileSync(stamp, JSON.stringify(settings));
  return out;
}

function write(root, path, text) {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      files: { type: 'string', default: '2000' },
      untracked: { type: 'string', default: '20' },
      lines: { type: 'string', default: '200' },
      changed: { type: 'string', default: '0.1' },
      force: { type: 'boolean', default: false },
    },
  });
  const files = Number(values.files);
  const untracked = Number(values.untracked);
  const out = resolve(values.out ?? join(tmpdir(), `redline-large-repo-${files}-${untracked}`));
  process.stdout.write(
    generateLargeRepo({ out, files, untracked, lines: Number(values.lines), changed: Number(values.changed), force: values.force }) + '\n',
  );
}
