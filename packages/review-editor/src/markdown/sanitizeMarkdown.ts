/**
 * Markdown text to a sanitized DOM fragment: CommonMark by markdown-it, then
 * DOMPurify with an allow-list, so what leaves here holds only the tags and
 * attributes below: no script, style, form, frame, media or image element, no
 * event handler, and only `http:`, `https:` and `mailto:` URLs (a relative one
 * would fetch or navigate from the review server). Part of the lazily loaded
 * markdown chunk (Markdown.tsx).
 *
 * Raw HTML in the text is shown as text, not rendered: the reviewer sees all
 * that the agent (or they) wrote, nothing hidden in a comment or a closed
 * `<details>`; and the markup is markdown-it's own, nested at most
 * `maxNesting` deep (past it markdown-it drops the rest of the text, so a
 * text nested deeper than TOO_DEEP could reach is not rendered at all). With raw HTML on, a 100 KB comment of 10,000 nested
 * `<div>`s kept the test's DOM busy for 300 s and then overflowed its stack.
 * DOMPurify stays as the second wall.
 */
import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';

export const ALLOWED_TAGS = [
  'a', 'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'em', 'strong', 'b', 'i', 'del', 's',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'details', 'summary', 'span', 'div', 'sup', 'sub', 'kbd',
];
export const ALLOWED_ATTR = ['href', 'title', 'start', 'colspan', 'rowspan', 'open'];
const SAFE_URL = /^(?:https?|mailto):/i;

const markdown = new MarkdownIt({ html: false, linkify: true, maxNesting: 100 });
// An image is never fetched (the CSP allows the server's own, and a relative
// one would be asked of it): its alt text stands in, its address in the title.
markdown.renderer.rules.image = (tokens, index) => {
  const token = tokens[index]!;
  const alt = markdown.utils.escapeHtml(token.content);
  const src = markdown.utils.escapeHtml(String(token.attrGet('src') ?? ''));
  return `<span title="Image not shown: ${src}">[image: ${alt}]</span>`;
};

/**
 * A line opening more than 24 quotes or list items, or indented 48 columns:
 * each level costs markdown-it at most 2 of its 100 (a list and its item).
 */
const TOO_DEEP = /^(?:[ \t]*(?:>|[*+-](?=[ \t])|\d{1,9}[.)](?=[ \t]))){25,}|^[ \t]{48,}\S/m;

/** Whether `text` nests too deep to render without losing any of it (then it is shown as it is). */
export function isTooDeep(text: string): boolean {
  return TOO_DEEP.test(text);
}

export function sanitizeMarkdown(text: string): DocumentFragment {
  return DOMPurify.sanitize(markdown.render(text), {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: SAFE_URL,
    ALLOW_ARIA_ATTR: false,
    ALLOW_DATA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
}
