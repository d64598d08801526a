/**
 * Pre-wrapped text of any length, shown at a cost that does not grow with
 * what is off screen: past LONG_TEXT_CHARS it is cut into blocks of about
 * CHUNK_CHARS (at a line end when one is near, else after a space, never
 * inside a character, an emoji sequence or a combining run), each with
 * `content-visibility: auto`, so the browser lays out and shapes only the
 * blocks near the viewport. One 1 MiB text node of mixed bidi, emoji and
 * RTL text took Chromium 6.2 s to lay out; in 8 KiB blocks, 33 ms. A cut at a
 * space starts a new line there; the text itself (and what a copy gives) is
 * unchanged. Its characters are drawn by TextWithChips, a text with too many
 * to chip being escaped whole first.
 */
import { escapeUnsafeChars } from '@redline/core';
import { hasTooManyChips, TextWithChips } from './TextWithChips.js';

/** Texts up to this length are one run. */
export const LONG_TEXT_CHARS = 16 * 1024;
const CHUNK_CHARS = 8 * 1024;

export function LongText({ text }: { text: string }) {
  if (text.length <= LONG_TEXT_CHARS) return <TextWithChips text={text} />;
  const escaped = hasTooManyChips(text);
  const shown = escaped ? escapeUnsafeChars(text) : text;
  return (
    <span className={escaped ? 'escaped-unsafe' : undefined} title={escaped ? 'This text has too many invisible or bidirectional characters to show each as a chip: they are shown as \\u{…} escapes' : undefined}>
      {chunkText(shown).map((chunk, index) => (
        <span key={index} className="text-chunk">
          {escaped ? chunk : <TextWithChips text={chunk} />}
        </span>
      ))}
    </span>
  );
}

/** The text in consecutive pieces of about CHUNK_CHARS whose concatenation is the text. */
export function chunkText(text: string): string[] {
  const chunks: string[] = [];
  let start = 0;
  while (text.length - start > CHUNK_CHARS) {
    const end = cutAt(text, start);
    chunks.push(text.slice(start, end));
    start = end;
  }
  chunks.push(text.slice(start));
  return chunks;
}

/** Where the piece from `start` ends: after the last LF or space in its second half, else at the size, moved past anything that binds to what precedes it. */
function cutAt(text: string, start: number): number {
  const limit = start + CHUNK_CHARS;
  const half = start + CHUNK_CHARS / 2;
  // Scanned back over the second half only: lastIndexOf would go on to the text's start each time (quadratic).
  let space = -1;
  for (let at = limit - 1; at >= half; at--) {
    const unit = text.charCodeAt(at);
    if (unit === 0x0a) return at + 1;
    if (unit === 0x20 && space === -1) space = at;
  }
  if (space !== -1) return space + 1;
  let end = limit;
  while (end < text.length && bindsToPrevious(text, end)) end++;
  return end;
}

/**
 * Whether the character at `at` belongs with what precedes it: the second
 * half of a surrogate pair, anything after a joiner, a joiner, a combining
 * mark, a variation selector, a skin tone, a tag character, or the second
 * regional indicator of a flag.
 */
function bindsToPrevious(text: string, at: number): boolean {
  const unit = text.charCodeAt(at);
  if ((unit >= 0xdc00 && unit <= 0xdfff) || text.charCodeAt(at - 1) === 0x200d) return true;
  const cp = text.codePointAt(at)!;
  const before = text.codePointAt(at >= 2 && text.charCodeAt(at - 1) >= 0xdc00 && text.charCodeAt(at - 1) <= 0xdfff ? at - 2 : at - 1) ?? 0;
  const isFlagHalf = (c: number) => c >= 0x1f1e6 && c <= 0x1f1ff;
  return (
    cp === 0x200d ||
    (cp >= 0x0300 && cp <= 0x036f) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    (cp >= 0x1f3fb && cp <= 0x1f3ff) ||
    (cp >= 0xe0000 && cp <= 0xe01ef) ||
    (isFlagHalf(cp) && isFlagHalf(before))
  );
}
