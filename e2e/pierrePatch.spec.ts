/**
 * The patch of @pierre/diffs (patches/, applied by the root postinstall:
 * docs/upstream/README.md) is in the installed package that `vite build`
 * bundles: every line it adds is in the patched file, and the patch was made
 * for the installed version. An install that skipped scripts (`npm ci
 * --ignore-scripts`) or an upgrade of Pierre that the patch no longer fits
 * fails here, before a build ships without it. No browser: it reads files.
 */
import { expect, test } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface PatchedFile {
  path: string;
  added: string[];
}

/** The files a unified patch touches and the lines it adds to each. */
function patchedFiles(patch: string): PatchedFile[] {
  const files: PatchedFile[] = [];
  for (const line of patch.split('\n')) {
    const target = /^\+\+\+ b\/(.+)$/.exec(line)?.[1];
    if (target !== undefined) files.push({ path: target, added: [] });
    else if (line.startsWith('+')) files.at(-1)?.added.push(line.slice(1));
  }
  return files;
}

test('the @pierre/diffs patch is applied to the installed package', () => {
  const patches = readdirSync(join(ROOT, 'patches')).filter((name) => name.startsWith('@pierre+diffs+'));
  expect(patches).toHaveLength(1);
  const [patch] = patches as [string];
  const version = /^@pierre\+diffs\+(.+)\.patch$/.exec(patch)?.[1];
  const installed = JSON.parse(readFileSync(join(ROOT, 'node_modules/@pierre/diffs/package.json'), 'utf8')) as { version: string };
  expect(installed.version, 'the patch was made for another version of @pierre/diffs').toBe(version);
  const files = patchedFiles(readFileSync(join(ROOT, 'patches', patch), 'utf8'));
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    const text = readFileSync(join(ROOT, file.path), 'utf8');
    const missing = file.added.filter((line) => line.trim() !== '' && !text.includes(line));
    expect(missing, `${file.path} lacks the patch's lines (run npm ci, or npx patch-package)`).toEqual([]);
  }
});
