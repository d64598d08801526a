/**
 * No value import cycle anywhere (docs/architecture.md): every source file of
 * the repository (the core, the CLI, the page, apps/review, e2e, bench,
 * scripts, test support and tests, the config files), found by walking the
 * tree so a new folder is covered without being listed. Two modules that import values from each other work only
 * while the calls happen inside functions, and break the day one moves to
 * the top level. Type-only imports (`import type`, `export type`, named
 * imports all marked `type`) vanish from the built code and may cycle;
 * dynamic `import()`s load later and are not edges. Sources are read with
 * the TypeScript compiler's parser. The finder is shown to catch a planted
 * cycle, so a clean graph means something.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SOURCE_RE = /\.(ts|tsx|js|mjs)$/;
const SKIP_RE = /\.d\.ts$/;
/** Installed packages, build output, test reports and dot folders (git, bench's scratch repositories): not sources. */
const SKIP_DIRS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'coverage']);

/** The source files under `dir` ('' is the repository's root), as paths from the root. */
function sourceFiles(dir: string): string[] {
  return readdirSync(ROOT + dir, { withFileTypes: true }).flatMap((entry) => {
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) || entry.name.startsWith('.') ? [] : sourceFiles(path);
    return SOURCE_RE.test(entry.name) && !SKIP_RE.test(entry.name) ? [path] : [];
  });
}

/** The relative modules a source imports or re-exports values from (static statements only). */
export function valueImports(text: string, fileName = 'x.ts'): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const allTypes = clause !== undefined && clause.name === undefined && named !== undefined && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((element) => element.isTypeOnly);
      if (!allTypes) found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      const named = statement.exportClause;
      const allTypes = statement.isTypeOnly || (named !== undefined && ts.isNamedExports(named) && named.elements.length > 0 && named.elements.every((element) => element.isTypeOnly));
      if (!allTypes) found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return found.filter((specifier) => specifier.startsWith('.'));
}

/** Every cycle's modules, each found once (depth-first, from each module in order). */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push(path.slice(path.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

/** `./x.js` from `dir/a.ts` is `dir/x.ts` (or `.tsx`, `x/index.ts`, or `x.js` itself); `./x.mjs` and e2e's `./support/x` too. */
function resolveModule(from: string, specifier: string): string {
  const base = posix.join(posix.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}.js`, base]) if (existsSync(ROOT + candidate)) return candidate;
  return base;
}

function moduleGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles('')) {
    graph.set(file, valueImports(readFileSync(ROOT + file, 'utf8'), file).map((specifier) => resolveModule(file, specifier)));
  }
  return graph;
}

describe('no value import cycle', () => {
  it('the finder catches a planted cycle, and type-only imports are not edges', () => {
    expect(findCycles(new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']], ['d.ts', ['a.ts']]]))).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(valueImports("import type { A } from './a.js';\nimport { type B, type C } from './b.js';\nexport type { D } from './d.js';\nexport { type E } from './e.js';")).toEqual([]);
    expect(valueImports("import { type B, c } from './b.js';\nexport { e } from './e.js';\nimport f from './f.js';\nimport * as g from './g.js';\nimport './h.js';\nimport x from 'react';")).toEqual(['./b.js', './e.js', './f.js', './g.js', './h.js']);
  });

  it('no source of the repository is in one', () => {
    const graph = moduleGraph();
    for (const folder of ['packages/core/src/', 'apps/cli/src/', 'apps/cli/testSupport/', 'packages/review-editor/src/', 'packages/review-editor/edit/', 'apps/review/', 'e2e/', 'bench/', 'scripts/']) {
      expect([...graph.keys()].some((file) => file.startsWith(folder)), folder).toBe(true);
    }
    expect(graph.size).toBeGreaterThan(600);
    expect(findCycles(graph)).toEqual([]);
  }, 60_000); // parses every source of the repository: about 2.5 s alone, more beside the rest of the suite
});
