/**
 * One side of a markdown file shown rendered (a `markdown-file` slot). Its view comes
 * with the renderer's lazy chunk (markdownToReact.tsx re-exports it), which
 * it needs anyway: in the entry chunk it cost about 400 of the 1,100 bytes
 * (brotli) this feature had added there; as a second lazy chunk of its own,
 * the bundler moved React and the shared code out of the entry into a common
 * chunk loaded at start (4.6 KB more brotli at start in all).
 */
import { lazy, Suspense } from 'react';

const Sides = lazy(() => import('./markdownToReact.js').then((m) => ({ default: m.RenderedFileSides })));

export function ReadingTheFile() {
  return <p className="rendered-file-note muted">Reading the file…</p>;
}

export function RenderedMarkdownFile({ fileId, side }: { fileId: string; side: 'old' | 'new' }) {
  return (
    <Suspense fallback={<ReadingTheFile />}>
      <Sides fileId={fileId} side={side} />
    </Suspense>
  );
}
