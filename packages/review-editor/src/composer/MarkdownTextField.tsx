/**
 * A comment's text box with Write and Preview tabs (WAI-ARIA tabs: one Tab
 * stop, ←/→ switch). The text box stays mounted while the preview shows, so
 * its draft, caret and undo history survive the switch; the form's keys
 * (Mod+Enter, Esc) work from either tab. The preview is what the cards show
 * (markdown/Markdown.tsx), and it loads the renderer only when first opened.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Markdown } from '../markdown/Markdown.js';

type Tab = 'write' | 'preview';

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
  const ids = { write: useId(), preview: useId() };
  const tabs = useRef<Record<Tab, HTMLButtonElement | null>>({ write: null, preview: null });
  const choose = (next: Tab, focusTab: boolean) => {
    setTab(next);
    if (focusTab) tabs.current[next]?.focus();
  };
  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    choose(tab === 'write' ? 'preview' : 'write', true);
  };
  return (
    <div className="markdown-field">
      <div role="tablist" aria-label="Comment text" className="markdown-tabs" onKeyDown={onTabKey}>
        {(['write', 'preview'] as const).map((name) => (
          <button
            key={name}
            ref={(el) => {
              tabs.current[name] = el;
            }}
            type="button"
            role="tab"
            id={`${ids[name]}-tab`}
            aria-selected={tab === name}
            aria-controls={ids[name]}
            tabIndex={tab === name ? 0 : -1}
            className="markdown-tab"
            onClick={() => choose(name, false)}
          >
            {name === 'write' ? 'Write' : 'Preview'}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={ids.write} aria-labelledby={`${ids.write}-tab`} hidden={tab !== 'write'}>
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
      </div>
      {tab === 'preview' ? (
        <div role="tabpanel" id={ids.preview} aria-labelledby={`${ids.preview}-tab`} tabIndex={0} className="markdown-preview" onKeyDown={props.onKeyDown}>
          {props.value.trim() === '' ? <p className="muted">Nothing to preview</p> : <Markdown text={props.value} />}
        </div>
      ) : null}
    </div>
  );
}
