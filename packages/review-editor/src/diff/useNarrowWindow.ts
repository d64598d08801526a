/** Whether the window is narrower than `width` px (0: never), following resizes (a media query, no resize handler). */
import { useCallback, useSyncExternalStore } from 'react';

export function useNarrowWindow(width: number): boolean {
  const query = width > 0 && typeof matchMedia === 'function' ? matchMedia(`(max-width: ${width - 1}px)`) : null;
  const subscribe = useCallback(
    (listener: () => void) => {
      query?.addEventListener('change', listener);
      return () => query?.removeEventListener('change', listener);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one query per width
    [width],
  );
  return useSyncExternalStore(subscribe, () => query?.matches ?? false);
}
