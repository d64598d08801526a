/**
 * The adapter wall: Pierre's experimental edit entry is referenced by ONE
 * module, edit/pierreEditAdapter.ts, and only through a dynamic `import()`
 * (so the editor is a lazy chunk, never part of the page while the setting
 * is off). This reads every source file of packages/ and apps/ (ts, tsx,
 * js, mjs; not node_modules or dist) and fails on any other import or
 * mention of the entry, and on a static value import in the adapter.
 *
 * The checker is also run on planted offenders below, so the test is known
 * to be able to fail.
 */
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

// Spelled in pieces so this file is not itself a mention.
const EDIT_ENTRY = ['@pierre', 'diffs', 'edit'].join('/');
const ADAPTER = 'packages/review-editor/edit/pierreEditAdapter.ts';

/**
 * Every source file's text, keyed by its path from the repository root
 * (Vite's glob, resolved when this test is transformed: the page's own
 * toolchain, no Node APIs in a DOM project).
 */
const SOURCES = import.meta.glob<string>(
  ['/packages/**/*.{ts,tsx,js,mjs}', '/apps/**/*.{ts,tsx,js,mjs}', '!**/node_modules/**', '!**/dist/**'],
  { query: '?raw', import: 'default', eager: true },
);

export interface WallFinding {
  file: string;
  problem: string;
}

/** Every way `text` (the file `file`, repository-relative) breaks the wall. */
export function checkWall(file: string, text: string): WallFinding[] {
  if (!text.includes(EDIT_ENTRY)) return file === ADAPTER ? [{ file, problem: 'the adapter does not load the edit entry' }] : [];
  if (file !== ADAPTER) return [{ file, problem: `mentions ${EDIT_ENTRY} (only ${ADAPTER} may)` }];
  const findings: WallFinding[] = [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  let dynamicImports = 0;
  const isEntry = (node: ts.Node | undefined) => !!node && ts.isStringLiteral(node) && node.text === EDIT_ENTRY;
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && isEntry(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name && !!clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) findings.push({ file, problem: `static value import of ${EDIT_ENTRY} (line ${source.getLineAndCharacterOfPosition(node.getStart()).line + 1})` });
    } else if (ts.isExportDeclaration(node) && isEntry(node.moduleSpecifier) && !node.isTypeOnly) {
      findings.push({ file, problem: `re-export of ${EDIT_ENTRY} values` });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && isEntry(node.moduleReference.expression)) {
      findings.push({ file, problem: `import = require(${EDIT_ENTRY})` });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && isEntry(node.arguments[0])) {
      dynamicImports++;
    } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'require' && isEntry(node.arguments[0])) {
      findings.push({ file, problem: `require(${EDIT_ENTRY})` });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (dynamicImports === 0) findings.push({ file, problem: `no dynamic import(${EDIT_ENTRY})` });
  return findings;
}

describe('the adapter wall', () => {
  test('only the adapter references the edit entry, and only by dynamic import()', () => {
    const files = Object.keys(SOURCES).map((key) => key.replace(/^\//, ''));
    // Sanity: the walk really covers the tree (a wrong pattern would pass vacuously).
    expect(files.length).toBeGreaterThan(200);
    expect(files).toContain(ADAPTER);
    expect(files).toContain('packages/review-editor/src/diff/DiffView.tsx');
    expect(files).toContain('apps/cli/src/main.ts');
    expect(files.some((f) => f.includes('node_modules/') || f.includes('/dist/'))).toBe(false);
    const findings = Object.entries(SOURCES).flatMap(([key, text]) => checkWall(key.replace(/^\//, ''), text));
    expect(findings).toEqual([]);
  });

  test('the checker catches every planted offender (so the test above can fail)', () => {
    const q = `'${EDIT_ENTRY}'`;
    expect(checkWall('packages/review-editor/src/diff/DiffView.tsx', `import { Editor } from ${q};`)).toHaveLength(1);
    expect(checkWall('apps/review/src/x.ts', `// see ${EDIT_ENTRY} for details`)).toHaveLength(1);
    expect(checkWall('packages/review-editor/edit/other.ts', `import type { Marker } from ${q};`)).toHaveLength(1);
    expect(checkWall('packages/review-editor/edit/other.ts', `const m = await import(${q});`)).toHaveLength(1);
    const dynamic = `const load = () => import(${q});`;
    expect(checkWall(ADAPTER, `import { Editor } from ${q};\n${dynamic}`)).toEqual([expect.objectContaining({ problem: expect.stringMatching(/static value import.*line 1/) })]);
    expect(checkWall(ADAPTER, `import ${q};\n${dynamic}`)).toHaveLength(1);
    expect(checkWall(ADAPTER, `import * as edit from ${q};\n${dynamic}`)).toHaveLength(1);
    expect(checkWall(ADAPTER, `import { type Marker, Editor } from ${q};\n${dynamic}`)).toHaveLength(1);
    expect(checkWall(ADAPTER, `export { Editor } from ${q};\n${dynamic}`)).toHaveLength(1);
    expect(checkWall(ADAPTER, `import type { Marker } from ${q};`)).toEqual([expect.objectContaining({ problem: expect.stringMatching(/no dynamic import/) })]);
    // Allowed: type-only imports plus the dynamic import.
    expect(checkWall(ADAPTER, `import type { Marker } from ${q};\nimport { type Editor } from ${q};\n${dynamic}`)).toEqual([]);
  });
});
