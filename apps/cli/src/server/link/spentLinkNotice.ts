/**
 * The words for a review link that was already spent, one wording for the
 * server's page (a second browser at the link), the retired launcher file
 * and `redline status`: when, and what spent it, and what to do if that was
 * not the reviewer.
 */
import type { LinkSpend } from './linkSpender.js';

export interface SpentLinkNotice {
  title: string;
  message: string;
}

export function spentLinkNotice(spend: LinkSpend): SpentLinkNotice {
  return {
    title: 'This review link was already used',
    message:
      `It was used by ${spend.by} at ${clockTime(spend.at)}. Each review link works once. ` +
      "If that was not you, stop this review now: run 'redline stop' in the repository. " +
      "If it was you, go back to that tab, or run 'redline open' in your terminal for a new link.",
  };
}

/** `12:03:41`, the machine's local time (the reviewer's clock, on the same machine). */
export function clockTime(iso: string): string {
  const date = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}
