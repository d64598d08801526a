/**
 * A markdown file of the diff, rendered: the old and the new version side by
 * side (an added or deleted file: its one side), read from the file endpoint
 * the source view expands with. Its images and relative links are not
 * fetched (markdown/sanitizeMarkdown.ts). Loaded lazily (RenderedMarkdownFile.tsx).
 */
import { useEffect, useState } from 'react';
import type { FileContentsData } from '@redline/core';
import { useController, useReview } from '../app/reviewContext.js';
import { errorMessage } from '../ui/errorMessage.js';
import { Markdown } from './Markdown.js';
import { ReadingTheFile } from './RenderedMarkdownFile.js';

type Loaded = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; data: FileContentsData };

export function RenderedFileSides({ fileId }: { fileId: string }) {
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
  const { old: before, new: after } = loaded.data;
  return (
    <div className="rendered-file" role="group" aria-label={`${path ?? fileId} rendered`}>
      {before ? <RenderedSide label="Before" text={before.contents} /> : null}
      {after ? <RenderedSide label="After" text={after.contents} /> : null}
    </div>
  );
}

function RenderedSide({ label, text }: { label: string; text: string }) {
  return (
    <section className="rendered-file-side" aria-label={label}>
      <h3 className="rendered-file-label">{label}</h3>
      <Markdown text={text} />
    </section>
  );
}
