/**
 * The layer rules of docs/architecture.md, as a test (in the style of the
 * adapter wall, packages/review-editor/edit/adapterWall.test.ts):
 * - the core (packages/core/src, its tests aside) imports nothing but `diff`
 *   and its own relative files;
 * - the CLI (apps/cli/src) never imports `@pierre/*`, `react`, `react-dom` or
 *   `zustand` (`@pierre/diffs` crashes at load in Node 20, and the CLI has no
 *   DOM);
 * - the page (packages/review-editor, apps/review/src) never imports `node:*`
 *   or a bare Node builtin (`fs`, `path`, …).
 * Its tsconfig keeps `node:*` out of the core, but packages are hoisted, so
 * `import … from '@pierre/diffs'` would compile there: only this test stops it.
 *
 * Every source file (ts, tsx, js, mjs; not node_modules or dist) is read by
 * the TypeScript compiler's import scan, and every module it names is
 * checked: static imports (type-only ones too), `export … from`,
 * `import x = require()`, dynamic `import()`, `import('…')` types and
 * `require()`. The checker also runs on planted
 * offenders below, so the test is known to be able to fail.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SOURCE_RE = /\.(ts|tsx|js|mjs)$/;
const NODE_BUILTINS = new Set(builtinModules);

export interface BoundaryFinding {
  file: string;
  specifier: string;
  problem: string;
}

/** One layer: which files it covers, and why a module they name is refused (null when allowed). */
interface Layer {
  name: string;
  covers: (file: string) => boolean;
  refuse: (specifier: string, file: string) => string | null;
}

const isRelative = (specifier: string) => specifier.startsWith('./') || specifier.startsWith('../');
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

const LAYERS: readonly Layer[] = [
  {
    name: 'core',
    // The core's tests may use vitest, fast-check and node:* (they are not part of the core).
    covers: (file) => file.startsWith('packages/core/src/') && !isTest(file),
    refuse: (specifier, file) => {
      if (specifier === 'diff') return null;
      if (!isRelative(specifier)) return 'the core imports nothing but `diff` and its own files';
      const target = posix.normalize(posix.join(posix.dirname(file), specifier));
      return target.startsWith('packages/core/src/') ? null : 'a relative import that leaves packages/core/src';
    },
  },
  {
    name: 'cli',
    covers: (file) => file.startsWith('apps/cli/src/'),
    refuse: (specifier) => {
      const name = packageName(specifier);
      if (name.startsWith('@pierre/')) return 'the CLI never imports @pierre/* (it crashes at load in Node 20)';
      return ['react', 'react-dom', 'zustand'].includes(name) ? `the CLI never imports ${name}` : null;
    },
  },
  {
    name: 'page',
    covers: (file) => file.startsWith('packages/review-editor/') || file.startsWith('apps/review/src/'),
    refuse: (specifier) => {
      if (specifier.startsWith('node:')) return 'the page never imports node:*';
      return NODE_BUILTINS.has(packageName(specifier)) ? 'the page never imports a Node builtin' : null;
    },
  },
];

/** `react-dom/client` → `react-dom`, `@scope/pkg/sub` → `@scope/pkg`, `fs/promises` → `fs`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * Every module specifier the file names, with its line, however it is named:
 * the compiler's own pre-processing scan (`ts.preProcessFile`, import
 * detection for JavaScript on, so `require()` counts), which skips comments
 * and strings and is about 5x faster than a full parse (0.8 s against 4.4 s
 * for the 282 files on a busy machine).
 */
export function moduleSpecifiers(text: string): { specifier: string; line: number }[] {
  return ts.preProcessFile(text, true, true).importedFiles.map(({ fileName, pos }) => ({
    specifier: fileName,
    line: text.slice(0, pos).split('\n').length,
  }));
}

/** Every way the file (repository-relative path) breaks a layer rule. */
export function checkBoundaries(file: string, text: string): BoundaryFinding[] {
  const layers = LAYERS.filter((layer) => layer.covers(file));
  if (layers.length === 0) return [];
  return moduleSpecifiers(text).flatMap(({ specifier, line }) =>
    layers.flatMap((layer) => {
      const problem = layer.refuse(specifier, file);
      return problem === null ? [] : [{ file, specifier, problem: `${problem} (${layer.name}, line ${line})` }];
    }),
  );
}

/** Every source file under packages/ and apps/, never descending into node_modules or dist. */
function sourceFiles(dir = '', files: string[] = []): string[] {
  for (const entry of readdirSync(ROOT + (dir || '.'), { withFileTypes: true })) {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      const top = dir === '' && (entry.name === 'packages' || entry.name === 'apps');
      if ((dir !== '' || top) && entry.name !== 'node_modules' && entry.name !== 'dist') sourceFiles(path, files);
    } else if (dir !== '' && SOURCE_RE.test(entry.name)) {
      files.push(path);
    }
  }
  return files;
}

describe('import boundaries between the layers', () => {
  test('the core, the CLI and the page import only what their layer may', () => {
    const files = sourceFiles();
    // Sanity: the walk really covers each layer (a wrong root would pass vacuously).
    for (const layer of LAYERS) expect(files.filter(layer.covers).length, layer.name).toBeGreaterThan(20);
    expect(files).toContain('packages/core/src/index.ts');
    expect(files).toContain('apps/cli/src/main.ts');
    expect(files).toContain('apps/review/src/main.tsx');
    expect(files.some((f) => f.includes('node_modules/') || f.includes('/dist/'))).toBe(false);
    const findings = files.flatMap((file) => checkBoundaries(file, readFileSync(ROOT + file, 'utf8')));
    expect(findings).toEqual([]);
  }, 60_000);

  test('the checker catches every planted offender (so the test above can fail)', () => {
    const core = 'packages/core/src/diff/planted.ts';
    const pierre = ['@pierre', 'diffs'].join('/');
    const offenders: [file: string, text: string][] = [
      [core, `import { parsePatchFiles } from '${pierre}';`],
      [core, `import type { FileDiffMetadata } from '${pierre}';`],
      [core, `export { x } from 'react';`],
      [core, `export * from 'zustand';`],
      [core, `const m = await import('node:fs');`],
      [core, `const m = require('fs');`],
      [core, `import fs = require('fs');`],
      [core, `type T = import('${pierre}').FileDiffMetadata;`],
      [core, `import { x } from '../../../../apps/cli/src/main.js';`],
      [core, `import { diffLines } from 'diff/lib/index.js';`],
      ['apps/cli/src/server/planted.ts', `import { FileDiff } from '${pierre}';`],
      ['apps/cli/src/server/planted.ts', `import { createRoot } from 'react-dom/client';`],
      ['apps/cli/src/server/planted.ts', `const z = await import('zustand');`],
      ['apps/cli/src/server/planted.test.ts', `import { jsx } from 'react/jsx-runtime';`],
      ['packages/review-editor/src/planted.ts', `import { readFile } from 'node:fs/promises';`],
      ['packages/review-editor/edit/planted.ts', `import { join } from 'path';`],
      ['packages/review-editor/src/planted.test.tsx', `const fs = require('fs');`],
      ['apps/review/src/planted.tsx', `export { createHash } from 'crypto';`],
    ];
    for (const [file, text] of offenders) expect(checkBoundaries(file, text), `${file}: ${text}`).toHaveLength(1);
    // Allowed: the core's own files and jsdiff, the CLI's node:*, the page's packages, comments and strings.
    expect(checkBoundaries(core, `import { diffArrays } from 'diff';\nimport { toLines } from '../diff/lines.js';`)).toEqual([]);
    expect(checkBoundaries('packages/core/src/diff/planted.test.ts', `import { createHash } from 'node:crypto';`)).toEqual([]);
    expect(checkBoundaries('apps/cli/src/planted.ts', `import { readFile } from 'node:fs/promises';\nimport { API } from '@redline/core';`)).toEqual([]);
    expect(checkBoundaries('packages/review-editor/src/planted.ts', `import { create } from 'zustand';\n// import 'node:fs'\nconst s = "require('fs')";`)).toEqual([]);
  });
});
