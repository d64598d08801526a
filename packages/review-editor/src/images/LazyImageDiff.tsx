/**
 * The one door into images/ from the diff: the picture viewer as a lazy
 * component, so its code is a chunk of its own that a review without
 * pictures never fetches.
 */
import { lazy, Suspense } from 'react';

const ImageDiff = lazy(() => import('./ImageDiff.js'));

export function LazyImageDiff({ fileId }: { fileId: string }) {
  return (
    <Suspense fallback={<div className="image-placeholder">Loading the picture viewer…</div>}>
      <ImageDiff fileId={fileId} />
    </Suspense>
  );
}
