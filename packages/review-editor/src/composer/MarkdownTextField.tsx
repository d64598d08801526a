/**
 * A comment's text box with Write and Preview tabs (ui/Tabs.tsx: one Tab
 * stop, ←/→ switch). The text box stays mounted while the preview shows, so
 * its draft, caret and undo history survive the switch; the form's keys
 * (Mod+Enter, Esc) work from either tab. The preview is what the cards show
 * (markdown/Markdown.tsx), and it loads the renderer only when first opened.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { Markdown } from '../markdown/Markdown.js';
import { TabPanel, Tabs } from '../ui/Tabs.js';

const tabs = [
  { key: 'write', label: 'Write' },
  { key: 'preview', label: 'Preview' },
] as const;
type Tab = (typeof tabs)[number]['key'];

export interface MarkdownTextFieldProps {
  /** The text box's id, for the form's `<label htmlFor>`. */
  id: string;
  value: string;
  rows: number;
  autoFocus?: boolean;
  placeholder?: string;
  onChange(text: string): void;
  onKeyDown(event: KeyboardEvent): void;
}

export function MarkdownTextField(props: MarkdownTextFieldProps) {
  const [tab, setTab] = useState<Tab>('write');
  const id = useId();
  return (
    <div className="markdown-field">
      <Tabs idBase={id} tabs={tabs} selected={tab} onSelect={setTab} label="Comment text" className="markdown-tabs" tabClassName="markdown-tab" />
      <TabPanel idBase={id} tabKey="write" hidden={tab !== 'write'}>
        <textarea
          id={props.id}
          className="text-input"
          rows={props.rows}
          autoFocus={props.autoFocus}
          placeholder={props.placeholder}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          onKeyDown={props.onKeyDown}
        />
      </TabPanel>
      {tab === 'preview' ? (
        <TabPanel idBase={id} tabKey="preview" tabIndex={0} className="markdown-preview" onKeyDown={props.onKeyDown}>
          {props.value.trim() === '' ? <p className="muted">Nothing to preview</p> : <Markdown text={props.value} />}
        </TabPanel>
      ) : null}
    </div>
  );
}
