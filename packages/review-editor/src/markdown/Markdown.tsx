/**
 * Markdown text (a comment, a reply, a proposal, a markdown file), rendered.
 * The renderer (markdown-it, DOMPurify: markdownToReact.tsx) is a lazy chunk,
 * fetched the first time any text is shown: a review without annotations
 * never loads it. Until it arrives, or if it cannot load, the text shows as
 * it is, pre-wrapped.
 */
import { useEffect, useMemo, useState } from 'react';
import { TextWithChips } from '../ui/TextWithChips.js';
import './markdown.css';

type Renderer = typeof import('./markdownToReact.js');

let renderer: Renderer | null = null;
let loading: Promise<Renderer> | null = null;

/** Starts (once) and returns the renderer's load; a failed load is asked again next time. */
export function loadMarkdownRenderer(): Promise<Renderer> {
  loading ??= import('./markdownToReact.js').then(
    (loaded) => (renderer = loaded),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export function Markdown({ text, className }: { text: string; className?: string }) {
  const [loaded, setLoaded] = useState(renderer);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    loadMarkdownRenderer().then((next) => live && setLoaded(next), () => undefined);
    return () => {
      live = false;
    };
  }, [loaded]);
  // Null also when the text nests too deep to render whole: then it shows as it is.
  const tree = useMemo(() => loaded?.markdownToReact(text) ?? null, [loaded, text]);
  const classes = `markdown${className ? ` ${className}` : ''}`;
  if (!tree) {
    return (
      <div className={`${classes} markdown-plain`}>
        <TextWithChips text={text} />
      </div>
    );
  }
  return <div className={classes}>{tree}</div>;
}
