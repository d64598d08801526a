/**
 * No source file over 400 lines (the code rules, docs/architecture.md): a
 * longer one is cut by what a reader names, each part named after what it
 * exports. Shipped sources of every package (tests, fixtures and `testing/`
 * are left out, as `scripts/codeStats.mjs` counts them), lines counted as
 * codeStats does, so its table and this test agree.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PACKAGES = ['packages/core/src', 'packages/review-editor/src', 'packages/review-editor/edit', 'apps/cli/src', 'apps/review'];
const MAX_LINES = 400;
const SOURCE_RE = /\.(ts|tsx)$/;
const NOT_SHIPPED_RE = /\.test\.tsx?$|\/testing\/|\/testSupport\/|\.d\.ts$/;

function sources(dir: string): string[] {
  return readdirSync(ROOT + dir, { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(path);
    return SOURCE_RE.test(entry.name) && !NOT_SHIPPED_RE.test(path) ? [path] : [];
  });
}

/** Lines as codeStats counts them: a final newline ends the last line, it does not start another. */
function lineCount(text: string): number {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('source file sizes', () => {
  it('counts lines as codeStats does', () => {
    expect([lineCount('a\nb\n'), lineCount('a\nb'), lineCount('')]).toEqual([2, 2, 1]);
  });

  it(`no shipped source file is over ${MAX_LINES} lines`, () => {
    const files = PACKAGES.flatMap(sources);
    expect(files.length).toBeGreaterThan(300);
    const sized = files.map((path) => ({ path, lines: lineCount(readFileSync(ROOT + path, 'utf8')) }));
    expect(sized.filter(({ lines }) => lines > MAX_LINES).map(({ path, lines }) => `${path}: ${lines} lines`)).toEqual([]);
  });
});
