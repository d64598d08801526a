/**
 * Settings, kept in the reviewer's preferences file (persistPreferences.ts): Display (layout, theme, word wrap, hide
 * whitespace) and Editor, which the edit-to-suggest feature fills.
 */
import { useId, useState, type ReactNode } from 'react';
import { extensionIn } from '../diff/extensionSlots.js';
import type { DiffStyle, FollowLive, ThemeChoice } from '@redline/core';
import { Modal } from '../ui/Modal.js';
import { TabPanel, Tabs } from '../ui/Tabs.js';
import { useController, useReview } from '../app/reviewContext.js';

type Tab = 'display' | 'editor';

const tabs = [
  { key: 'display', label: 'Display' },
  { key: 'editor', label: 'Editor' },
] as const;

export function SettingsDialog() {
  const controller = useController();
  const state = controller.store.getState();
  const [tab, setTab] = useState<Tab>('display');
  const id = useId();
  // Read once, when the dialog opens: a feature loaded while it is open (the
  // edit feature, fetched when its toggle here is checked) would otherwise swap
  // the fields under the reviewer's focus. It shows from the next opening.
  const [Editor] = useState(() => extensionIn('editorSettings'));

  return (
    <Modal title="Settings" className="modal-top" onClose={() => state.closeDialog()}>
      <Tabs idBase={id} tabs={tabs} selected={tab} onSelect={setTab} label="Settings sections" className="tabs" tabClassName="tab" autoFocusSelected />
      <TabPanel idBase={id} tabKey={tab} className="settings-panel">
        {tab === 'display' ? (
          <DisplaySettings />
        ) : Editor ? (
          <Editor />
        ) : (
          <p className="muted settings-placeholder">No editor settings yet. In-place editing (edit code to suggest) will appear here.</p>
        )}
      </TabPanel>
    </Modal>
  );
}

/** The Display tab: layout, theme, word wrap, hidden whitespace, paired renames. */
function DisplaySettings() {
  const controller = useController();
  const state = controller.store.getState();
  const settings = useReview((s) => s.settings);
  return (
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
        <RereadCheckbox checked={settings.hideWhitespace} onChange={(checked) => void controller.setHideWhitespace(checked)}>
          Hide whitespace
          <span className="muted"> (re-reads the diff with <code>git diff -w</code>)</span>
        </RereadCheckbox>
        <RereadCheckbox checked={settings.pairRenames} onChange={(checked) => void controller.setPairRenames(checked)}>
          Pair moved files as renames
          <span className="muted"> (a deleted file and a similar untracked one; re-reads the diff)</span>
        </RereadCheckbox>
      </fieldset>
      <fieldset className="setting">
        <legend>Follow the agent live</legend>
        {FOLLOW_CHOICES.map(([value, words]) => (
          <label key={value} className="radio">
            <input type="radio" name="followLive" checked={settings.followLive === value} onChange={() => state.setSettings({ followLive: value })} />
            {words}
          </label>
        ))}
      </fieldset>
    </>
  );
}

/** The diff updates itself as the agent edits (followLive/followLive.ts). */
const FOLLOW_CHOICES: readonly (readonly [FollowLive, string])[] = [
  ['agent', 'When an agent started the review (redline start)'],
  ['on', 'Always: the diff updates itself as the files change'],
  ['off', 'Never: the "Diff out of date" chip offers Refresh'],
];

/** A setting that re-reads the diff: disabled while the diff is being read. */
function RereadCheckbox(props: { checked: boolean; onChange(checked: boolean): void; children: ReactNode }) {
  const reloading = useReview((s) => s.reloading);
  return (
    <label className="checkbox">
      <input type="checkbox" checked={props.checked} disabled={reloading} onChange={(event) => props.onChange(event.target.checked)} />
      {props.children}
    </label>
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
