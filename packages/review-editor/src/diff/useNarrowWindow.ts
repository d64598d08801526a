/** Whether the window is narrower than `width` px (0: never), following resizes (a media query, no resize handler). */
import { useCallback, useMemo, useSyncExternalStore } from 'react';

export function useNarrowWindow(width: number): boolean {
  // One query per width: a new one each render would resubscribe on every render.
  const query = useMemo(() => (width > 0 && typeof matchMedia === 'function' ? matchMedia(`(max-width: ${width - 1}px)`) : null), [width]);
  const subscribe = useCallback(
    (listener: () => void) => {
      query?.addEventListener('change', listener);
      return () => query?.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => query?.matches ?? false);
}
