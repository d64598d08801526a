/**
 * Markdown text (a comment, a reply, a proposal, a markdown file), rendered.
 * The renderer (markdown-it, DOMPurify: markdownToReact.tsx) is a lazy chunk,
 * fetched the first time any text is shown: a review without annotations
 * never loads it. Until it arrives, or if it cannot load, the text shows as
 * it is, pre-wrapped; and so does a text over MAX_RENDERED_CHARS or with more
 * than MAX_CHIPS invisible or bidi characters (TextWithChips): rendered,
 * such a text is hundreds of thousands of elements (a 1 MiB comment took
 * seconds to show); shown as it is (LongText) only what is on screen is laid out.
 */
import { useEffect, useMemo, useState } from 'react';
import { LongText } from '../ui/LongText.js';
import { hasTooManyChips } from '../ui/TextWithChips.js';
import './markdown.css';

type Renderer = typeof import('./markdownToReact.js');

/** The longest text rendered as markdown; a longer one shows as it is. */
export const MAX_RENDERED_CHARS = 128 * 1024;

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
  const renders = useMemo(() => text.length <= MAX_RENDERED_CHARS && !hasTooManyChips(text), [text]);
  useEffect(() => {
    if (loaded || !renders) return;
    let live = true;
    loadMarkdownRenderer().then((next) => live && setLoaded(next), () => undefined);
    return () => {
      live = false;
    };
  }, [loaded, renders]);
  // Null also when the text nests too deep to render whole, or is too big to render: then it shows as it is.
  const tree = useMemo(() => (renders ? (loaded?.markdownToReact(text) ?? null) : null), [loaded, text, renders]);
  const classes = `markdown${className ? ` ${className}` : ''}`;
  if (!tree) {
    return (
      <div className={`${classes} markdown-plain`}>
        <LongText text={text} />
      </div>
    );
  }
  return <div className={classes}>{tree}</div>;
}
