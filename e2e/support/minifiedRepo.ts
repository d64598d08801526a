/** A repository whose working tree adds one 5 MB minified file: one line, no newline (the long line a page must show cut). */
import { scratchRepo } from './scratchRepo';

export const MINIFIED_PATH = 'vendor/bundle.min.js';
export const MINIFIED_BYTES = 5 * 1024 * 1024;

/** `var a0=function(b){return b*0};var a1=…` up to exactly MINIFIED_BYTES characters. */
export function minifiedText(): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < MINIFIED_BYTES; i++) {
    const part = `var a${i}=function(b){return b*${i % 97}};`;
    parts.push(part);
    length += part.length;
  }
  return parts.join('').slice(0, MINIFIED_BYTES);
}

export function minifiedRepo(): string {
  const repo = scratchRepo('redline-minified-', { 'README.md': '# minified\n' });
  repo.write(MINIFIED_PATH, minifiedText());
  return repo.root;
}
