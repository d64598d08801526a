import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseCookies, readSettings, settingCookie, writeSettings } from './settings.js';

describe('settings cookies', () => {
  it('read defaults when no cookie is set, and ignore malformed values', () => {
    expect(readSettings('')).toEqual(DEFAULT_SETTINGS);
    expect(readSettings('diffStyle=sideways; theme=dark; wordWrap=yes')).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark' });
  });

  it('store each setting in its own cookie for a year, SameSite=Strict, on every path', () => {
    expect(settingCookie('diffStyle', 'unified')).toBe('diffStyle=unified; SameSite=Strict; Path=/; Max-Age=31536000');
    expect(settingCookie('hideWhitespace', true)).toBe('hideWhitespace=on; SameSite=Strict; Path=/; Max-Age=31536000');
  });

  it('round-trip through a cookie jar', () => {
    const jar: string[] = [];
    const doc = {
      get cookie() {
        return jar.map((c) => c.split(';')[0]).join('; ');
      },
      set cookie(value: string) {
        jar.push(value);
      },
    };
    writeSettings({ diffStyle: 'unified', hideWhitespace: true, theme: 'light', wordWrap: true, editSuggestions: true, pairRenames: false }, doc);
    expect(readSettings(doc.cookie)).toEqual({ diffStyle: 'unified', hideWhitespace: true, theme: 'light', wordWrap: true, editSuggestions: true, pairRenames: false });
  });

  it('keep "Edit Code to Suggest" off by default, in its own cookie (on/off, 1/0 accepted)', () => {
    expect(DEFAULT_SETTINGS.editSuggestions).toBe(false);
    expect(settingCookie('editSuggestions', true)).toBe('editSuggestions=on; SameSite=Strict; Path=/; Max-Age=31536000');
    expect(readSettings('editSuggestions=on').editSuggestions).toBe(true);
    expect(readSettings('editSuggestions=1').editSuggestions).toBe(true);
    expect(readSettings('editSuggestions=0').editSuggestions).toBe(false);
    expect(readSettings('editSuggestions=yes').editSuggestions).toBe(false);
  });

  it('parse cookie headers, first value wins, percent-decoding', () => {
    expect(parseCookies('a=1; b=x%20y; a=2; junk')).toEqual(new Map([['a', '1'], ['b', 'x y']]));
  });
});
