/**
 * The reviewer's preferences: the settings (Settings dialog), the page's
 * layout and the reviewer's name (the name that decides whose threads are
 * whose, docs/rounds.md). The CLI keeps them in the user's own file
 * (apps/cli/src/preferences/preferencesStore.ts), the page changes them
 * with `PUT /api/preferences` and receives them injected into the page, so
 * no other local page can read or set them (cookies are shared by every
 * port of 127.0.0.1). `readPreferences` is the one reader of an untrusted
 * value: the file and the request body alike.
 */
import { formatFieldProblem } from '../export/fieldReader.js';
import { checkReviewerIdentity } from '../rounds/reviewerIdentity.js';

export type DiffStyle = 'split' | 'unified';
export type ThemeChoice = 'system' | 'light' | 'dark';
/** Follow the agent live: the diff updates itself as the files change: when an agent started the review (`redline start`), always, or never. */
export type FollowLive = 'agent' | 'on' | 'off';

export interface Settings {
  diffStyle: DiffStyle;
  /** Re-read the diff with `git diff -w`. */
  hideWhitespace: boolean;
  theme: ThemeChoice;
  wordWrap: boolean;
  /** "Edit Code to Suggest" (experimental, off by default): an Edit button on each file. */
  editSuggestions: boolean;
  /** Pair a deleted file with a similar untracked one as a rename; the CLI's `--no-untracked-renames` wins. */
  pairRenames: boolean;
  followLive: FollowLive;
}

export interface LayoutSettings {
  sidebar: 'shown' | 'hidden';
  /** Pixels, dragged by the sidebar's edge (SIDEBAR_WIDTH). */
  sidebarWidth: number;
  /** Below this window width split view shows as unified; 0: never (at most MAX_UNIFIED_BELOW). */
  unifiedBelow: number;
}

export interface Preferences {
  settings: Settings;
  layout: LayoutSettings;
  /** The name typed in the Send dialog, trimmed; '' for none. */
  reviewer: string;
}

export const DEFAULT_SETTINGS: Settings = {
  diffStyle: 'split',
  hideWhitespace: false,
  theme: 'system',
  wordWrap: false,
  editSuggestions: false,
  pairRenames: true,
  followLive: 'agent',
};

export const SIDEBAR_WIDTH = { min: 180, max: 640 } as const;
export const MAX_UNIFIED_BELOW = 4000;

export const DEFAULT_LAYOUT: LayoutSettings = { sidebar: 'shown', sidebarWidth: 300, unifiedBelow: 900 };

export const DEFAULT_PREFERENCES: Preferences = { settings: DEFAULT_SETTINGS, layout: DEFAULT_LAYOUT, reviewer: '' };

export const clampSidebarWidth = (width: number) => Math.round(Math.min(SIDEBAR_WIDTH.max, Math.max(SIDEBAR_WIDTH.min, width)));

/** One field's reader: the value, or what is wrong with it. */
type FieldReader<V> = (raw: unknown) => { ok: true; value: V } | { ok: false; problem: string };

const describe = (raw: unknown): string => (raw === undefined ? 'nothing' : JSON.stringify(raw) ?? typeof raw);

const oneOf = <V extends string>(values: readonly V[]): FieldReader<V> => (raw) =>
  typeof raw === 'string' && (values as readonly string[]).includes(raw)
    ? { ok: true, value: raw as V }
    : { ok: false, problem: `expected one of ${values.join(', ')}, got ${describe(raw)}` };

const bool: FieldReader<boolean> = (raw) =>
  typeof raw === 'boolean' ? { ok: true, value: raw } : { ok: false, problem: `expected true or false, got ${describe(raw)}` };

const integerIn = (min: number, max: number): FieldReader<number> => (raw) =>
  typeof raw === 'number' && Number.isInteger(raw) && raw >= min && raw <= max
    ? { ok: true, value: raw }
    : { ok: false, problem: `expected an integer from ${min} to ${max}, got ${describe(raw)}` };

const reviewerName: FieldReader<string> = (raw) => {
  if (typeof raw !== 'string') return { ok: false, problem: `expected a string, got ${describe(raw)}` };
  if (raw.trim() === '') return { ok: true, value: '' };
  const checked = checkReviewerIdentity(raw);
  return checked.ok ? { ok: true, value: checked.reviewer } : { ok: false, problem: checked.problem };
};

const SETTING_READERS: { [K in keyof Settings]: FieldReader<Settings[K]> } = {
  diffStyle: oneOf(['split', 'unified'] as const),
  hideWhitespace: bool,
  theme: oneOf(['system', 'light', 'dark'] as const),
  wordWrap: bool,
  editSuggestions: bool,
  pairRenames: bool,
  followLive: oneOf<FollowLive>(['agent', 'on', 'off']),
};

const LAYOUT_READERS: { [K in keyof LayoutSettings]: FieldReader<LayoutSettings[K]> } = {
  sidebar: oneOf(['shown', 'hidden'] as const),
  sidebarWidth: integerIn(SIDEBAR_WIDTH.min, SIDEBAR_WIDTH.max),
  unifiedBelow: integerIn(0, MAX_UNIFIED_BELOW),
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads each field of a group with its reader; a bad or missing one is its default, and a problem naming it. */
function readGroup<T extends object>(raw: unknown, name: string, readers: { [K in keyof T]: FieldReader<T[K]> }, defaults: T, problems: string[]): T {
  if (!isObject(raw)) {
    problems.push(formatFieldProblem({ field: name, problem: `expected an object, got ${describe(raw)}` }));
    return { ...defaults };
  }
  const out = { ...defaults };
  for (const key of Object.keys(readers) as (keyof T & string)[]) {
    const read = readers[key](raw[key]);
    if (read.ok) out[key] = read.value;
    else problems.push(formatFieldProblem({ field: `${name}.${key}`, problem: read.problem }));
  }
  return out;
}

/**
 * The preferences in an untrusted value (the parsed file, a request body):
 * each field that is missing or wrong falls back to its default and is
 * listed in `problems` as `settings.theme: expected one of …, got "pink"`.
 * Unknown fields are dropped. The reviewer's name must pass the core's
 * identity rule (checkReviewerIdentity), or be empty.
 */
export function readPreferences(value: unknown): { preferences: Preferences; problems: string[] } {
  const problems: string[] = [];
  if (!isObject(value)) return { preferences: DEFAULT_PREFERENCES, problems: [`expected an object, got ${describe(value)}`] };
  const settings = readGroup(value.settings, 'settings', SETTING_READERS, DEFAULT_SETTINGS, problems);
  const layout = readGroup(value.layout, 'layout', LAYOUT_READERS, DEFAULT_LAYOUT, problems);
  const name = reviewerName(value.reviewer);
  if (!name.ok) problems.push(formatFieldProblem({ field: 'reviewer', problem: name.problem }));
  return { preferences: { settings, layout, reviewer: name.ok ? name.value : DEFAULT_PREFERENCES.reviewer }, problems };
}
