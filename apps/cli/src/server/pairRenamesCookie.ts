/**
 * Whether a review request asks for untracked renames to be paired: yes
 * unless its cookies hold the page's setting turned off (`pairRenames=off`,
 * core's PAIR_RENAMES_COOKIE). Read from the page request, so the first
 * screen, and the early review read with it, pair as the page will: the
 * page's API requests carry no cookies (credentials: 'omit') and say
 * `renames=on|off` in `/api/review`'s query instead.
 */
import type { IncomingMessage } from 'node:http';
import { PAIR_RENAMES_COOKIE } from '@redline/core';

const OFF_RE = new RegExp(`(?:^|;\\s*)${PAIR_RENAMES_COOKIE}=off(?:;|$)`);

export function pairRenamesRequested(req: IncomingMessage): boolean {
  return !OFF_RE.test(String(req.headers.cookie ?? ''));
}
