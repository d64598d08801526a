/**
 * The CLI's one HTML escape, for every piece of HTML it writes itself: the
 * first screen, the server's small error pages and the browser launcher
 * file. All five specials are escaped, so the result is safe in text and in
 * a quoted attribute value alike.
 */
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}
