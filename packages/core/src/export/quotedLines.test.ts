import { describe, expect, it } from 'vitest';
import { buildFeedbackReview } from '../model/buildFeedbackReview.js';
import { parseFeedbackJson } from './parseFeedbackJson.js';
import { renderFeedbackJson } from './renderFeedbackJson.js';
import { parseFeedbackMarkdown } from './parseFeedbackMarkdown.js';
import { renderFeedbackMarkdown } from './renderFeedbackMarkdown.js';
import type { Annotation, FileFacts, ReviewData } from '../model/types.js';

// A patch as git writes it: a rename with an edit whose old lines hold a fence, `</details>` and a `## ` heading.
const PATCH = [
  'diff --git a/src/a.js b/src/a.ts',
  'similarity index 87%',
  'rename from src/a.js',
  'rename to src/a.ts',
  'index 1111111..2222222 100644',
  '--- a/src/a.js',
  '+++ b/src/a.ts',
  '@@ -1,4 +1,4 @@',
  ' ````',
  '-</details>',
  '+</summary>',
  ' ## Not a heading',
  ' end',
  'diff --git a/gone.txt b/gone.txt',
  'deleted file mode 100644',
  'index 3333333..0000000',
  '--- a/gone.txt',
  '+++ /dev/null',
  '@@ -1,2 +0,0 @@',
  '-first',
  '-second',
  '',
].join('\n');

const base = { binary: false, oldBlob: null, newBlob: null, oldSize: null, newSize: null, symlink: false, submodule: false } as const;
const FILES: FileFacts[] = [
  { ...base, path: 'src/a.ts', status: 'renamed', oldPath: 'src/a.js', similarity: 87, oldMode: '100644', newMode: '100644', additions: 1, deletions: 1 },
  { ...base, path: 'gone.txt', status: 'deleted', oldPath: null, oldMode: '100644', newMode: null, additions: 0, deletions: 2 },
];
const review: Pick<ReviewData, 'target' | 'files' | 'patch'> = {
  target: { kind: 'working-tree', description: 'Uncommitted changes', baseCommit: null, headCommit: null },
  files: FILES,
  patch: PATCH,
};
const line = (id: string, path: string, side: 'old' | 'new', startLine: number, endLine: number): Annotation => ({
  id, kind: 'comment', scope: 'line', path, side, startLine, endLine, text: 'why?', createdAt: '',
});

describe('quoted lines in the export', () => {
  const built = buildFeedbackReview(review, {
    verdict: 'comment',
    summary: '',
    annotations: [line('c1', 'src/a.ts', 'old', 1, 3), line('c2', 'gone.txt', 'old', 2, 2), line('c3', 'src/a.ts', 'new', 4, 9)],
  }, []);
  const markdown = renderFeedbackMarkdown(built);

  it('quotes each line comment its lines, fenced longer than any backtick run, with both paths of a rename', () => {
    expect(markdown).toContain('## `src/a.ts` (renamed from `src/a.js`, 87% similar)');
    expect(markdown).toContain(
      '**Quoted lines:** (3 lines) · old side of `src/a.js` → `src/a.ts`\n`````ts\n````\n</details>\n## Not a heading\n`````',
    );
    expect(markdown).toContain('**Quoted lines:** (1 line) · old side of `gone.txt` (deleted)\n```text\nsecond\n```');
  });

  it('gives no quote where the patch does not hold every line (context the reviewer expanded)', () => {
    expect(built.annotations.find((a) => a.id === 'c3')).not.toHaveProperty('quoted');
  });

  it('cannot be misread: the quoted `## ` line and `</details>` stay code, and both forms read the quotes back', () => {
    const parsed = parseFeedbackMarkdown(markdown);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const quoted = parsed.review.annotations.map((a) => (a.kind === 'comment' && a.scope === 'line' ? a.quoted : undefined));
    // In the file order: the folder `src/` before `gone.txt`.
    expect(quoted).toEqual([
      { code: '````\n</details>\n## Not a heading', oldPath: 'src/a.js', newPath: 'src/a.ts' },
      undefined,
      { code: 'second', oldPath: 'gone.txt', newPath: null },
    ]);
    expect(parsed.review.files).toContainEqual({ path: 'src/a.ts', status: 'renamed', oldPath: 'src/a.js', similarity: 87 });
    const json = renderFeedbackJson(built);
    expect(json).toContain('"similarity": 87');
    const fromJson = parseFeedbackJson(json);
    expect(fromJson.ok && fromJson.review.annotations.map((a) => (a.kind === 'comment' && a.scope === 'line' ? a.quoted : undefined))).toEqual(quoted);
  });

  it("names a rename the reviewer paired by hand as such (no similarity: git did not find them alike), and reads it back", () => {
    const files: FileFacts[] = [{ ...FILES[0]!, status: 'renamed', oldPath: 'src/a.js', similarity: null, pairedByReviewer: true }, FILES[1]!];
    const paired = renderFeedbackMarkdown(buildFeedbackReview({ ...review, files }, { verdict: 'comment', summary: '', annotations: [line('c1', 'src/a.ts', 'old', 1, 3)] }, []));
    expect(paired).toContain('## `src/a.ts` (renamed from `src/a.js`, paired by the reviewer)');
    const parsed = parseFeedbackMarkdown(paired);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.review.files).toContainEqual({ path: 'src/a.ts', status: 'renamed', oldPath: 'src/a.js', similarity: null, pairedByReviewer: true });
    const built = buildFeedbackReview({ ...review, files }, { verdict: 'comment', summary: '', annotations: [] }, []);
    const json = renderFeedbackJson(built);
    expect(json).toContain('"pairedByReviewer": true');
    const fromJson = parseFeedbackJson(json);
    expect(fromJson.ok && fromJson.review.files).toContainEqual({ path: 'src/a.ts', status: 'renamed', oldPath: 'src/a.js', similarity: null, pairedByReviewer: true });
  });

  it('refuses a quote whose line count disagrees with its heading', () => {
    const broken = markdown.replace('```text\nsecond\n```', '```text\nsecond\nthird\n```');
    expect(broken).not.toBe(markdown);
    const parsed = parseFeedbackMarkdown(broken);
    expect(parsed.ok).toBe(false);
  });
});
