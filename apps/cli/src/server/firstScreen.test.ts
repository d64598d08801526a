import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_ID, type FileFacts, type ReviewData } from '@redline/core';
import { renderFirstScreen } from './firstScreen.js';
import { loadLineHighlighter } from './firstScreenHighlight.js';

function facts(path: string, overrides: Partial<FileFacts> = {}): FileFacts {
  return {
    path,
    oldPath: null,
    status: 'modified',
    binary: false,
    oldMode: '100644',
    newMode: '100644',
    oldBlob: null,
    newBlob: null,
    oldSize: 10,
    newSize: 10,
    additions: 1,
    deletions: 1,
    symlink: false,
    submodule: false,
    ...overrides,
  };
}

function section(path: string, hunks: string): string {
  return `diff --git a/${path} b/${path}\nindex 1111111..2222222 100644\n--- a/${path}\n+++ b/${path}\n${hunks}`;
}

function review(files: Array<[FileFacts, string]>, overrides: Partial<ReviewData> = {}): ReviewData {
  return {
    target: { kind: 'working-tree', description: 'Uncommitted changes', baseCommit: null, headCommit: null },
    repoName: 'demo',
    patch: files.map(([, text]) => text).join(''),
    files: files.map(([f]) => f),
    fingerprint: 'f'.repeat(64),
    patchOnly: false,
    ignoreWhitespace: false,
    ...overrides,
  };
}

const CALC = section('src/calc.ts', '@@ -10,3 +10,3 @@ export {}\n a\n-  return a - b;\n+  return a + b;\n c\n');

describe('renderFirstScreen', () => {
  it('pictures the first file in both layouts, numbered as the app numbers it', () => {
    const html = renderFirstScreen(review([[facts('src/calc.ts'), CALC]]));
    expect(html.startsWith(`<div id="${FIRST_SCREEN_ID}" class="fs" data-ignore-whitespace="off">`)).toBe(true);
    // The code is live (index.html's script); the top bar and the tree are pictures, kept from assistive technology and input.
    expect(html).toContain('<div class="topbar" aria-hidden="true" inert>');
    expect(html).toContain('<div class="fs-sidebar" aria-hidden="true" inert>');
    expect(html).toContain('<section class="fs-file" data-path="src/calc.ts">');
    expect(html).toContain('9 unmodified lines');
    // Unified: one number per row (the old one for a deletion).
    expect(html).toContain('<div class="fs-row fs-del" data-fs-row><span class="fs-num">11</span><span class="fs-text">  return a - b;</span></div>');
    expect(html).toContain('<div class="fs-row fs-add" data-fs-row><span class="fs-num">11</span><span class="fs-text">  return a + b;</span></div>');
    // Split: the deletion beside the addition that replaces it.
    expect(html).toMatch(/<div class="fs-row fs-pair" data-fs-row><span class="fs-half fs-del"><span class="fs-num">11<\/span><span class="fs-text"> {2}return a - b;<\/span><\/span><span class="fs-half fs-add"><span class="fs-num">11<\/span>/);
    expect(html).toContain('<span class="repo-name">demo</span>');
    expect(html).toContain('1 file changed');
  });

  it('escapes HTML and shows bidi and invisible characters as visible escapes', () => {
    const evil = section('src/x.ts', '@@ -1 +1 @@\n-</div><script>alert(1)</script>\n+const s = "\u202Eevil\u200B";\n');
    const html = renderFirstScreen(review([[facts('src/<b>x.ts'), evil]]));
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;/div&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('\\u{202E}evil\\u{200B}');
    expect(html).not.toMatch(/[\u202E\u200B]/);
    expect(html).toContain('data-path="src/&lt;b&gt;x.ts"');
  });

  it('highlights each side as the app does, escaped: the same text, in spans', async () => {
    const highlighter = await loadLineHighlighter();
    expect(highlighter).not.toBeNull();
    const evil = section('src/x.ts', '@@ -1,2 +1,2 @@\n-const a = "</span><script>alert(1)</script>";\n+const s = "\u202Eevil\u200B"; /* one\n+two */ x\n');
    const html = renderFirstScreen(review([[facts('src/<b>x.ts'), evil]]), {}, highlighter);
    expect(html).toContain(' data-highlighted>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<span class="h-keyword">const</span> a = <span class="h-string">&quot;&lt;/span&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;</span>;');
    expect(html).toContain('\\u{202E}evil\\u{200B}');
    expect(html).not.toMatch(/[\u202E\u200B]/);
    // A comment over two lines: closed at the end of the first row, opened again on the second.
    expect(html).toContain('<span class="h-comment">/* one</span></span></div>');
    expect(html).toContain('<span class="fs-text"><span class="h-comment">two */</span> x</span>');
    // Each row's text, tags taken away, is the row's own (escaped), in both layouts: the unified rows in order.
    const unified = html.slice(html.indexOf('fs-unified'), html.indexOf('fs-split'));
    const rowTexts = [...unified.matchAll(/<div class="fs-row [^"]*" data-fs-row><span class="fs-num">\d+<\/span><span class="fs-text">(.*?)<\/span><\/div>/g)].map((m) => m[1]!.replace(/<[^>]*>/g, ''));
    expect(rowTexts).toEqual([
      'const a = &quot;&lt;/span&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;;',
      'const s = &quot;\\u{202E}evil\\u{200B}&quot;; /* one',
      'two */ x',
    ]);
  });

  it('leaves a file in a language it does not know plain, as the app does', async () => {
    const html = renderFirstScreen(review([[facts('notes.unknownext'), section('notes.unknownext', '@@ -1 +1 @@\n-<i>a</i>\n+b\n')]]), {}, await loadLineHighlighter());
    expect(html).toContain('<span class="fs-text">&lt;i&gt;a&lt;/i&gt;</span>');
  });

  it('shows binary, large and renamed files as one line, and generated files by their header only', () => {
    const lock = section('package-lock.json', '@@ -1 +1 @@\n-{}\n+{"a":1}\n');
    const big = section('big.txt', '@@ -1 +1 @@\n-a\n+b\n');
    const renamed = 'diff --git a/old.ts b/new.ts\nsimilarity index 100%\nrename from old.ts\nrename to new.ts\n';
    const binary = 'diff --git a/img.png b/img.png\nBinary files a/img.png and b/img.png differ\n';
    const html = renderFirstScreen(
      review([
        [facts('img.png', { binary: true }), binary],
        [facts('big.txt', { additions: 3000, deletions: 0 }), big],
        [facts('new.ts', { oldPath: 'old.ts', status: 'renamed', similarity: 100, additions: 0, deletions: 0 } as Partial<FileFacts>), renamed],
        [facts('package-lock.json'), lock],
      ]),
    );
    // The page's words (FileNotices), from the core's fileNotices.
    expect(html).toContain('Binary file, not shown · 10 B → 10 B');
    expect(html).toContain('Large diff (3,000 changed lines) not shown until loaded.');
    expect(html).toContain('Renamed from old.ts without changes');
    expect(html).toContain('old.ts → new.ts');
    expect(html).toContain('<span class="fs-move">renamed, 100% similar</span>'); // as the page's header chip
    expect(html).toContain('package-lock.json</span>');
    expect(html).not.toContain('{&quot;a&quot;:1}');
  });

  it('stops at its row budget, even inside a long file', () => {
    const lines = Array.from({ length: 1500 }, (_, i) => `+line ${i}\n`).join('');
    const long = section('long.ts', `@@ -0,0 +1,1500 @@\n${lines}`);
    const html = renderFirstScreen(review([[facts('long.ts', { status: 'added', additions: 1500, deletions: 0 }), long], [facts('next.ts'), CALC]]), { maxRows: 30 });
    expect(html.match(/class="fs-row fs-add"/g)).toHaveLength(30);
    expect(html).not.toContain('next.ts</span></div><div class="fs-code">');
  });

  it('renders nothing when the patch and the file list do not line up, or there are no files', () => {
    expect(renderFirstScreen(review([[facts('src/calc.ts'), CALC]], { files: [] }))).toBe('');
    expect(renderFirstScreen(review([[facts('src/calc.ts'), CALC]], { files: [facts('a'), facts('b')] }))).toBe('');
  });

  it('marks the whitespace mode it was read in', () => {
    expect(renderFirstScreen(review([[facts('src/calc.ts'), CALC]], { ignoreWhitespace: true }))).toContain('data-ignore-whitespace="on"');
  });

  it('a review that continues a series is drawn as the page opens it: the change since the last round, unchanged files left out', () => {
    const whole = section('src/calc.ts', '@@ -1,2 +1,2 @@\n-const base = 1;\n+const now = 3;\n keep\n');
    const other = section('src/other.ts', '@@ -1 +1 @@\n-other base\n+other now\n');
    const since = section('src/calc.ts', '@@ -1,2 +1,2 @@\n-const round = 2;\n+const now = 3;\n keep\n');
    const data = review([[facts('src/calc.ts'), whole], [facts('src/other.ts'), other]], {
      sinceRound: { round: 1, from: 'a'.repeat(40), to: 'b'.repeat(40), patch: since, changedPaths: ['src/calc.ts'] },
    });
    const html = renderFirstScreen(data);
    expect(html).toContain('data-round-view="since"');
    expect(html).toContain('const round = 2;');
    expect(html).not.toContain('const base = 1;');
    // Unchanged since round 1 and holding no thread: not listed, as the page lists the view (filesListed).
    expect(html).not.toContain('src/other.ts');
    expect(html).not.toContain('other base');
    expect(renderFirstScreen({ ...data, sinceRound: undefined } as ReviewData)).not.toContain('data-round-view');
  });

  it('the overview of the change since the last round counts that view (its files, its lines), as the page does', () => {
    const whole = section('src/calc.ts', '@@ -1,2 +1,3 @@\n-const base = 1;\n+const now = 3;\n+const more = 4;\n keep\n');
    const other = section('src/other.ts', '@@ -1 +1 @@\n-other base\n+other now\n');
    const since = section('src/calc.ts', '@@ -1,2 +1,2 @@\n-const round = 2;\n+const now = 3;\n keep\n');
    const files: Array<[FileFacts, string]> = [[facts('src/calc.ts', { additions: 2 }), whole], [facts('src/other.ts'), other]];
    const stats = (html: string) => /<span class="overview-stats">(.*?)<\/span><span class="spacer">/.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
    const roundView = renderFirstScreen(review(files, { sinceRound: { round: 1, from: 'a'.repeat(40), to: 'b'.repeat(40), patch: since, changedPaths: ['src/calc.ts'] } }));
    expect(stats(roundView)).toBe('1 file changed +1 −1');
    expect(stats(renderFirstScreen(review(files)))).toBe('2 files changed +3 −2');
    // Each file's header and tree row too: src/calc.ts counts its round diff's lines; src/other.ts, outside the view, is not listed.
    const fileCounts = (html: string) => [...html.matchAll(/<span class="fs-counts">(.*?)<\/span><\/(?:div|span)>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''));
    // The tree's rows, then the headers (split and unified): every count of src/calc.ts is its round diff's.
    expect(fileCounts(roundView)).toEqual(['+1−1', '+1−1', '+1−1']);
    expect(fileCounts(renderFirstScreen(review(files)))).toEqual(['+2−1', '+1−1', '+2−1', '+1−1', '+2−1', '+1−1']);
  });
});
