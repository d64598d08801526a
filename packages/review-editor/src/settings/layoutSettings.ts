/**
 * The page's layout, remembered across reviews like the settings (cookies:
 * the port changes every run): whether the sidebar is shown, its width,
 * and the window width below which split view shows as unified (issue 18,
 * finding 2: at 800 px a split diff left the comment form's button off
 * screen).
 */
import { parseCookies, SETTINGS_COOKIE_ATTRIBUTES } from './settings.js';

export interface LayoutSettings {
  sidebar: 'shown' | 'hidden';
  /** Pixels, dragged by the sidebar's edge. */
  sidebarWidth: number;
  /** Below this window width split view shows as unified; 0: never. */
  unifiedBelow: number;
}

export const SIDEBAR_WIDTH = { min: 180, max: 640 } as const;

export const DEFAULT_LAYOUT: LayoutSettings = { sidebar: 'shown', sidebarWidth: 300, unifiedBelow: 900 };

const COOKIES = { sidebar: 'sidebar', sidebarWidth: 'sidebarWidth', unifiedBelow: 'unifiedBelow' } as const satisfies Record<keyof LayoutSettings, string>;

export const clampSidebarWidth = (width: number) => Math.round(Math.min(SIDEBAR_WIDTH.max, Math.max(SIDEBAR_WIDTH.min, width)));

export function readLayout(cookieHeader: string): LayoutSettings {
  const cookies = parseCookies(cookieHeader);
  const width = Number(cookies.get(COOKIES.sidebarWidth));
  const below = Number(cookies.get(COOKIES.unifiedBelow));
  return {
    sidebar: cookies.get(COOKIES.sidebar) === 'hidden' ? 'hidden' : 'shown',
    sidebarWidth: Number.isFinite(width) && width > 0 ? clampSidebarWidth(width) : DEFAULT_LAYOUT.sidebarWidth,
    unifiedBelow: cookies.has(COOKIES.unifiedBelow) && Number.isInteger(below) && below >= 0 && below <= 4000 ? below : DEFAULT_LAYOUT.unifiedBelow,
  };
}

export function writeLayout(changed: Partial<LayoutSettings>, doc: Pick<Document, 'cookie'> = document): void {
  for (const key of Object.keys(changed) as (keyof LayoutSettings)[]) {
    const value = changed[key];
    if (value !== undefined) doc.cookie = `${COOKIES[key]}=${encodeURIComponent(String(value))}; ${SETTINGS_COOKIE_ATTRIBUTES}`;
  }
}
