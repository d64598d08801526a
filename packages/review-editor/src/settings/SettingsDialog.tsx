/**
 * Settings, kept in the reviewer's preferences file (persistPreferences.ts): Display (layout, theme, word wrap, hide
 * whitespace) and Editor, which the edit-to-suggest feature fills.
 */
import { useId, useState } from 'react';
import { extensionIn } from '../diff/extensionSlots.js';
import type { DiffStyle, ThemeChoice } from '@redline/core';
import { Modal } from '../ui/Modal.js';
import { useController, useReview } from '../app/reviewContext.js';

type Tab = 'display' | 'editor';

export function SettingsDialog() {
  const controller = useController();
  const state = controller.store.getState();
  const settings = useReview((s) => s.settings);
  const reloading = useReview((s) => s.reloading);
  const [tab, setTab] = useState<Tab>('display');
  const id = useId();
  // Read once, when the dialog opens: a feature loaded while it is open (the
  // edit feature, fetched when its toggle here is checked) would otherwise swap
  // the fields under the reviewer's focus. It shows from the next opening.
  const [Editor] = useState(() => extensionIn('editorSettings'));
  const tabs: { key: Tab; label: string }[] = [
    { key: 'display', label: 'Display' },
    { key: 'editor', label: 'Editor' },
  ];

  return (
    <Modal title="Settings" onClose={() => state.closeDialog()}>
      <div className="tabs" role="tablist" aria-label="Settings sections">
        {tabs.map((t, i) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`${id}-${t.key}-tab`}
            aria-selected={tab === t.key}
            aria-controls={`${id}-${t.key}-panel`}
            tabIndex={tab === t.key ? 0 : -1}
            className={`tab ${tab === t.key ? 'is-active' : ''}`}
            data-autofocus={tab === t.key ? '' : undefined}
            onClick={() => setTab(t.key)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
              const next = tabs[(i + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]!;
              setTab(next.key);
              document.getElementById(`${id}-${next.key}-tab`)?.focus();
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`} className="settings-panel">
        {tab === 'display' ? (
          <>
            <fieldset className="setting">
              <legend>Layout</legend>
              {(['split', 'unified'] as DiffStyle[]).map((value) => (
                <label key={value} className="radio">
                  <input type="radio" name="diffStyle" checked={settings.diffStyle === value} onChange={() => state.setSettings({ diffStyle: value })} />
                  {value === 'split' ? 'Split' : 'Unified'}
                </label>
              ))}
              <UnifiedBelow />
            </fieldset>
            <fieldset className="setting">
              <legend>Theme</legend>
              {(['system', 'light', 'dark'] as ThemeChoice[]).map((value) => (
                <label key={value} className="radio">
                  <input type="radio" name="theme" checked={settings.theme === value} onChange={() => state.setSettings({ theme: value })} />
                  {value === 'system' ? 'Follow the system' : value === 'light' ? 'Light' : 'Dark'}
                </label>
              ))}
            </fieldset>
            <fieldset className="setting">
              <legend>Diff</legend>
              <label className="checkbox">
                <input type="checkbox" checked={settings.wordWrap} onChange={(event) => state.setSettings({ wordWrap: event.target.checked })} />
                Word wrap
              </label>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={settings.hideWhitespace}
                  disabled={reloading}
                  onChange={(event) => void controller.setHideWhitespace(event.target.checked)}
                />
                Hide whitespace
                <span className="muted"> (re-reads the diff with <code>git diff -w</code>)</span>
              </label>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={settings.pairRenames}
                  disabled={reloading}
                  onChange={(event) => void controller.setPairRenames(event.target.checked)}
                />
                Pair moved files as renames
                <span className="muted"> (a deleted file and a similar untracked one; re-reads the diff)</span>
              </label>
            </fieldset>
          </>
        ) : Editor ? (
          <Editor />
        ) : (
          <p className="muted settings-placeholder">No editor settings yet. In-place editing (edit code to suggest) will appear here.</p>
        )}
      </div>
    </Modal>
  );
}

/** Below which window width split view shows as unified (layout.unifiedBelow, the core's preferences.ts). */
function UnifiedBelow() {
  const unifiedBelow = useReview((s) => s.layout.unifiedBelow);
  const setLayout = useReview((s) => s.setLayout);
  return (
    <label className="select-setting">
      Split view shows as unified in windows narrower than{' '}
      <select className="input" value={unifiedBelow} onChange={(event) => setLayout({ unifiedBelow: Number(event.target.value) })}>
        {[0, 900, 1100, 1400].map((width) => (
          <option key={width} value={width}>
            {width === 0 ? 'never' : `${width} px`}
          </option>
        ))}
      </select>
    </label>
  );
}
