/**
 * The one strict UTF-8 decode of untrusted bytes (HTTP bodies, an export for
 * `redline apply`, findings for `redline annotate`): an invalid byte is
 * refused, never turned into U+FFFD. A leading BOM is dropped.
 */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The text, or null when the bytes are not valid UTF-8. */
export function decodeStrictUtf8(bytes: Uint8Array): string | null {
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    return null;
  }
}
