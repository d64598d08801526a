/** A few 16px icons (Octicons-like strokes), decorative: every control has a text name. */
import type { ReactElement } from 'react';

const paths = {
  chevronDown: 'M4 6l4 4 4-4',
  chevronRight: 'M6 4l4 4-4 4',
  chevronLeft: 'M10 4l-4 4 4 4',
  search: 'M7 12.5a5.5 5.5 0 1 0 0-11 5.5 5.5 0 0 0 0 11zM11 11l3.5 3.5',
  gear: 'M8 10.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM8 1v2M8 13v2M1 8h2M13 8h2M3 3l1.5 1.5M11.5 11.5L13 13M3 13l1.5-1.5M11.5 4.5L13 3',
  comment: 'M2 3h12v8H6l-3 3v-3H2z',
  check: 'M3 8.5l3 3 7-7',
  close: 'M4 4l8 8M12 4l-8 8',
  warning: 'M8 2l6.5 12h-13zM8 6.5v3.5M8 12v.5',
  arrowUp: 'M8 13V3M4 7l4-4 4 4',
  arrowDown: 'M8 3v10M4 9l4 4 4-4',
  refresh: 'M13 8a5 5 0 1 1-1.5-3.5M13 2v3h-3',
  file: 'M4 1.5h5l3 3v10H4zM9 1.5v3h3',
  folder: 'M1.5 3.5h5l1.5 1.5h6.5v8h-13z',
  keyboard: 'M1.5 4h13v8h-13zM4 6.5h1M7.5 6.5h1M11 6.5h1M4.5 9.5h7',
  send: 'M2 8l12-6-4 12-2-5z',
  collapseAll: 'M4 2l4 4 4-4M4 14l4-4 4 4',
  expandAll: 'M4 6l4-4 4 4M4 10l4 4 4-4',
  editor: 'M9 2.5h4.5V7M13.5 2.5L7.5 8.5M12 9.5v4H2.5V4h4',
  link: 'M6.5 9.5l3-3M7 4.5l1.5-1.5a2.5 2.5 0 0 1 3.5 3.5L10.5 8M9 11.5L7.5 13A2.5 2.5 0 0 1 4 9.5L5.5 8',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 16 }: { name: IconName; size?: number }): ReactElement {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
