/**
 * The reviewer's name (issue 13), typed once in the Send dialog and kept in
 * a cookie like the settings (the port changes every run, cookies are shared
 * by every port of the host). Only what the reviewer typed is ever read:
 * never git config, never the environment.
 */
import type { ReviewStore } from '../app/reviewStore.js';
import { parseCookies, SETTINGS_COOKIE_ATTRIBUTES } from '../settings/settings.js';

export const REVIEWER_COOKIE = 'reviewer';

export function readReviewerCookie(cookieHeader: string): string {
  return parseCookies(cookieHeader).get(REVIEWER_COOKIE) ?? '';
}

export function writeReviewerCookie(reviewer: string, doc: Pick<Document, 'cookie'> = document): void {
  doc.cookie = `${REVIEWER_COOKIE}=${encodeURIComponent(reviewer)}; ${SETTINGS_COOKIE_ATTRIBUTES}`;
}

/** Puts the remembered name in the store and remembers every valid name typed after; returns the unsubscribe. */
export function persistReviewer(store: ReviewStore, doc: Pick<Document, 'cookie'> = document): () => void {
  store.getState().setReviewer(readReviewerCookie(doc.cookie));
  return store.subscribe((s, prev) => {
    if (s.reviewer !== prev.reviewer && s.reviewerCheck.kind !== 'invalid') writeReviewerCookie(s.reviewer.trim(), doc);
  });
}
