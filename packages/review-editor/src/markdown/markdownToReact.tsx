/**
 * The sanitized fragment (sanitizeMarkdown.ts) drawn as React elements, not
 * as inner HTML: only allow-listed tags and attributes are copied again, text
 * goes through TextWithChips (bidi and invisible characters shown as chips,
 * as everywhere else), links open in a new tab without an opener or referrer,
 * and a link whose address was dropped is plain text. Past MAX_DEPTH nested
 * elements the rest of a branch is its text (a second bound: markdown-it's
 * own nesting limit comes first).
 */
import { createElement, type ReactNode } from 'react';
import { TextWithChips } from '../ui/TextWithChips.js';
import { ALLOWED_TAGS, isTooDeep, sanitizeMarkdown } from './sanitizeMarkdown.js';

/** Shown through RenderedMarkdownFile.tsx's lazy(): one lazy chunk for all of the markdown feature. */
export { RenderedFileSides } from './RenderedFileSides.js';

export const MAX_DEPTH = 32;
const TAGS = new Set(ALLOWED_TAGS);
const VOID_TAGS = new Set(['br', 'hr']);
const REACT_ATTR: Record<string, string> = { href: 'href', title: 'title', start: 'start', colspan: 'colSpan', rowspan: 'rowSpan' };

/** The rendered text, or null when it nests too deep to render whole (then it is shown as it is). */
export function markdownToReact(text: string): ReactNode[] | null {
  return isTooDeep(text) ? null : childrenOf(sanitizeMarkdown(text), 0);
}

function childrenOf(node: Node, depth: number): ReactNode[] {
  return Array.from(node.childNodes, (child, key) => nodeToReact(child, key, depth));
}

function nodeToReact(node: Node, key: number, depth: number): ReactNode {
  if (node.nodeType === node.TEXT_NODE) return <TextWithChips key={key} text={node.nodeValue ?? ''} />;
  if (node.nodeType !== node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (!TAGS.has(tag) || depth >= MAX_DEPTH) return <TextWithChips key={key} text={element.textContent ?? ''} />;
  const props = propsOf(element, tag, key);
  if (VOID_TAGS.has(tag)) return createElement(tag, props);
  const children = childrenOf(element, depth + 1);
  if (tag === 'a' && props.href === undefined) return <span key={key}>{children}</span>;
  return createElement(tag, props, ...children);
}

function propsOf(element: Element, tag: string, key: number): Record<string, string | number | boolean> {
  const props: Record<string, string | number | boolean> = { key };
  for (const { name, value } of Array.from(element.attributes)) {
    const reactName = REACT_ATTR[name];
    if (reactName) props[reactName] = value;
  }
  if (tag === 'details' && element.hasAttribute('open')) props.open = true;
  if (tag === 'a' && props.href !== undefined) Object.assign(props, { target: '_blank', rel: 'noopener noreferrer' });
  return props;
}
