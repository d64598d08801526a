/**
 * Reviewer settings, kept in cookies: the server's port changes every run, so
 * localStorage (per origin, port included) would forget them, while cookies
 * are shared by every port of the host.
 */

import { PAIR_RENAMES_COOKIE } from '@redline/core';

export type DiffStyle = 'split' | 'unified';
export type ThemeChoice = 'system' | 'light' | 'dark';

export interface Settings {
  diffStyle: DiffStyle;
  /** Re-read the diff with `git diff -w`. */
  hideWhitespace: boolean;
  theme: ThemeChoice;
  wordWrap: boolean;
  /** "Edit Code to Suggest" (experimental, off by default): an Edit button on each file. */
  editSuggestions: boolean;
  /** Pair a deleted file with a similar untracked one as a rename (issue 15); the server reads the cookie (PAIR_RENAMES_COOKIE). */
  pairRenames: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  diffStyle: 'split',
  hideWhitespace: false,
  theme: 'system',
  wordWrap: false,
  editSuggestions: false,
  pairRenames: true,
};

interface CookieCodec<V> {
  cookie: string;
  parse(raw: string): V | undefined;
  format(value: V): string;
}

const bool = (cookie: string): CookieCodec<boolean> => ({
  cookie,
  parse: (raw) => (raw === 'on' ? true : raw === 'off' ? false : undefined),
  format: (value) => (value ? 'on' : 'off'),
});

/** A flag that also accepts `1`/`0` (what scripts such as the benchmark runner set). */
const flag = (cookie: string): CookieCodec<boolean> => ({
  cookie,
  parse: (raw) => (raw === 'on' || raw === '1' ? true : raw === 'off' || raw === '0' ? false : undefined),
  format: (value) => (value ? 'on' : 'off'),
});

const oneOf = <V extends string>(cookie: string, values: readonly V[]): CookieCodec<V> => ({
  cookie,
  parse: (raw) => (values as readonly string[]).includes(raw) ? (raw as V) : undefined,
  format: (value) => value,
});

/** One cookie per setting; unknown or malformed values fall back to the default. */
export const SETTING_CODECS: { [K in keyof Settings]: CookieCodec<Settings[K]> } = {
  diffStyle: oneOf('diffStyle', ['split', 'unified'] as const),
  hideWhitespace: bool('hideWhitespace'),
  theme: oneOf('theme', ['system', 'light', 'dark'] as const),
  wordWrap: bool('wordWrap'),
  editSuggestions: flag('editSuggestions'),
  pairRenames: bool(PAIR_RENAMES_COOKIE),
};

export const SETTINGS_COOKIE_ATTRIBUTES = 'SameSite=Strict; Path=/; Max-Age=31536000';

/** Cookie name → value, from `document.cookie`. */
export function parseCookies(cookieHeader: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!out.has(name)) {
      try {
        out.set(name, decodeURIComponent(part.slice(eq + 1).trim()));
      } catch {
        out.set(name, part.slice(eq + 1).trim());
      }
    }
  }
  return out;
}

export function readSettings(cookieHeader: string): Settings {
  const cookies = parseCookies(cookieHeader);
  const read = <K extends keyof Settings>(key: K): Settings[K] => {
    const raw = cookies.get(SETTING_CODECS[key].cookie);
    return (raw === undefined ? undefined : SETTING_CODECS[key].parse(raw)) ?? DEFAULT_SETTINGS[key];
  };
  return {
    diffStyle: read('diffStyle'),
    hideWhitespace: read('hideWhitespace'),
    theme: read('theme'),
    wordWrap: read('wordWrap'),
    editSuggestions: read('editSuggestions'),
    pairRenames: read('pairRenames'),
  };
}

/** The `document.cookie = …` assignment that stores one setting for a year. */
export function settingCookie<K extends keyof Settings>(key: K, value: Settings[K]): string {
  const codec = SETTING_CODECS[key];
  return `${codec.cookie}=${encodeURIComponent(codec.format(value))}; ${SETTINGS_COOKIE_ATTRIBUTES}`;
}

export function writeSettings(changed: Partial<Settings>, doc: Pick<Document, 'cookie'> = document): void {
  for (const key of Object.keys(changed) as (keyof Settings)[]) {
    const value = changed[key];
    if (value !== undefined) doc.cookie = settingCookie(key, value as never);
  }
}
