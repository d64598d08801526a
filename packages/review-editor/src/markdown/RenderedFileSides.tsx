/**
 * One side of a markdown file of the diff, rendered: the old version in the
 * slot above the deletions, the new one above the additions (so side by side
 * in split view; an added or deleted file has its one slot), read from the file endpoint
 * the source view expands with. Its images and relative links are not
 * fetched (markdown/sanitizeMarkdown.ts). Loaded lazily (RenderedMarkdownFile.tsx).
 */
import { useEffect, useState } from 'react';
import { errorMessage, type FileContentsData } from '@redline/core';
import { useController, useReview } from '../app/reviewContext.js';
import { Markdown } from './Markdown.js';
import { ReadingTheFile } from './RenderedMarkdownFile.js';

type Loaded = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; data: FileContentsData };

export function RenderedFileSides({ fileId, side }: { fileId: string; side: 'old' | 'new' }) {
  const controller = useController();
  const path = useReview((s) => s.fileById.get(fileId)?.path);
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  useEffect(() => {
    if (!path) return;
    let live = true;
    controller.fetchContents(path).then(
      (data) => live && setLoaded({ kind: 'ready', data }),
      (error: unknown) => live && setLoaded({ kind: 'failed', message: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [controller, path]);
  if (loaded.kind === 'loading') return <ReadingTheFile />;
  if (loaded.kind === 'failed') return <p className="rendered-file-note" role="alert">Cannot show it rendered: {loaded.message}</p>;
  const contents = loaded.data[side];
  const label = side === 'old' ? 'Before' : 'After';
  return (
    <section className="rendered-file" aria-label={`${path ?? fileId} rendered, ${label.toLowerCase()}`}>
      <h3 className="rendered-file-label">{label}</h3>
      {contents ? <Markdown text={contents.contents} /> : <p className="muted">No {side} version</p>}
    </section>
  );
}
