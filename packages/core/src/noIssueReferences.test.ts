/**
 * No comment names an issue number (docs/architecture.md, Rules). The issues'
 * texts are not in the repository, so an issue's number is a dead link for
 * whoever reads it: a comment names the behaviour, or links the doc that describes it.
 * Every tracked text file of the packages, the CLI, the e2e specs, the bench,
 * the scripts, the integrations and the docs is read, and the top-level files;
 * CHANGELOG.md's past entries are history and stay as they were written. A bare
 * `#15` is not looked for: CSS colours and markdown anchors spell the same.
 * The finder is shown to catch planted references first, so a clean tree
 * means something.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FOLDERS = ['apps', 'packages', 'e2e', 'bench', 'scripts', 'integrations', 'docs'];
const HISTORY = new Set(['CHANGELOG.md']);

/**
 * The word "issue" or "issues" (any case), then spaces, `#`, `-`, `_` or a
 * comment's line break (` * `, `//`) or nothing, then a number. Linear time:
 * it starts only at a word "issue", and each separator it takes is one
 * character of `[\s*#_-]` or `//`, none of which a digit can be, so a failed
 * attempt gives back at most the separators that follow that one word.
 */
const ISSUE_REFERENCE_RE = /\bissues?(?:[\s*#_-]|\/\/)*\d+/gi;

/** Each reference in a text, as `line: the reference` (1-based line of its first character). */
export function issueReferences(text: string): string[] {
  return [...text.matchAll(ISSUE_REFERENCE_RE)].map((match) => {
    const line = text.slice(0, match.index).split('\n').length;
    return `${line}: ${match[0].replace(/\s+/g, ' ')}`;
  });
}

function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const inScope = (path: string) => !HISTORY.has(path) && (!path.includes('/') || FOLDERS.includes(path.slice(0, path.indexOf('/'))));
  return listed.split('\0').filter((path) => path !== '' && inScope(path) && existsSync(ROOT + path) && statSync(ROOT + path).isFile());
}

// `issue` and the number kept apart in this file's own text, so it names no issue itself.
const ISSUE = 'issue';

describe('no comment names an issue number', () => {
  it('the finder catches planted references, wherever the number is', () => {
    const planted = [
      'const a = 1;',
      `// the picture endpoint (${ISSUE} 15)`,
      ` * ${ISSUE.toUpperCase()} 16, finding 5: 200 concurrent GET`,
      `/* ${ISSUE}s 13 and 14 */ /* ${ISSUE} #7 */`,
      `see docs (${ISSUE}-13) and ${ISSUE}17Targets.mjs`,
      ` * spawned 288 (${ISSUE}`,
      ' * 16, finding 5).',
    ].join('\n');
    expect(issueReferences(planted)).toEqual([`2: ${ISSUE} 15`, `3: ${ISSUE.toUpperCase()} 16`, `4: ${ISSUE}s 13`, `4: ${ISSUE} #7`, `5: ${ISSUE}-13`, `5: ${ISSUE}17`, `6: ${ISSUE} * 16`]);
  });

  it('the finder leaves alone what is not a reference, and takes linear time on hostile text', () => {
    expect(issueReferences(`the ${ISSUE}'s budget, tissue 5, ${ISSUE}s/123 in a URL, #333 and &#39;, ISSUE_TARGET_BYTES = 130_000`)).toEqual([]);
    const started = performance.now();
    expect(issueReferences(`${ISSUE}${' '.repeat(1_000_000)}x`)).toEqual([]);
    expect(issueReferences(`${ISSUE} `.repeat(200_000))).toEqual([]);
    expect(issueReferences(`${ISSUE}${'-'.repeat(1_000_000)}`)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('no tracked source, test, bench, script or doc names one', () => {
    const files = trackedTextFiles();
    expect(files.length).toBeGreaterThan(500);
    const found = files.flatMap((path) => {
      const bytes = readFileSync(ROOT + path);
      if (bytes.includes(0)) return [];
      return issueReferences(bytes.toString('utf8')).map((reference) => `${path}:${reference}`);
    });
    expect(found).toEqual([]);
  });
});
