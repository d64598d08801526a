/**
 * The tabs' keyboard rule, tested once for every tab list of the page (the sidebar, Settings, the composer's Write
 * and Preview): the WAI-ARIA tabs pattern with automatic activation. ←/→ (wrapping), Home and End move the focus
 * and the selection together, and only the selected tab is in the Tab order.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TabPanel, Tabs } from './Tabs.js';

afterEach(cleanup);

const TABS = [
  { key: 'one', label: 'One' },
  { key: 'two', label: 'Two' },
  { key: 'three', label: 'Three' },
] as const;
type Key = (typeof TABS)[number]['key'];

function Example() {
  const [selected, setSelected] = useState<Key>('one');
  return (
    <>
      <Tabs idBase="t" tabs={TABS} selected={selected} onSelect={setSelected} label="Example" className="tabs" tabClassName="tab" />
      <TabPanel idBase="t" tabKey={selected}>
        {selected} panel
      </TabPanel>
    </>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });
const selectedTab = () => screen.getByRole('tab', { selected: true });

describe('Tabs', () => {
  it('moves the focus and the selection together with the arrows (wrapping), Home and End', () => {
    render(<Example />);
    tab('One').focus();
    const steps: [string, string][] = [
      ['ArrowRight', 'Two'],
      ['ArrowRight', 'Three'],
      ['ArrowRight', 'One'],
      ['ArrowLeft', 'Three'],
      ['ArrowLeft', 'Two'],
      ['Home', 'One'],
      ['End', 'Three'],
    ];
    for (const [key, expected] of steps) {
      fireEvent.keyDown(document.activeElement!, { key });
      expect(document.activeElement).toBe(tab(expected));
      expect(selectedTab()).toBe(tab(expected));
      expect(screen.getByRole('tabpanel', { name: expected }).textContent).toBe(`${expected.toLowerCase()} panel`);
    }
  });

  it('keeps only the selected tab in the Tab order and ties each tab to its panel', () => {
    render(<Example />);
    expect(TABS.map((t) => tab(t.label).tabIndex)).toEqual([0, -1, -1]);
    fireEvent.click(tab('Three'));
    expect(TABS.map((t) => tab(t.label).tabIndex)).toEqual([-1, -1, 0]);
    expect(tab('Three').getAttribute('aria-controls')).toBe(screen.getByRole('tabpanel').id);
    expect(screen.getByRole('tablist', { name: 'Example' })).toBeTruthy();
  });

  it('leaves other keys alone', () => {
    render(<Example />);
    tab('One').focus();
    fireEvent.keyDown(tab('One'), { key: 'ArrowDown' });
    fireEvent.keyDown(tab('One'), { key: 'a' });
    expect(document.activeElement).toBe(tab('One'));
    expect(selectedTab()).toBe(tab('One'));
  });
});
