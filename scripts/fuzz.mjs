#!/usr/bin/env node
// `npm run fuzz`: the seeded derivation and selection-anchor fuzz at scale,
// against the BUILT core (run `tsc -b packages/core` first; the npm script does).
//
//   node scripts/fuzz.mjs [--cases N] [--selection-cases M] [--set-cases K] [--seed S]
//
// Derivation invariants, per case: (1) no overlapping ranges (each hunk starts
// after the previous one ends), (2) every originalCode equals the pre-edit
// lines at its range, (3) applying all hunks reproduces the edited text's lines,
// (4) the same input gives the same output. Selection-anchor invariants: the
// anchor is inside the pre-edit text, `exact` is only claimed when the selected
// lines equal the anchored ones byte for byte, and on cases whose history is
// unambiguous (unique lines) the anchor is the known right answer. Fix-set
// invariants, per multi-file session of 2-4 files (testing/fixSetFuzz.ts, the
// unit suite's checker): no overlap within a file, every originalCode found at
// its lines, each file's round trip exact, the set id stable, the shape (none,
// one suggestion, or a set in file and line order).
// Exits 1 when any count is non-zero.

import { performance } from 'node:perf_hooks';
import { deriveSuggestionHunks } from '../packages/core/dist/suggestions/deriveSuggestionHunks.js';
import { applySuggestionHunks } from '../packages/core/dist/suggestions/applySuggestionHunks.js';
import { mapSelectionAnchor } from '../packages/core/dist/suggestions/mapSelectionAnchor.js';
import { codeToLines, toLines } from '../packages/core/dist/diff/lines.js';
import { generateEditCase, generateSelectionCase, mulberry32 } from '../packages/core/dist/testing/editFuzz.js';
import { checkSession, generateSessionCase } from '../packages/core/dist/testing/fixSetFuzz.js';

function parseArgs(argv) {
  const options = { cases: 100_000, selectionCases: 50_000, setCases: 100_000, seed: 0x5eed_2026 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    const number = (name) => {
      const parsed = value !== undefined && /^(0x[0-9a-f]+|\d+)$/i.test(value) ? Number(value) : NaN;
      if (!Number.isSafeInteger(parsed)) {
        console.error(`fuzz: ${name} needs a non-negative integer, got ${value ?? 'nothing'}`);
        process.exit(2);
      }
      i++;
      return parsed;
    };
    if (flag === '--cases') options.cases = number('--cases');
    else if (flag === '--selection-cases') options.selectionCases = number('--selection-cases');
    else if (flag === '--set-cases') options.setCases = number('--set-cases');
    else if (flag === '--seed') options.seed = number('--seed') >>> 0;
    else {
      console.error(`fuzz: unknown argument ${flag} (use --cases N, --selection-cases M, --set-cases K, --seed S)`);
      process.exit(2);
    }
  }
  return options;
}

const sameLines = (x, y) => x.length === y.length && x.every((line, i) => line === y[i]);

// No wall-clock cap (a timeout firing on a busy machine would look like
// non-determinism); the cost caps are exercised through maxEditLength.
const optionsFor = (testCase) => ({ timeoutMs: Infinity, ...testCase.options });

function checkDerivation(testCase) {
  const result = deriveSuggestionHunks(testCase.before, testCase.after, optionsFor(testCase));
  const before = toLines(testCase.before);
  const found = { overlap: false, anchor: false, roundTrip: false, determinism: false, generator: false };
  // The oracle is only as good as the generator: it must read back the lines it wrote.
  if (!sameLines(before, testCase.beforeLines) || !sameLines(toLines(testCase.after), testCase.afterLines)) found.generator = true;
  let previousEnd = 0;
  for (const hunk of result.hunks) {
    if (hunk.startLine <= previousEnd) found.overlap = true;
    previousEnd = Math.max(previousEnd, hunk.endLine);
    const count = hunk.endLine - hunk.startLine + 1;
    if (!sameLines(codeToLines(hunk.originalCode, count > 0), before.slice(hunk.startLine - 1, hunk.endLine)) || count < 0) {
      found.anchor = true;
    }
  }
  try {
    if (!sameLines(applySuggestionHunks(before, result.hunks), toLines(testCase.after))) found.roundTrip = true;
  } catch {
    found.roundTrip = true;
  }
  const again = deriveSuggestionHunks(testCase.before, testCase.after, optionsFor(testCase));
  if (JSON.stringify(again) !== JSON.stringify(result)) found.determinism = true;
  return { found, hunks: result.hunks.length, fallback: result.fallback };
}

function checkSelection(testCase) {
  const anchor = mapSelectionAnchor(testCase.before, testCase.after, testCase.selection, optionsFor(testCase));
  const pre = toLines(testCase.before);
  const edited = toLines(testCase.after);
  const found = { outOfRange: false, dishonestExact: false, oracle: false };
  if (pre.length === 0) {
    found.outOfRange = !(anchor.startLine === 1 && anchor.endLine === 1 && !anchor.exact);
    return { found, exact: anchor.exact };
  }
  if (!(anchor.startLine >= 1 && anchor.startLine <= anchor.endLine && anchor.endLine <= pre.length)) found.outOfRange = true;
  const n = edited.length;
  const low = Math.min(testCase.selection.startLine, testCase.selection.endLine);
  const high = Math.max(testCase.selection.startLine, testCase.selection.endLine);
  const first = Math.min(Math.max(low, 1), n);
  const last = Math.min(Math.max(high, 1), n);
  if (anchor.exact && !sameLines(edited.slice(first - 1, last), pre.slice(anchor.startLine - 1, anchor.endLine))) {
    found.dishonestExact = true;
  }
  if (testCase.vocabulary === 'unique' && !testCase.options && n > 0) {
    const origins = testCase.afterOrigins.slice(first - 1, last);
    const untouched = origins.every((origin, i) => origin >= 0 && (i === 0 || origin === origins[i - 1] + 1));
    if (untouched) {
      found.oracle = !(anchor.exact && anchor.startLine === origins[0] + 1 && anchor.endLine === origins.at(-1) + 1);
    } else {
      found.oracle = anchor.exact;
    }
  }
  return { found, exact: anchor.exact };
}

const options = parseArgs(process.argv.slice(2));
const started = performance.now();

const derivation = { overlap: 0, anchor: 0, roundTrip: 0, determinism: 0, generator: 0, multiHunk: 0, fallback: 0, hunks: 0 };
const firstFailures = [];
let rng = mulberry32(options.seed);
for (let n = 0; n < options.cases; n++) {
  const testCase = generateEditCase(rng);
  const { found, hunks, fallback } = checkDerivation(testCase);
  for (const key of Object.keys(found)) if (found[key]) derivation[key]++;
  if (Object.values(found).some(Boolean) && firstFailures.length < 5) firstFailures.push({ n, testCase, found });
  if (hunks > 1) derivation.multiHunk++;
  if (fallback) derivation.fallback++;
  derivation.hunks += hunks;
}
const derivationMs = performance.now() - started;

const selection = { outOfRange: 0, dishonestExact: 0, oracle: 0, exact: 0 };
// A second stream from the same seed, so each half can be reproduced alone.
rng = mulberry32(options.seed ^ 0x9e3779b9);
const selectionStarted = performance.now();
for (let n = 0; n < options.selectionCases; n++) {
  const testCase = generateSelectionCase(rng);
  const { found, exact } = checkSelection(testCase);
  for (const key of Object.keys(found)) if (found[key]) selection[key]++;
  if (Object.values(found).some(Boolean) && firstFailures.length < 5) firstFailures.push({ n, testCase, found, kind: 'selection' });
  if (exact) selection.exact++;
}
const selectionMs = performance.now() - selectionStarted;

const sets = { overlap: 0, anchor: 0, roundTrip: 0, stable: 0, shape: 0, sets: 0, members: 0 };
// A third stream, reproducible alone like the second.
rng = mulberry32(options.seed ^ 0x85ebca6b);
const setsStarted = performance.now();
for (let n = 0; n < options.setCases; n++) {
  const session = generateSessionCase(rng);
  const outcome = checkSession(session);
  for (const key of outcome.violations) sets[key]++;
  if (outcome.violations.length > 0 && firstFailures.length < 5) firstFailures.push({ n, testCase: { before: JSON.stringify(session.files) }, found: outcome.violations, kind: 'fix set' });
  if (outcome.kind === 'set') sets.sets++;
  sets.members += outcome.members;
}
const setsMs = performance.now() - setsStarted;

const hex = `0x${options.seed.toString(16)}`;
console.log(`redline fuzz  seed ${options.seed} (${hex})`);
console.log('');
console.log(`derivation: ${options.cases} cases, ${derivation.multiHunk} with several hunks, ${derivation.hunks} hunks, ${derivation.fallback} capped (fallback), ${(derivationMs / 1000).toFixed(1)} s`);
console.log(`  overlapping ranges           ${derivation.overlap}`);
console.log(`  originalCode anchor mismatch ${derivation.anchor}`);
console.log(`  round-trip failures          ${derivation.roundTrip}`);
console.log(`  non-deterministic results    ${derivation.determinism}`);
console.log(`  generator read-back errors   ${derivation.generator}`);
console.log('');
console.log(`selection anchors: ${options.selectionCases} cases, ${selection.exact} exact, ${(selectionMs / 1000).toFixed(1)} s`);
console.log(`  anchors out of range         ${selection.outOfRange}`);
console.log(`  exact claimed, text differs  ${selection.dishonestExact}`);
console.log(`  wrong on a known history     ${selection.oracle}`);
console.log('');
console.log(`fix sets: ${options.setCases} sessions of 2-4 files, ${sets.sets} sets, ${sets.members} members, ${(setsMs / 1000).toFixed(1)} s`);
console.log(`  overlaps within a file       ${sets.overlap}`);
console.log(`  originalCode anchor mismatch ${sets.anchor}`);
console.log(`  round-trip failures          ${sets.roundTrip}`);
console.log(`  set id unstable              ${sets.stable}`);
console.log(`  wrong shape or order         ${sets.shape}`);
console.log('');
console.log(`elapsed ${((performance.now() - started) / 1000).toFixed(1)} s`);

const failed =
  derivation.overlap + derivation.anchor + derivation.roundTrip + derivation.determinism + derivation.generator + selection.outOfRange + selection.dishonestExact + selection.oracle +
  sets.overlap + sets.anchor + sets.roundTrip + sets.stable + sets.shape;
if (failed > 0) {
  // The first few failures, enough to reproduce: the seed and case index regenerate the rest.
  const clip = (value) => (typeof value === 'string' && value.length > 300 ? `${value.slice(0, 300)}… (${value.length} chars)` : value);
  for (const { n, kind = 'derivation', found, testCase } of firstFailures) {
    const { before, after, pattern, vocabulary, options: caseOptions, selection: picked } = testCase;
    console.error(JSON.stringify({ kind, case: n, found, pattern, vocabulary, options: caseOptions, selection: picked, before: clip(before), after: clip(after) }));
  }
  process.exit(1);
}
