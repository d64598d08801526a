/**
 * A tab list, the WAI-ARIA tabs pattern with automatic activation, written once for every tab list of the page:
 * ←/→ (wrapping), Home and End move the focus and the selection together; only the selected tab is in the Tab
 * order (roving tabindex); each tab controls its panel (`TabPanel`, named by its tab).
 */
import type { HTMLAttributes, KeyboardEvent, ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

export interface TabsProps<K extends string> {
  /** The base of the tabs' and panels' ids (`useId()`), shared with their `TabPanel`s. */
  idBase: string;
  tabs: readonly TabItem<K>[];
  selected: NoInfer<K>;
  onSelect(key: NoInfer<K>): void;
  /** The tab list's accessible name. */
  label: string;
  className: string;
  tabClassName: string;
  /** Marks the selected tab as the first focus of the dialog it opens in (`Modal`'s `data-autofocus`). */
  autoFocusSelected?: boolean;
  /** Shown after the tabs, inside the list. */
  children?: ReactNode;
}

export const tabId = (idBase: string, key: string) => `${idBase}-${key}-tab`;
export const tabPanelId = (idBase: string, key: string) => `${idBase}-${key}-panel`;

/** The key a tab key press selects, or null for a key the tabs leave alone. */
export function tabAfterKey<K extends string>(keys: readonly K[], current: K, key: string): K | null {
  const at = keys.indexOf(current);
  if (key === 'ArrowRight') return keys[(at + 1) % keys.length]!;
  if (key === 'ArrowLeft') return keys[(at + keys.length - 1) % keys.length]!;
  if (key === 'Home') return keys[0]!;
  if (key === 'End') return keys[keys.length - 1]!;
  return null;
}

export function Tabs<K extends string>(props: TabsProps<K>) {
  const { idBase, tabs, selected, onSelect } = props;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = tabAfterKey(
      tabs.map((t) => t.key),
      selected,
      event.key,
    );
    if (next === null) return;
    event.preventDefault();
    onSelect(next);
    document.getElementById(tabId(idBase, next))?.focus();
  };
  return (
    <div className={props.className} role="tablist" aria-label={props.label}>
      {tabs.map((t) => {
        const isSelected = t.key === selected;
        return (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={tabId(idBase, t.key)}
            aria-selected={isSelected}
            aria-controls={tabPanelId(idBase, t.key)}
            tabIndex={isSelected ? 0 : -1}
            className={isSelected ? `${props.tabClassName} is-active` : props.tabClassName}
            data-autofocus={props.autoFocusSelected && isSelected ? '' : undefined}
            onClick={() => onSelect(t.key)}
            onKeyDown={onKeyDown}
          >
            {t.label}
          </button>
        );
      })}
      {props.children}
    </div>
  );
}

export interface TabPanelProps extends Omit<HTMLAttributes<HTMLDivElement>, 'role' | 'id' | 'aria-labelledby'> {
  idBase: string;
  tabKey: string;
}

/** The panel of one tab, named by it. */
export function TabPanel({ idBase, tabKey, ...rest }: TabPanelProps) {
  return <div {...rest} role="tabpanel" id={tabPanelId(idBase, tabKey)} aria-labelledby={tabId(idBase, tabKey)} />;
}
