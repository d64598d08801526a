/** Whether the window is narrower than `width` px (0: never), following resizes (a media query, no resize handler). */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { DiffStyle } from '@redline/core';

export function useNarrowWindow(width: number): boolean {
  // One query per width: a new one each render would resubscribe on every render.
  const query = useMemo(() => narrowQuery(width), [width]);
  const subscribe = useCallback(
    (listener: () => void) => {
      query?.addEventListener('change', listener);
      return () => query?.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => query?.matches ?? false);
}

function narrowQuery(width: number): MediaQueryList | null {
  return width > 0 && typeof matchMedia === 'function' ? matchMedia(`(max-width: ${width - 1}px)`) : null;
}

/** The same, read once (the line cursor asks at each key). */
export function isNarrowWindow(width: number): boolean {
  return narrowQuery(width)?.matches ?? false;
}

/**
 * The layout the diff is drawn in: the chosen one, but unified below the
 * reviewer's "unified below" width (at 800 px, split left the comment form's
 * button off screen). The one rule for the diff, the line cursor and a
 * loading file's guessed height.
 */
export function diffLayoutShown(chosen: DiffStyle, narrow: boolean): DiffStyle {
  return chosen === 'split' && !narrow ? 'split' : 'unified';
}
