/**
 * Syntax colours for the server's first screen (firstScreen.ts), so that the
 * first diff the reviewer sees is already highlighted, 0.3-0.4 s after they
 * open the link, instead of when the app's highlighter has started.
 *
 * highlight.js, not the app's Shiki: Shiki's TextMate grammars cost 0.3-1 s
 * of CPU per language on their first lines (TypeScript: 566 ms for 48 lines
 * in Node with the Oniguruma engine, 958 ms with precompiled JavaScript
 * regexes), which the first screen, painted at about 0.4 s, cannot wait for.
 * highlight.js's common set (36 languages) loads in about 70 ms, once per
 * server, when the first screen is first rendered: ReviewPage warms that
 * render when the server listens, and it waits for the review's whole first
 * reading, which goes on once the link is printed. So the load is off the
 * path to the link (it held the link back by 30-80 ms) and off the page's
 * request, which comes later. It colours a first screen's 48 rows in 3-30 ms. Its classes take the colours of the
 * app's themes (GitHub high contrast: styles/firstScreen.css), so the app's
 * diff replaces it with the same palette; a token the two classify
 * differently may change colour then.
 *
 * Which language a file is comes from its name, as in the app (Pierre's
 * file-type table): the extension, or the name itself for files like
 * Dockerfile and Makefile, when highlight.js knows it; other files stay
 * plain text, as the app shows them.
 */
import type { HLJSApi } from 'highlight.js';

/** A loaded highlighter: each line's HTML (escaped, its spans closed), or null for a language it does not know. */
export interface LineHighlighter {
  highlight(path: string, lines: readonly string[]): string[] | null;
}

let loading: Promise<LineHighlighter | null> | null = null;

/** Loads highlight.js once per process; null if it cannot be loaded (the first screen is then plain). */
export function loadLineHighlighter(): Promise<LineHighlighter | null> {
  loading ??= import('highlight.js/lib/common').then(
    (module) => lineHighlighter(module.default),
    () => null,
  );
  return loading;
}

/** Class names are short (`h-keyword`): they are repeated on every token of the page's HTML. */
export const TOKEN_CLASS_PREFIX = 'h-';

function lineHighlighter(hljs: HLJSApi): LineHighlighter {
  hljs.configure({ classPrefix: TOKEN_CLASS_PREFIX });
  return {
    highlight(path, lines) {
      const language = languageOf(hljs, path);
      if (language === null || lines.length === 0) return null;
      try {
        return splitHighlightedLines(hljs.highlight(lines.join('\n'), { language, ignoreIllegals: true }).value, lines.length);
      } catch {
        return null; // a grammar that throws leaves the file plain
      }
    },
  };
}

const NAMED_FILES: Readonly<Record<string, string>> = { dockerfile: 'dockerfile', makefile: 'makefile', gnumakefile: 'makefile', cmakelists: 'cmake' };

function languageOf(hljs: HLJSApi, path: string): string | null {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const dot = name.lastIndexOf('.');
  const named = NAMED_FILES[dot > 0 ? name.slice(0, dot) : name];
  const candidate = named ?? (dot > 0 ? name.slice(dot + 1) : null);
  if (candidate === null || candidate === 'txt' || candidate === 'text') return null;
  return hljs.getLanguage(candidate) ? candidate : null;
}

/**
 * Splits highlight.js's HTML for several lines into one string per line,
 * closing the spans open at each line end and opening them again on the
 * next line (a comment or string that spans lines). One pass over the text:
 * the HTML holds only `<span class="…">`, `</span>` and escaped text.
 * Returns null if the line count does not come out as expected.
 */
export function splitHighlightedLines(html: string, expected: number): string[] | null {
  const lines: string[] = [];
  const open: string[] = [];
  let line = '';
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    const nl = html.indexOf('\n', at);
    if (nl !== -1 && (lt === -1 || nl < lt)) {
      line += html.slice(at, nl) + '</span>'.repeat(open.length);
      lines.push(line);
      line = open.join('');
      at = nl + 1;
      continue;
    }
    if (lt === -1) {
      line += html.slice(at);
      break;
    }
    const gt = html.indexOf('>', lt);
    if (gt === -1) return null;
    const tag = html.slice(lt, gt + 1);
    line += html.slice(at, lt) + tag;
    if (tag.startsWith('</')) open.pop();
    else open.push(tag);
    at = gt + 1;
  }
  lines.push(line);
  return lines.length === expected ? lines : null;
}
