import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampSidebarWidth, DEFAULT_LAYOUT, DEFAULT_PREFERENCES, DEFAULT_SETTINGS, readPreferences, type Preferences } from './preferences.js';

const CHANGED: Preferences = {
  settings: { diffStyle: 'unified', hideWhitespace: true, theme: 'dark', wordWrap: true, editSuggestions: true, pairRenames: false, followLive: 'on' },
  layout: { sidebar: 'hidden', sidebarWidth: 420, unifiedBelow: 0 },
  reviewer: '@bob',
};

describe('readPreferences', () => {
  it('reads every field of a whole value, with no problem', () => {
    expect(readPreferences(CHANGED)).toEqual({ preferences: CHANGED, problems: [] });
    expect(readPreferences(JSON.parse(JSON.stringify(DEFAULT_PREFERENCES)))).toEqual({ preferences: DEFAULT_PREFERENCES, problems: [] });
  });

  it('a value that is not an object is the defaults, and says so', () => {
    for (const value of [null, 'x', 3, [], undefined]) {
      const read = readPreferences(value);
      expect(read.preferences).toEqual(DEFAULT_PREFERENCES);
      expect(read.problems).toHaveLength(1);
      expect(read.problems[0]).toMatch(/^expected an object/);
    }
  });

  // Each field alone made wrong: it alone falls back to its default, and the one problem names it.
  const wrongs: [string, (p: Record<string, Record<string, unknown>>) => void, RegExp][] = [
    ['settings.diffStyle', (p) => (p.settings!.diffStyle = 'sideways'), /^settings\.diffStyle: expected one of split, unified, got "sideways"$/],
    ['settings.hideWhitespace', (p) => (p.settings!.hideWhitespace = 'on'), /^settings\.hideWhitespace: expected true or false, got "on"$/],
    ['settings.theme', (p) => (p.settings!.theme = 'pink'), /^settings\.theme: expected one of system, light, dark/],
    ['settings.wordWrap', (p) => (p.settings!.wordWrap = 1), /^settings\.wordWrap: expected true or false, got 1$/],
    ['settings.editSuggestions', (p) => delete p.settings!.editSuggestions, /^settings\.editSuggestions: expected true or false, got nothing$/],
    ['settings.pairRenames', (p) => (p.settings!.pairRenames = null), /^settings\.pairRenames: expected true or false, got null$/],
    ['settings.followLive', (p) => (p.settings!.followLive = true), /^settings\.followLive: expected one of agent, on, off, got true$/],
    ['layout.sidebar', (p) => (p.layout!.sidebar = 'gone'), /^layout\.sidebar: expected one of shown, hidden/],
    ['layout.sidebarWidth', (p) => (p.layout!.sidebarWidth = 5000), /^layout\.sidebarWidth: expected an integer from 180 to 640, got 5000$/],
    ['layout.unifiedBelow', (p) => (p.layout!.unifiedBelow = 1.5), /^layout\.unifiedBelow: expected an integer from 0 to 4000, got 1\.5$/],
  ];
  for (const [field, spoil, problem] of wrongs) {
    it(`a wrong ${field} is its default, and the problem names it`, () => {
      const value = JSON.parse(JSON.stringify(CHANGED)) as Record<string, Record<string, unknown>>;
      spoil(value);
      const read = readPreferences(value);
      expect(read.problems).toHaveLength(1);
      expect(read.problems[0]).toMatch(problem);
      const [group, key] = field.split('.') as ['settings' | 'layout', string];
      const defaults: Record<string, unknown> = group === 'settings' ? DEFAULT_SETTINGS : DEFAULT_LAYOUT;
      const expected = { ...CHANGED, [group]: { ...CHANGED[group], [key]: defaults[key] } };
      expect(read.preferences).toEqual(expected);
    });
  }

  it('a missing or wrong group is its defaults, and names the group', () => {
    const read = readPreferences({ layout: 'wide', reviewer: '' });
    expect(read.preferences).toEqual(DEFAULT_PREFERENCES);
    expect(read.problems).toEqual(['settings: expected an object, got nothing', 'layout: expected an object, got "wide"']);
  });

  it("the reviewer's name passes the core's identity rule, or is empty; a bad one is '' and named", () => {
    expect(readPreferences({ ...CHANGED, reviewer: '  Eve@Example.com ' }).preferences.reviewer).toBe('Eve@Example.com');
    expect(readPreferences({ ...CHANGED, reviewer: '   ' })).toEqual({ preferences: { ...CHANGED, reviewer: '' }, problems: [] });
    for (const [reviewer, problem] of [
      ['eve\u202Emallory', 'reviewer: contains a control or invisible character'],
      ['x'.repeat(201), 'reviewer: is longer than 200 characters'],
      [42, 'reviewer: expected a string, got 42'],
    ] as const) {
      expect(readPreferences({ ...CHANGED, reviewer })).toEqual({ preferences: { ...CHANGED, reviewer: '' }, problems: [problem] });
    }
  });

  it('unknown fields are dropped', () => {
    const read = readPreferences({ ...CHANGED, extra: 1, settings: { ...CHANGED.settings, colour: 'red' } });
    expect(read).toEqual({ preferences: CHANGED, problems: [] });
  });

  // Invariant: whatever the value, every field of the result is one readPreferences accepts
  // again without a problem (reading is idempotent), and no problem means the value's own fields. 300 cases.
  it('reads anything into preferences it reads back unchanged (300 cases)', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const { preferences } = readPreferences(value);
        expect(readPreferences(JSON.parse(JSON.stringify(preferences)))).toEqual({ preferences, problems: [] });
      }),
      { numRuns: 300 },
    );
  });
});

describe('clampSidebarWidth', () => {
  it('rounds into 180..640', () => {
    expect([0, 179.6, 300.4, 10_000].map(clampSidebarWidth)).toEqual([180, 180, 300, 640]);
  });
});
