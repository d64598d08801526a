#!/usr/bin/env node
// Derivation cost of edit-to-suggest on big files, against the BUILT core
// (`tsc -b packages/core` first). Prints a markdown table: median of 5 runs.
//
//   node bench/deriveBench.mjs [--runs N]
//
// Files are synthetic, code-like and seeded (same text every run). "edited"
// lines are a mix of changed, inserted and deleted lines spread over the file;
// "rewrite" changes every non-blank line (blank lines and braces stay, as in a
// real rewrite), "rewrite, nothing shared" changes every line.

import { performance } from 'node:perf_hooks';
import { deriveSuggestionHunks } from '../packages/core/dist/suggestions/deriveSuggestionHunks.js';
import { mulberry32 } from '../packages/core/dist/testing/editFuzz.js';

const runsFlag = process.argv.indexOf('--runs');
const RUNS = runsFlag >= 0 ? Number(process.argv[runsFlag + 1]) : 5;
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(`deriveBench: --runs needs a positive integer, got ${process.argv[runsFlag + 1]}`);
  process.exit(2);
}

function codeFile(lineCount, seed) {
  const rng = mulberry32(seed);
  const lines = [];
  for (let i = 0; i < lineCount; i++) {
    const r = rng();
    if (r < 0.12) lines.push('');
    else if (r < 0.2) lines.push('}');
    else if (r < 0.3) lines.push(`function handler${i}(request, response) {`);
    else if (r < 0.45) lines.push(`  return compute(value${i % 97}, ${i});`);
    else lines.push(`  const item${i} = await load('${(rng() * 1e9).toString(36)}', { retries: ${i % 7} });`);
  }
  return lines;
}

/** Edits `count` lines spread evenly: two thirds changed, the rest inserted or deleted. */
function editSpread(lines, count, seed) {
  const rng = mulberry32(seed);
  const out = [...lines];
  const step = Math.floor(lines.length / (count + 1));
  // Bottom-up, so earlier positions stay valid.
  for (let k = count; k >= 1; k--) {
    const at = k * step;
    const r = rng();
    if (r < 0.66) out[at] = `  const edited${k} = review(${k}); // changed`;
    else if (r < 0.83) out.splice(at, 0, `  log('inserted ${k}');`);
    else out.splice(at, 1);
  }
  return out;
}

const rewrite = (lines) => lines.map((line, i) => (line === '' || line === '}' ? line : `${line} // rewritten ${i}`));
const rewriteAll = (lines) => lines.map((line, i) => `rewritten ${i}: ${line}`);

const scenarios = [];
for (const size of [10_000, 100_000]) {
  const base = codeFile(size, size);
  const before = base.join('\n') + '\n';
  scenarios.push({ name: `${size.toLocaleString('en')} lines, 20 edited`, before, after: editSpread(base, 20, 1).join('\n') + '\n' });
  scenarios.push({ name: `${size.toLocaleString('en')} lines, 1% edited (${size / 100})`, before, after: editSpread(base, size / 100, 2).join('\n') + '\n' });
}
{
  const base = codeFile(10_000, 42);
  scenarios.push({ name: '10,000 lines, whole-file rewrite', before: base.join('\n') + '\n', after: rewrite(base).join('\n') + '\n' });
  scenarios.push({ name: '10,000 lines, rewrite, nothing shared', before: base.join('\n') + '\n', after: rewriteAll(base).join('\n') + '\n' });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

// One untimed pass so the JIT has seen every path.
deriveSuggestionHunks(scenarios[0].before, scenarios[0].after);

console.log(`| case | hunks | fallback | median ms (of ${RUNS}) | min–max ms |`);
console.log('|---|---|---|---|---|');
for (const scenario of scenarios) {
  const times = [];
  let result;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    result = deriveSuggestionHunks(scenario.before, scenario.after);
    times.push(performance.now() - started);
  }
  const fmt = (ms) => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0));
  console.log(
    `| ${scenario.name} | ${result.hunks.length} | ${result.fallback ? 'yes' : 'no'} | ${fmt(median(times))} | ${fmt(Math.min(...times))}–${fmt(Math.max(...times))} |`,
  );
}
console.log('');
console.log(`Defaults: maxEditLength 2000, timeout 250 ms. Node ${process.version}.`);
