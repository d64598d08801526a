/**
 * The core's public names, pinned (as shiki pins its entries' exports in
 * test/exports/*.yaml): adding, removing or renaming an export of
 * @redline/core shows up in review as a change to publicExports.yaml
 * (`npx vitest run --project core -u packages/core/src/publicExports.test.ts`
 * rewrites it). Test helpers are never among them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import * as core from './index.js';

const SRC = fileURLToPath(new URL('./', import.meta.url));
const INDEX = SRC + 'index.ts';

/** The names a module exports, values and types apart, as the compiler resolves them. */
function exportsOf(program: ts.Program, file: string): { values: string[]; types: string[] } {
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  const values: string[] = [];
  const types: string[] = [];
  for (const symbol of checker.getExportsOfModule(module)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    (target.flags & ts.SymbolFlags.Value ? values : types).push(symbol.name);
  }
  return { values: values.sort(), types: types.sort() };
}

/** Modules only tests may use: none of their names may be public. */
const TEST_HELPERS = ['suggestions/applySuggestionHunks.ts', 'testing/editFuzz.ts', 'testing/fixSetFuzz.ts'];

const program = ts.createProgram([INDEX, ...TEST_HELPERS.map((m) => SRC + m)], {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  strict: true,
  noEmit: true,
});
const pub = exportsOf(program, INDEX);

describe('the public surface of @redline/core', () => {
  test('is exactly the names in publicExports.yaml', async () => {
    const yaml = ['values:', ...pub.values.map((n) => `  - ${n}`), 'types:', ...pub.types.map((n) => `  - ${n}`), ''].join('\n');
    await expect(yaml).toMatchFileSnapshot('./publicExports.yaml');
  });

  test('the runtime module has exactly the value names the compiler sees', () => {
    expect(Object.keys(core).sort()).toEqual(pub.values);
  });

  test('lists its exports by name (no export *) and includes no test helper', () => {
    const index = readFileSync(INDEX, 'utf8');
    expect(index).not.toMatch(/export \*/);
    const modules = [...index.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
    expect(modules.filter((m) => /testing\/|applySuggestionHunks/.test(m!))).toEqual([]);
    const publicNames = new Set([...pub.values, ...pub.types]);
    for (const helper of TEST_HELPERS) {
      const { values, types } = exportsOf(program, SRC + helper);
      expect(values.length + types.length, helper).toBeGreaterThan(0);
      expect([...values, ...types].filter((name) => publicNames.has(name)), helper).toEqual([]);
    }
  });
});
