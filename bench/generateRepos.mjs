#!/usr/bin/env node
/**
 * Deterministic benchmark repositories for `npm run bench`, under
 * bench/.work/repos/ (git-ignored):
 *
 *   S  20 files,    about   2,000 changed lines
 *   M  300 files,   about  30,000 changed lines
 *   L  2,000 files, about 200,000 changed lines: ts/js/py/go/rs/md/json/css,
 *      renames, deletions, additions, long lines, one minified file, a lock file
 *   F  one 100,000-line file with 1% of its lines changed
 *   XL 10,000 files, about 1,000,000 changed lines (the speed targets' scale; full bench only)
 *   R  a real change: jsdiff 8.0.4's published files with 9.0.0's laid over
 *      them (lib/realChange.mjs; the tarballs from the registry, cached)
 *
 * Each repository has one base commit on `main` (HEAD) and the change left
 * uncommitted in the working tree, as a coding agent leaves it: edits and
 * deletions unstaged, new files untracked, renames staged (`git mv`, so git
 * can pair them; an unstaged rename is an untracked file plus a deletion).
 * That is Redline's default target. The same change is also committed, without
 * moving HEAD, as `refs/heads/bench-change` for tools that need a commit
 * target (difit reviews `bench-change` = bench-change^..bench-change).
 *
 * A seeded PRNG and fixed identity/dates make the trees and commit ids the
 * same on every run. A finished repository is recorded in <name>.json with
 * the generator version and a digest of `git status`; a rerun reuses it when
 * both still match, so only the first run pays for generation.
 *
 * Usage: node bench/generateRepos.mjs [--only S,M] [--force]
 *
 * Over 400 lines on purpose: every repository's recipe (sizes, edits, counts,
 * caching) stays in one file, so one reading shows what each figure ran on.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Prng, seedFromString } from './lib/prng.mjs';
import { LANGUAGES, editLines, generateLines, lockFileLines, longLine, minifiedJs, rewriteLine } from './lib/codeGen.mjs';
import { git, gitText } from './lib/git.mjs';
import { packedTarball, REAL_CHANGE, unpackOver } from './lib/realChange.mjs';

/** Bump whenever the output changes: cached repositories of another version are regenerated. */
export const GENERATOR_VERSION = 5;

/**
 * Bump when measureChange counts differently: a cached repository's figures are
 * recounted (the trees stay, since GENERATOR_VERSION seeds them). 2: renames paired
 * without git's rename limit (XL's 10,254 "files" were 9,999 plus 255 renames git
 * gave up pairing; the review lists 9,999).
 */
const STATS_VERSION = 2;

export const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
export const REPOS_DIR = join(BENCH_DIR, '.work', 'repos');

/** The ref holding the same change as a commit. */
export const CHANGE_REF = 'bench-change';

/** A string planted once in an added line of a late file: the search benchmark looks for it. */
export const SEARCH_NEEDLE = 'redlineBenchNeedle7f3a';

export const REPO_SPECS = {
  S: { files: 20, changedLines: 2_000, mix: { modified: 14, added: 3, deleted: 2, renamed: 1 }, unchanged: 10 },
  M: { files: 300, changedLines: 30_000, mix: { modified: 225, added: 40, deleted: 20, renamed: 15 }, unchanged: 60 },
  L: {
    files: 2_000,
    changedLines: 200_000,
    mix: { modified: 1_500, added: 250, deleted: 150, renamed: 100 },
    unchanged: 300,
    longLineFiles: 25,
    lockFile: { packages: 2_400, bumped: 600 },
    minified: { chars: 200_000 },
  },
  F: { files: 1, single: { lines: 100_000, changedFraction: 0.01 }, unchanged: 1 },
  R: { real: REAL_CHANGE },
  // The speed targets' scale: 10,000 files and 1,000,000 changed lines, in L's proportions (no long lines, lock file or minified file).
  XL: { files: 10_000, changedLines: 1_000_000, mix: { modified: 7_500, added: 1_250, deleted: 750, renamed: 500 }, unchanged: 1_500 },
};

const LANGUAGE_WEIGHTS = { ts: 35, js: 15, py: 15, go: 10, rs: 10, md: 7, json: 4, css: 4 };
const DIRS = {
  ts: ['src/review', 'src/server', 'src/store', 'src/components', 'packages/core/src', 'packages/ui/src'],
  js: ['scripts', 'lib', 'src/legacy', 'tools/build'],
  py: ['py/analysis', 'py/ingest', 'py/tests'],
  go: ['go/cmd/agent', 'go/internal/store', 'go/pkg/diff'],
  rs: ['crates/engine/src', 'crates/cli/src', 'crates/parser/src'],
  md: ['docs', 'docs/guides', 'docs/adr'],
  json: ['config', 'fixtures'],
  css: ['styles', 'src/components/styles'],
};

function log(message) {
  process.stderr.write(`[generate] ${message}\n`);
}

/** A unique path for a new file of `lang`: `<dir>/<subdir>/<word>_<n>.<ext>`. */
function makePathFactory(rng) {
  const used = new Set();
  let counter = 0;
  return (lang) => {
    for (;;) {
      const dir = rng.pick(DIRS[lang]);
      const sub = `m${rng.int(0, 39).toString().padStart(2, '0')}`;
      const name = `${rng.pick(['alpha', 'beta', 'delta', 'kappa', 'omega', 'sigma', 'theta', 'zeta'])}_${(counter++).toString(36)}`;
      const path = `${dir}/${sub}/${name}.${lang}`;
      if (!used.has(path)) {
        used.add(path);
        return path;
      }
    }
  };
}

/**
 * Plans every file of a repository: its base content (or null when it is
 * added) and its changed content (or null when it is deleted), in memory, so
 * generation is one pass of writes.
 */
function planRepository(name, spec) {
  const rng = new Prng(seedFromString(`redline-bench:${name}:v${GENERATOR_VERSION}`));
  const newPath = makePathFactory(rng);
  /** @type {{ kind: string, lang: string, path: string, newPath?: string, base: string[] | null, change: string[] | null }[]} */
  const files = [];

  if (spec.single) {
    const lines = generateLines(rng, 'ts', spec.single.lines);
    const change = lines.slice();
    const toChange = Math.round(spec.single.lines * spec.single.changedFraction);
    const picked = new Set();
    while (picked.size < toChange) picked.add(rng.int(0, lines.length - 1));
    for (const index of picked) {
      let rewritten = rewriteLine(rng, 'ts', change[index]);
      if (rewritten === change[index]) rewritten = `${change[index]} // changed`;
      change[index] = rewritten;
    }
    const last = [...picked].sort((a, b) => b - a)[0];
    change[last] = `${change[last]} // ${SEARCH_NEEDLE}`;
    files.push({ kind: 'modified', lang: 'ts', path: 'src/engine/parserTables.ts', base: lines, change });
    files.push({ kind: 'unchanged', lang: 'md', path: 'README.md', base: generateLines(rng, 'md', 40), change: null });
    return files;
  }

  // Fixed-cost specials come off the changed-line budget first.
  let budget = spec.changedLines;
  let modifiedLeft = spec.mix.modified;
  if (spec.lockFile) {
    const versions = Array.from({ length: spec.lockFile.packages }, () => `${rng.int(0, 9)}.${rng.int(0, 30)}.${rng.int(0, 20)}`);
    const bumped = versions.slice();
    const picked = new Set();
    while (picked.size < spec.lockFile.bumped) picked.add(rng.int(0, versions.length - 1));
    for (const index of picked) bumped[index] = `${rng.int(10, 19)}.${rng.int(0, 30)}.${rng.int(0, 20)}`;
    files.push({ kind: 'modified', lang: 'json', path: 'package-lock.json', base: lockFileLines(rng, versions.length, versions), change: lockFileLines(rng, bumped.length, bumped) });
    budget -= spec.lockFile.bumped * 3 * 2; // version, resolved, integrity: one deletion and one addition each
    modifiedLeft--;
  }
  if (spec.minified) {
    files.push({ kind: 'modified', lang: 'js', path: 'vendor/bundle.min.js', base: [minifiedJs(rng, spec.minified.chars)], change: [minifiedJs(rng, spec.minified.chars)] });
    budget -= 2;
    modifiedLeft--;
  }

  // Share the rest of the budget among modified, added and deleted files,
  // log-normally: a few big rewrites and many small edits, like real diffs.
  const sharers = [];
  for (let i = 0; i < modifiedLeft; i++) sharers.push({ kind: 'modified', weight: rng.spread(0.9) });
  for (let i = 0; i < spec.mix.added; i++) sharers.push({ kind: 'added', weight: rng.spread(0.9) });
  for (let i = 0; i < spec.mix.deleted; i++) sharers.push({ kind: 'deleted', weight: rng.spread(0.9) });
  const renameBudget = spec.mix.renamed * 4;
  const weightSum = sharers.reduce((sum, s) => sum + s.weight, 0);
  const perWeight = (budget - renameBudget) / weightSum;

  let longLinesLeft = spec.longLineFiles ?? 0;
  for (const sharer of sharers) {
    const lang = rng.weighted(LANGUAGE_WEIGHTS);
    const path = newPath(lang);
    const share = Math.max(2, Math.round(sharer.weight * perWeight));
    if (sharer.kind === 'added') {
      files.push({ kind: 'added', lang, path, base: null, change: generateLines(rng, lang, share) });
    } else if (sharer.kind === 'deleted') {
      files.push({ kind: 'deleted', lang, path, base: generateLines(rng, lang, share), change: null });
    } else {
      const size = Math.min(4_000, Math.max(30, Math.round(share * (1.5 + rng.next() * 3)) + rng.int(20, 120)));
      const base = generateLines(rng, lang, size);
      if (longLinesLeft > 0 && lang !== 'md') {
        // Long lines (1.5k-8k characters): some stay as context, one is rewritten.
        longLinesLeft--;
        for (let i = 0; i < rng.int(1, 3); i++) base.splice(rng.int(1, base.length - 1), 0, longLine(rng, lang, rng.int(1_500, 8_000)));
      }
      // Overlapping edits cancel a few percent of the changed lines; 7% more edits lands near the target.
      let change = editLines(rng, lang, base, Math.round(share * 1.07));
      if (base.some((line) => line.length > 1_000)) {
        const index = change.findIndex((line) => line.length > 1_000);
        if (index >= 0) change[index] = longLine(rng, lang, rng.int(1_500, 8_000));
      }
      files.push({ kind: 'modified', lang, path, base, change });
    }
  }

  for (let i = 0; i < spec.mix.renamed; i++) {
    const lang = rng.weighted(LANGUAGE_WEIGHTS);
    const base = generateLines(rng, lang, rng.int(40, 300));
    // Half the renames also edit a few lines, well under git's 50% similarity threshold.
    const change = rng.chance(0.5) ? editLines(rng, lang, base, 8) : base.slice();
    files.push({ kind: 'renamed', lang, path: newPath(lang), newPath: newPath(lang), base, change });
  }

  for (let i = 0; i < spec.unchanged; i++) {
    const lang = rng.weighted(LANGUAGE_WEIGHTS);
    const base = generateLines(rng, lang, rng.int(20, 200));
    files.push({ kind: 'unchanged', lang, path: newPath(lang), base, change: base });
  }

  // Plant the search needle in an inserted line of the modified file that sorts last (byte order, as git sorts).
  const modified = files.filter((f) => f.kind === 'modified' && f.lang !== 'json' && !f.path.endsWith('.min.js'));
  const lastFile = modified.sort((a, b) => (a.path < b.path ? -1 : 1))[modified.length - 1];
  const at = Math.floor(lastFile.change.length / 2);
  const marker = lastFile.lang === 'py' ? `# ${SEARCH_NEEDLE}` : lastFile.lang === 'md' ? SEARCH_NEEDLE : `// ${SEARCH_NEEDLE}`;
  lastFile.change.splice(at, 0, marker);
  return files;
}

function writeLines(root, path, lines) {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, lines.join('\n') + '\n');
}

/** Runs git with a NUL-separated pathspec list on stdin (no argv length limit for 2,000 paths). */
async function gitWithPaths(root, args, paths) {
  if (paths.length === 0) return;
  await git(root, [...args, '--pathspec-from-file=-', '--pathspec-file-nul'], { input: paths.join('\0') });
}

/** The base commit of the plan's files, then the change left in the working tree as an agent leaves it. */
async function writePlan(name, plan, root) {
  for (const file of plan) if (file.base) writeLines(root, file.path, file.base);
  await git(root, ['add', '-A']);
  await git(root, ['commit', '-q', '-m', `bench ${name}: base`]);
  const baseCommit = await gitText(root, ['rev-parse', 'HEAD']);

  // Renames are staged (git mv), everything else is not.
  const renames = plan.filter((f) => f.kind === 'renamed');
  for (const file of renames) {
    mkdirSync(dirname(join(root, file.newPath)), { recursive: true });
    renameSync(join(root, file.path), join(root, file.newPath));
  }
  await gitWithPaths(root, ['rm', '-q', '--cached'], renames.map((f) => f.path));
  await gitWithPaths(root, ['add'], renames.map((f) => f.newPath));
  for (const file of plan) {
    if (file.kind === 'deleted') unlinkSync(join(root, file.path));
    else if (file.kind === 'renamed') writeLines(root, file.newPath, file.change);
    else if (file.kind === 'modified' || file.kind === 'added') writeLines(root, file.path, file.change);
  }
  return baseCommit;
}

/** The older version committed, the newer unpacked over it and left uncommitted (new files untracked). */
async function layRealChange(name, real, root) {
  const tarballs = join(BENCH_DIR, '.work', 'tarballs');
  await unpackOver(root, await packedTarball(real.pkg, real.from, tarballs));
  await git(root, ['add', '-A']);
  await git(root, ['commit', '-q', '-m', `bench ${name}: ${real.pkg} ${real.from}`]);
  const baseCommit = await gitText(root, ['rev-parse', 'HEAD']);
  await unpackOver(root, await packedTarball(real.pkg, real.to, tarballs));
  return baseCommit;
}

/** The working tree's change as a commit, built in a scratch index so HEAD and the real index stay put. */
async function commitChange(name, root, baseCommit) {
  const scratchIndex = join(root, '.git', 'bench-change.index');
  const env = { GIT_INDEX_FILE: scratchIndex };
  await git(root, ['read-tree', 'HEAD'], { env });
  await git(root, ['add', '-A'], { env });
  const tree = await gitText(root, ['write-tree'], { env });
  rmSync(scratchIndex, { force: true });
  const changeCommit = await gitText(root, ['commit-tree', tree, '-p', baseCommit, '-m', `bench ${name}: change`]);
  await git(root, ['update-ref', `refs/heads/${CHANGE_REF}`, changeCommit]);
  return changeCommit;
}

async function buildRepository(name, spec, root) {
  const started = Date.now();
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  await git(root, ['init', '-q', '--initial-branch=main']);
  for (const [key, value] of [['core.autocrlf', 'false'], ['commit.gpgsign', 'false'], ['gc.auto', '0']]) {
    await git(root, ['config', key, value]);
  }

  const baseCommit = spec.real ? await layRealChange(name, spec.real, root) : await writePlan(name, planRepository(name, spec), root);
  const changeCommit = await commitChange(name, root, baseCommit);

  const stats = await measureChange(root, baseCommit, changeCommit);
  const info = {
    name,
    generatorVersion: GENERATOR_VERSION,
    statsVersion: STATS_VERSION,
    path: root,
    baseCommit,
    changeCommit,
    changeRef: CHANGE_REF,
    // R's change is the package's own: no token planted, so no search figure there.
    searchNeedle: spec.real ? null : SEARCH_NEEDLE,
    statusDigest: await statusDigest(root),
    stats,
    generatedInMs: Date.now() - started,
  };
  return info;
}

/**
 * What the diff really contains, counted by git (the "about" figures of the spec, exactly).
 * `-l0` lifts git's rename limit (1,000 candidates by default): past it git stops pairing
 * edited renames and lists each as a deletion plus an addition ("exhaustive rename
 * detection was skipped"), so XL counted 10,254 files where Redline, which pairs the
 * moved files, lists 9,999 (`git diff -M -l0` agrees: 7,500 M, 1,249 A, 749 D, 501 R).
 */
async function measureChange(root, baseCommit, changeCommit) {
  const numstat = (await gitText(root, ['diff', '--numstat', '-M', '-l0', baseCommit, changeCommit])).split('\n').filter(Boolean);
  let additions = 0;
  let deletions = 0;
  for (const row of numstat) {
    const [a, d] = row.split('\t');
    additions += Number(a) || 0;
    deletions += Number(d) || 0;
  }
  const statuses = (await gitText(root, ['diff', '--name-status', '-M', '-l0', baseCommit, changeCommit])).split('\n').filter(Boolean);
  const byStatus = {};
  for (const row of statuses) {
    const letter = row[0];
    byStatus[letter] = (byStatus[letter] ?? 0) + 1;
  }
  const patchBytes = await git(root, ['diff', '-M', '-l0', baseCommit, changeCommit], { discardOutput: true });
  const untracked = (await gitText(root, ['ls-files', '--others', '--exclude-standard'])).split('\n').filter(Boolean).length;
  return { files: numstat.length, additions, deletions, changedLines: additions + deletions, byStatus, patchBytes, untrackedFiles: untracked };
}

/** sha256 of `git status` (porcelain, untracked files listed): changes if anything touched the working tree or index. */
async function statusDigest(root) {
  const status = await git(root, ['status', '--porcelain=v1', '-z', '--untracked-files=all']);
  return createHash('sha256').update(status).digest('hex');
}

function markerPath(name) {
  return join(REPOS_DIR, `${name}.json`);
}

/** The cached repository's record when it is of this generator version and untouched; otherwise null. */
async function reusable(name) {
  const marker = markerPath(name);
  if (!existsSync(marker)) return null;
  try {
    const info = JSON.parse(readFileSync(marker, 'utf8'));
    if (info.generatorVersion !== GENERATOR_VERSION || !existsSync(join(info.path, '.git'))) return null;
    if ((await gitText(info.path, ['rev-parse', 'HEAD'])) !== info.baseCommit) return null;
    if ((await gitText(info.path, ['rev-parse', CHANGE_REF])) !== info.changeCommit) return null;
    if ((await statusDigest(info.path)) !== info.statusDigest) return null;
    if (info.statsVersion !== STATS_VERSION) {
      info.stats = await measureChange(info.path, info.baseCommit, info.changeCommit);
      info.statsVersion = STATS_VERSION;
      writeFileSync(marker, JSON.stringify(info, null, 2) + '\n');
    }
    return info;
  } catch {
    return null;
  }
}

/**
 * Makes sure each named repository exists (generating it when missing,
 * stale or touched) and returns their records, in the order asked.
 */
export async function ensureRepos(names, { force = false } = {}) {
  mkdirSync(REPOS_DIR, { recursive: true });
  const out = [];
  for (const name of names) {
    const spec = REPO_SPECS[name];
    if (!spec) throw new Error(`unknown bench repository "${name}" (known: ${Object.keys(REPO_SPECS).join(', ')})`);
    let info = force ? null : await reusable(name);
    if (info) {
      log(`${name}: cached (generator v${GENERATOR_VERSION}, ${info.stats.files} files, ${info.stats.changedLines} changed lines)`);
    } else {
      log(`${name}: generating...`);
      info = await buildRepository(name, spec, join(REPOS_DIR, name));
      writeFileSync(markerPath(name), JSON.stringify(info, null, 2) + '\n');
      log(`${name}: ${info.stats.files} files, +${info.stats.additions} -${info.stats.deletions}, ${(info.stats.patchBytes / 1e6).toFixed(1)} MB patch, in ${info.generatedInMs} ms`);
    }
    out.push(info);
  }
  return out;
}

export { LANGUAGES };

// CLI: node bench/generateRepos.mjs [--only S,M] [--force]
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const onlyIndex = args.indexOf('--only');
  const names = onlyIndex >= 0 ? args[onlyIndex + 1].split(',') : Object.keys(REPO_SPECS);
  const infos = await ensureRepos(names, { force: args.includes('--force') });
  for (const info of infos) {
    const { files, additions, deletions, byStatus, patchBytes, untrackedFiles } = info.stats;
    console.log(`${info.name}\t${files} files\t+${additions} -${deletions}\t${JSON.stringify(byStatus)}\tuntracked ${untrackedFiles}\tpatch ${patchBytes} B\tbase ${info.baseCommit.slice(0, 12)}\tchange ${info.changeCommit.slice(0, 12)}`);
  }
}
