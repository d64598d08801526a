/**
 * Keeps a form in a diff slot inside the window: a slot is as wide as its
 * code column's scrolled content, which in split view at 800 px put the
 * comment form's "Add comment" button at x 800–896, off screen, where
 * scrolling sideways moved only the code. The slot's
 * content sticks to the column's visible left edge and is never wider than
 * what is left of the window to its right.
 */
import { useLayoutEffect, useRef, type ReactNode } from 'react';

/** Pixels kept free at the window's right edge (a scrollbar, a margin). */
const EDGE = 12;
/** Narrower than this a form is unusable: it may then scroll with the page instead. */
const MIN_WIDTH = 220;

export function FitInWindow({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const fit = () => {
      el.style.maxWidth = '';
      const room = window.innerWidth - EDGE - Math.max(0, el.getBoundingClientRect().left);
      if (el.getBoundingClientRect().right > window.innerWidth - EDGE) el.style.maxWidth = `${Math.max(MIN_WIDTH, room)}px`;
    };
    fit();
    // CodeView may still place the slot after this render: look again once it has painted.
    const frame = requestAnimationFrame(fit);
    window.addEventListener('resize', fit);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', fit);
    };
  }, []);
  return (
    <div ref={box} className="fit-in-window">
      {children}
    </div>
  );
}
