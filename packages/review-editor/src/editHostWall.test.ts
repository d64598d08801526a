/**
 * The edit host wall: edit/ (the edit-to-suggest feature) reaches the review
 * page through ONE module, src/editHost.ts. A production file of edit/ that
 * imports anything else of src/ (or the page's package entry) fails this
 * test; edit/'s tests (`*.test.ts(x)`, `edit/testing/`) may also use the
 * page's test seams in src/testing/.
 *
 * The checker is also run on planted offenders below, so the test is known
 * to be able to fail.
 */
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const PACKAGE = 'packages/review-editor';
const HOST = `${PACKAGE}/src/editHost`;

/** edit/'s source files, keyed by their path from the repository root (Vite's glob, as in edit/adapterWall.test.ts). */
const EDIT_SOURCES = import.meta.glob<string>(['/packages/review-editor/edit/**/*.{ts,tsx,js,mjs}'], { query: '?raw', import: 'default', eager: true });

export interface HostFinding {
  file: string;
  problem: string;
}

const isTestFile = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith(`${PACKAGE}/edit/testing/`);

/** Every module specifier `text` imports, re-exports or loads (static, dynamic, require). */
function specifiersOf(file: string, text: string): { specifier: string; line: number }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: { specifier: string; line: number }[] = [];
  const add = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteralLike(node)) found.push({ specifier: node.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) add(node.moduleReference.expression);
    else if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require')))
      add(node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `specifier` imported by `file`, as a repository path without its extension (null: a package). */
function resolveFrom(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const parts = file.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/').replace(/\.(js|jsx|ts|tsx|mjs)$/, '');
}

/** Every way `text` (the edit/ file `file`, repository-relative) reaches past the edit host. */
export function checkEditHost(file: string, text: string): HostFinding[] {
  const findings: HostFinding[] = [];
  for (const { specifier, line } of specifiersOf(file, text)) {
    if (specifier === '@redline/review-editor' || specifier.startsWith('@redline/review-editor/')) {
      findings.push({ file, problem: `imports the page's package entry '${specifier}' (line ${line}); use src/editHost.ts` });
      continue;
    }
    const target = resolveFrom(file, specifier);
    if (target === null || !target.startsWith(`${PACKAGE}/src/`) || target === HOST) continue;
    if (isTestFile(file) && target.startsWith(`${PACKAGE}/src/testing/`)) continue;
    findings.push({ file, problem: `imports ${target} (line ${line}); edit/ may import only src/editHost.ts` });
  }
  return findings;
}

describe('the edit host wall', () => {
  test('edit/ imports nothing of src/ but src/editHost.ts (and, in tests, src/testing/)', () => {
    const files = Object.keys(EDIT_SOURCES).map((key) => key.replace(/^\//, ''));
    // Sanity: the walk really covers edit/ (a wrong pattern would pass vacuously).
    expect(files.length).toBeGreaterThan(15);
    expect(files).toContain(`${PACKAGE}/edit/editSessionController.ts`);
    expect(files).toContain(`${PACKAGE}/edit/testing/fakeCodeView.ts`);
    // And the host is really used (a checker that never matched would pass too).
    expect(Object.values(EDIT_SOURCES).filter((text) => text.includes('src/editHost.js')).length).toBeGreaterThan(5);
    const findings = Object.entries(EDIT_SOURCES).flatMap(([key, text]) => checkEditHost(key.replace(/^\//, ''), text));
    expect(findings).toEqual([]);
  });

  test('the checker catches every planted offender (so the test above can fail)', () => {
    const controller = `${PACKAGE}/edit/editSessionController.ts`;
    const fake = `${PACKAGE}/edit/testing/fakeCodeView.ts`;
    const spec = `${PACKAGE}/edit/EditButton.test.tsx`;
    expect(checkEditHost(controller, `import { buildSuggestion } from '../src/annotations/annotationOps.js';`)).toEqual([
      expect.objectContaining({ problem: expect.stringMatching(/src\/annotations\/annotationOps \(line 1\)/) }),
    ]);
    expect(checkEditHost(controller, `import type { ReviewFile } from '../src/reviewLoading/reviewFile.js';`)).toHaveLength(1);
    expect(checkEditHost(controller, `export { Modal } from '../src/ui/Modal.js';`)).toHaveLength(1);
    expect(checkEditHost(controller, `const m = await import('../src/diff/DiffView.js');`)).toHaveLength(1);
    expect(checkEditHost(controller, `type C = import('../src/app/reviewController.js').ReviewController;`)).toHaveLength(1);
    expect(checkEditHost(controller, `import { ReviewApp } from '@redline/review-editor';`)).toHaveLength(1);
    expect(checkEditHost(controller, `import { createHarness } from '../src/testing/renderWithReview.js';`)).toHaveLength(1);
    expect(checkEditHost(fake, `import type { SlotMeta } from '../../src/diff/slotMeta.js';`)).toHaveLength(1);
    expect(checkEditHost(spec, `import { FileHeaderActions } from '../src/diff/FileHeaderActions.js';`)).toHaveLength(1);
    // Allowed: the host, src/testing/ from tests, edit/'s own files and packages.
    expect(checkEditHost(controller, `import { buildSuggestion, type ReviewFile } from '../src/editHost.js';`)).toEqual([]);
    expect(checkEditHost(fake, `import type { SlotMeta } from '../../src/editHost.js';`)).toEqual([]);
    expect(checkEditHost(spec, `import { createHarness } from '../src/testing/renderWithReview.js';`)).toEqual([]);
    expect(checkEditHost(controller, `import { toLines } from '@redline/core';\nimport { isEditFlagOn } from './editFlag.js';`)).toEqual([]);
  });
});
