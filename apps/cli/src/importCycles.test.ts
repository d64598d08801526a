/**
 * No value import cycle in the CLI (docs/architecture.md): a module that
 * imports a value from one that imports a value back works only while the
 * calls happen inside functions, and breaks the day one moves to the top
 * level. Type-only imports (`import type`, `export type`, specifiers all
 * marked `type`) vanish from the built code and may cycle; dynamic
 * `import()`s load later and are not edges. The finder is shown to catch a
 * planted cycle, so a clean graph means something.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The relative modules a source imports or re-exports values from (static statements only). */
export function valueImports(text: string): string[] {
  const found: string[] = [];
  const statement = /^(import|export)\s+(type\s+)?([^;]*?)\s*from\s+'(\.[^']+)'/gm;
  for (const match of text.matchAll(statement)) {
    const [, , typeOnly, clause = '', specifier = ''] = match;
    if (typeOnly) continue;
    const braces = /^\{([^}]*)\}$/.exec(clause.trim());
    const names = braces ? braces[1]!.split(',').map((name) => name.trim()).filter(Boolean) : null;
    if (names && names.length > 0 && names.every((name) => name.startsWith('type '))) continue;
    found.push(specifier);
  }
  for (const match of text.matchAll(/^import\s+'(\.[^']+)'/gm)) found.push(match[1]!);
  return found;
}

/** Every cycle's modules, each cycle once (depth-first, from each module in order). */
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

function cliGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const targets = valueImports(readFileSync(file, 'utf8')).map((specifier) => resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
    graph.set(relative(SRC, file), targets.map((target) => relative(SRC, target)));
  }
  return graph;
}

describe('the CLI has no value import cycle', () => {
  it('the finder catches a planted cycle, and type-only imports are not edges', () => {
    expect(findCycles(new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']], ['d.ts', ['a.ts']]]))).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(valueImports("import type { A } from './a.js';\nimport { type B, type C } from './b.js';\nexport type { D } from './d.js';")).toEqual([]);
    expect(valueImports("import { type B, c } from './b.js';\nexport { e } from './e.js';\nimport f from './f.js';\nimport * as g from './g.js';")).toEqual(['./b.js', './e.js', './f.js', './g.js']);
  });

  it('apps/cli/src has none', () => {
    const graph = cliGraph();
    expect(graph.size).toBeGreaterThan(150);
    expect(findCycles(graph)).toEqual([]);
  });
});
