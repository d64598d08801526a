/**
 * The sidebar's right edge: drag it (or focus it and press ←/→) to resize the
 * sidebar; the width is remembered (the preferences, settings/persistPreferences.ts). A window-separator
 * in ARIA's terms, with its value in pixels.
 */
import { useRef } from 'react';
import { useReview } from '../app/reviewContext.js';
import { SIDEBAR_WIDTH } from '@redline/core';

const STEP = 20;

export function SidebarResizer() {
  const width = useReview((s) => s.layout.sidebarWidth);
  const setLayout = useReview((s) => s.setLayout);
  const drag = useRef<{ x: number; width: number } | null>(null);
  return (
    <div
      className="sidebar-resizer"
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize the sidebar"
      aria-valuenow={width}
      aria-valuemin={SIDEBAR_WIDTH.min}
      aria-valuemax={SIDEBAR_WIDTH.max}
      tabIndex={0}
      onPointerDown={(event) => {
        drag.current = { x: event.clientX, width };
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={(event) => {
        if (drag.current) setLayout({ sidebarWidth: drag.current.width + event.clientX - drag.current.x });
      }}
      onPointerUp={() => {
        drag.current = null;
      }}
      onKeyDown={(event) => {
        const delta = event.key === 'ArrowRight' ? STEP : event.key === 'ArrowLeft' ? -STEP : 0;
        if (delta === 0) return;
        event.preventDefault();
        setLayout({ sidebarWidth: width + delta });
      }}
    />
  );
}
