/**
 * docs/architecture.md and the tree agree (docs/architecture.md, Rules). Each
 * package folder below has a section in the doc whose `## ` heading names it in
 * backticks; the first cell of each table row in that section names paths
 * relative to it, in backticks: `name/` a folder, anything else a file. The map
 * must name every folder at the top of the package, and wherever it names a
 * folder below another (`commands/review/`), every folder beside that one. A
 * file it names puts its folder on the map too (`html/escapeHtml.ts`). Every
 * folder and file it names must be on disk. Folders are those holding a file
 * git tracks or would track (ignored files, such as dist/, do not count). The
 * comparison is shown on a planted doc and tree first.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DOC = 'docs/architecture.md';
const PACKAGES = ['packages/core/src', 'packages/review-editor/src', 'packages/review-editor/edit', 'apps/cli/src', 'apps/review/src'];

/** The paths the first cells of a package's section name, or null when no section's heading names the package. */
export function namedInSection(doc: string, packageDir: string): string[] | null {
  const lines = doc.split('\n');
  const start = lines.findIndex((line) => line.startsWith('## ') && line.includes(`\`${packageDir}\``));
  if (start === -1) return null;
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  return lines.slice(start + 1, end === -1 ? undefined : end).flatMap((line) => {
    if (!line.startsWith('|')) return [];
    const firstCell = line.slice(1, line.indexOf('|', 1));
    return [...firstCell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
  });
}

/** Each folder that holds a file, with every folder above it, as `a/`, `a/b/` (file paths relative to the package). */
export function foldersOf(files: readonly string[]): Set<string> {
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split('/').slice(0, -1);
    parts.forEach((_, index) => folders.add(`${parts.slice(0, index + 1).join('/')}/`));
  }
  return folders;
}

const parentOf = (folder: string) => folder.slice(0, folder.slice(0, -1).lastIndexOf('/') + 1);

/** What the map lacks and what it names that is gone, each said with its side. */
export function compareMap(packageDir: string, named: readonly string[] | null, files: readonly string[]): string[] {
  const onDisk = foldersOf(files);
  const fileSet = new Set(files);
  const mapped = foldersOf(named?.map((path) => (path.endsWith('/') ? `${path}x` : path)) ?? []);
  const section = named === null ? `no section of ${DOC} names \`${packageDir}\` in its heading` : `not in ${DOC}'s section for \`${packageDir}\``;
  const required = [...onDisk].filter((folder) => parentOf(folder) === '' || [...mapped].some((other) => other !== folder && parentOf(other) === parentOf(folder)));
  const missing = required.filter((folder) => !mapped.has(folder)).map((folder) => `${packageDir}/${folder}: on disk, ${section}`);
  const gone = (named ?? []).filter((path) => (path.endsWith('/') ? !onDisk.has(path) : !fileSet.has(path))).map((path) => `${packageDir}/${path}: in ${DOC}'s section for \`${packageDir}\`, not on disk`);
  return [...missing, ...gone];
}

function packageFiles(packageDir: string): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', packageDir], { cwd: ROOT, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter((path) => path !== '' && existsSync(ROOT + path))
    .map((path) => path.slice(packageDir.length + 1));
}

describe('docs/architecture.md names every folder on disk, and only those', () => {
  const plantedDoc = ['# Map', '## The CLI (`cli/src`)', '| folder | what |', '|---|---|', '| `main.ts` | the entry |', '| `commands/review/`, `server/` | two |', '| `html/escapeHtml.ts` | one escape |', '| `gone/` | renamed since |', '## Next', '| `demo/` | another section |'].join('\n');
  const plantedTree = ['main.ts', 'commands/review/run.ts', 'commands/open/open.ts', 'commands/open/deep/x.ts', 'server/serve.ts', 'server/routes/r.ts', 'html/escapeHtml.ts', 'demo/demo.ts'];

  it('a planted map and tree: the folder it lacks, the one beside a named subfolder, the one it names that is gone', () => {
    expect(namedInSection(plantedDoc, 'cli/src')).toEqual(['main.ts', 'commands/review/', 'server/', 'html/escapeHtml.ts', 'gone/']);
    expect(compareMap('cli/src', namedInSection(plantedDoc, 'cli/src'), plantedTree)).toEqual([
      'cli/src/commands/open/: on disk, not in docs/architecture.md\'s section for `cli/src`',
      'cli/src/demo/: on disk, not in docs/architecture.md\'s section for `cli/src`',
      'cli/src/gone/: in docs/architecture.md\'s section for `cli/src`, not on disk',
    ]);
    expect(compareMap('app/src', namedInSection(plantedDoc, 'app/src'), ['ui/x.ts'])).toEqual(['app/src/ui/: on disk, no section of docs/architecture.md names `app/src` in its heading']);
    expect(compareMap('cli/src', namedInSection(plantedDoc, 'cli/src'), plantedTree.filter((file) => !file.startsWith('html/')))).toContain('cli/src/html/escapeHtml.ts: in docs/architecture.md\'s section for `cli/src`, not on disk');
  });

  it('the doc and the tree agree', () => {
    const doc = readFileSync(ROOT + DOC, 'utf8');
    const problems = PACKAGES.flatMap((packageDir) => {
      const files = packageFiles(packageDir);
      expect(files.length, packageDir).toBeGreaterThan(0);
      return compareMap(packageDir, namedInSection(doc, packageDir), files);
    });
    expect(problems).toEqual([]);
  });
});
