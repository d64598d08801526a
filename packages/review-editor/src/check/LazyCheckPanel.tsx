/** The check panel in a chunk of its own, rendered when its chunk is in. */
import { lazy, Suspense } from 'react';

const CheckPanel = lazy(async () => ({ default: (await import('./CheckPanel.js')).CheckPanel }));

export function LazyCheckPanel() {
  return (
    <Suspense fallback={null}>
      <CheckPanel />
    </Suspense>
  );
}
