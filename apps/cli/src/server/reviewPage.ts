/**
 * The review page: the built index.html, with the diff's first screen
 * (firstScreen.ts) in the slot the build leaves for it when it answers the
 * unspent review link, and without it on a reload of /.
 *
 * The answer is streamed. Everything before the slot (the head: the
 * reviewer's preferences, read from their file for each answer and put
 * right after `<head>` as a JSON element, then the CSS and the first script,
 * which marks the settings on <html> and asks for the review) is sent and
 * flushed at once, so the browser parses it and
 * the review is on its way while the server renders; then the first screen
 * and the rest (the starter script that loads the app once the first screen
 * is painted: apps/review/index.html). The wait for
 * the review is capped: past FIRST_SCREEN_WAIT_MS the page goes out without
 * a first screen (the app shows the diff when it has it). A reading of the
 * diff less than FIRST_SCREEN_RECENT_MS old is used without a new check.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants as zlib, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';
import { COMPARE_MARKER_NAME, PREFERENCES_ELEMENT_ID, type Preferences, type ReviewData } from '@redline/core';
import type { PreferencesStore } from '../preferences/preferencesStore.js';
import type { ReviewSession } from '../review/reviewSession.js';
import { preferredEncoding } from './httpIo.js';
import { renderFirstScreen } from './firstScreen.js';
import { loadLineHighlighter } from './firstScreenHighlight.js';
import type { StaticApp } from './staticApp.js';

/** Where the build leaves room for the first screen (apps/review/index.html). */
export const FIRST_SCREEN_SLOT = '<!--redline:first-screen-->';

/** How long the page waits for the review before it goes without a first screen. */
export const FIRST_SCREEN_WAIT_MS = 1_000;

/**
 * A reading of the diff this recent is pictured as it is, without checking
 * the repository again (two git processes, 90-220 ms of S's first paint
 * while the browser starts): the review link is usually opened seconds
 * after redline read the diff, and the page's own request for the review,
 * made at once, checks and replaces the picture with the diff as it is.
 */
export const FIRST_SCREEN_RECENT_MS = 10_000;

/** What a page answer reads: the review, and the reviewer's preferences. */
export interface PageSources {
  session: ReviewSession;
  preferences: PreferencesStore;
}

/**
 * The preferences as a `<script type="application/json">` element: a data
 * block, never run (the CSP allows no other script). The JSON is escaped for
 * a script element: `<` as `\u003c` (no `</script>` or `<!--` can end or
 * change it), U+2028 and U+2029 too.
 */
export function preferencesElement(preferences: Preferences): string {
  const json = JSON.stringify(preferences).replace(/[<\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/json" id="${PREFERENCES_ELEMENT_ID}">${json}</script>`;
}

export class ReviewPage {
  /** Rendered once per reading of the diff: a reload with nothing changed renders nothing. */
  private readonly rendered = new WeakMap<ReviewData, string>();

  private constructor(
    /** Up to and including `<head>`: the preferences go right after it (null: a page without one is sent as it is). */
    private readonly headOpen: string | null,
    /** The rest of the head, up to the slot. */
    private readonly head: string,
    /** After the slot; null for a page built without one (sent as it is). */
    private readonly tail: string | null,
    private readonly csp: string,
  ) {}

  static fromApp(app: StaticApp): ReviewPage {
    const { html, csp } = app.indexPage();
    const headAt = html.indexOf('<head>');
    const open = headAt === -1 ? 0 : headAt + '<head>'.length;
    const headOpen = headAt === -1 ? null : html.slice(0, open);
    const at = html.indexOf(FIRST_SCREEN_SLOT);
    if (at === -1) return new ReviewPage(headOpen, html.slice(open), null, csp);
    return new ReviewPage(headOpen, html.slice(open, at), html.slice(at + FIRST_SCREEN_SLOT.length), csp);
  }

  /**
   * `firstScreen: false` sends the page without the diff: for a navigation
   * that carried no proof of the session (a reload of /), which must show
   * nothing of the review to whoever asked.
   */
  async send(req: IncomingMessage, res: ServerResponse, sources: PageSources, how: { cacheControl: string; firstScreen: boolean }): Promise<void> {
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', how.cacheControl);
    res.setHeader('Content-Security-Policy', this.csp);
    res.setHeader('Vary', 'Accept-Encoding');
    const encoding = preferredEncoding(String(req.headers['accept-encoding'] ?? ''));
    if (encoding) res.setHeader('Content-Encoding', encoding);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const out: ServerResponse | BrotliCompress | Gzip = encoding === 'br' ? brotliStream() : encoding === 'gzip' ? createGzip({ level: 6 }) : res;
    if (out !== res) {
      out.pipe(res);
      out.on('error', () => res.destroy());
    }
    // Read fresh: another review's page may have changed them since.
    const preferences = await sources.preferences.read();
    const { settings } = preferences;
    // A `redline compare` review says so in its head: the page offers the comparison without asking the server.
    const compare = sources.session.compare === null ? '' : `<meta name="${COMPARE_MARKER_NAME}" content="on">`;
    const head = this.headOpen === null ? this.head : this.headOpen + preferencesElement(preferences) + compare + this.head;
    const { tail } = this;
    if (tail === null || !how.firstScreen) {
      out.end(tail === null ? head : head + tail);
      return;
    }
    out.write(head);
    if (out !== res) (out as BrotliCompress | Gzip).flush();
    // The first screen is drawn as the page will draw it: its whitespace mode and pairing are the reviewer's preferences.
    sources.session.setUntrackedRenames(settings.pairRenames);
    void this.firstScreen(sources.session, settings.hideWhitespace).then((html) => {
      if (res.destroyed) {
        if (out !== res) out.destroy();
        return;
      }
      out.write(html);
      out.end(tail);
    });
  }

  /**
   * Renders the first screen of the diff as last read (whitespace shown, the
   * default), off the request path: called once the server listens, while
   * the browser is still starting. Rendering it on the first request cost
   * 70 ms of L's (2,000 files) first paint; a reload was 2 ms. The render
   * waits for the review's first reading, whole, and only then loads
   * highlight.js (firstScreenHighlight.ts): both after the link is printed.
   * Then the link's first answer (the manifest of a review in pages, its
   * JSON and brotli: 60-100 ms on XL's 10,000 files) is made, so that
   * request only sends it.
   */
  warm({ session }: PageSources): void {
    setImmediate(() => {
      void this.firstScreen(session, false)
        .then(() => session.loadReviewAnswer(false, 'br', FIRST_SCREEN_RECENT_MS))
        .catch(() => undefined); // the page's own request reports what went wrong
    });
  }

  /** The first screen for the diff as recently read (or read now), or '' (no review in time, or it failed). */
  private async firstScreen(session: ReviewSession, ignoreWhitespace: boolean): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), FIRST_SCREEN_WAIT_MS);
    });
    try {
      const review = await Promise.race([session.loadRecentReview(ignoreWhitespace, FIRST_SCREEN_RECENT_MS), timeout]);
      if (!review) return '';
      let html = this.rendered.get(review);
      if (html === undefined) {
        html = renderFirstScreen(review, {}, await loadLineHighlighter(), session.patchSections(review));
        this.rendered.set(review, html);
      }
      return html;
    } catch {
      return ''; // the app's own request reports what went wrong
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Brotli at a level that takes a millisecond or two for the page's 20-60 KB. */
function brotliStream(): BrotliCompress {
  return createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } });
}
