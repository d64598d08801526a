#!/usr/bin/env node
// Size table for the source tree: per package, the number of source files, the median
// and p90 of their line counts, the median and p90 function length, and the functions
// over 40 lines. Tests, fixtures and testing/ folders are left out: the table is about
// the code that ships. Functions are named functions, methods and named arrow
// functions, measured with the TypeScript compiler API (inner closures count apart).
//
//   node scripts/codeStats.mjs            # markdown table
//   node scripts/codeStats.mjs --long     # plus every file over 400 lines and every function over 40
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const PACKAGES = ['packages/core/src', 'packages/review-editor/src', 'packages/review-editor/edit', 'apps/cli/src', 'apps/review'];
const SOURCE = /\.(ts|tsx)$/;
const NOT_SHIPPED = /(\.test\.tsx?$|\/testing\/|\/testSupport\/|\.d\.ts$)/;

function trackedSources(dir) {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', dir], { encoding: 'utf8' });
  return out.split('\n').filter((p) => SOURCE.test(p) && !NOT_SHIPPED.test(p));
}

function functionName(node) {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText();
  if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && ts.isVariableDeclaration(node.parent)) return node.parent.name.getText();
  if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && ts.isPropertyAssignment(node.parent)) return node.parent.name.getText();
  return null;
}

function functionsOf(path, text) {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    const name = functionName(node);
    if (name) {
      const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const end = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ path, name, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function quantile(sorted, q) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function statsFor(dir) {
  const files = trackedSources(dir).map((path) => {
    const text = readFileSync(path, 'utf8');
    return { path, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0), functions: functionsOf(path, text) };
  });
  const lines = files.map((f) => f.lines).sort((a, b) => a - b);
  const fns = files.flatMap((f) => f.functions);
  const fnLines = fns.map((f) => f.lines).sort((a, b) => a - b);
  return {
    dir,
    files,
    fns,
    row: [dir, files.length, quantile(lines, 0.5), quantile(lines, 0.9), lines.at(-1) ?? 0, fns.length, quantile(fnLines, 0.5), quantile(fnLines, 0.9), fns.filter((f) => f.lines > 40).length],
  };
}

const all = PACKAGES.map(statsFor);
const allFns = all.flatMap((s) => s.fns).map((f) => f.lines).sort((a, b) => a - b);
console.log('| package | files | median lines | p90 | largest | functions | fn median | fn p90 | fns > 40 lines |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const s of all) console.log(`| ${s.row.join(' | ')} |`);
console.log(`\nAll functions: ${allFns.length}, median ${quantile(allFns, 0.5)} lines, p90 ${quantile(allFns, 0.9)}.`);
if (process.argv.includes('--long')) {
  console.log('\nFiles over 400 lines:');
  for (const f of all.flatMap((s) => s.files).filter((f) => f.lines > 400)) console.log(`  ${f.lines} ${f.path}`);
  console.log('\nFunctions over 40 lines:');
  for (const f of all.flatMap((s) => s.fns).filter((f) => f.lines > 40).sort((a, b) => b.lines - a.lines)) console.log(`  ${f.lines} ${f.path} ${f.name}`);
}
