/**
 * The top bar's "Compare variants" button, in a `redline compare` review
 * only (isCompareReview.ts): it opens the comparison over the diff. The
 * comparison is a chunk of its own (ComparePanel.tsx): the entry has a budget.
 */
import { lazy, Suspense, useState } from 'react';
import { isCompareReview } from './isCompareReview.js';

const ComparePanel = lazy(async () => ({ default: (await import('./ComparePanel.js')).ComparePanel }));

export function CompareButton() {
  const [shown] = useState(isCompareReview);
  const [open, setOpen] = useState(true);
  if (!shown) return null;
  return (
    <>
      <button type="button" className="btn" aria-pressed={open} onClick={() => setOpen(!open)}>
        {open ? 'Back to the diff' : 'Compare variants'}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ComparePanel onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
