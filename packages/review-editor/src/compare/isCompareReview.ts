/** Whether this page is a `redline compare` review: the server marks its head (COMPARE_MARKER_NAME), so no request is made to find out. */
import { COMPARE_MARKER_NAME } from '@redline/core';

export function isCompareReview(doc: Document = document): boolean {
  return doc.querySelector(`meta[name="${COMPARE_MARKER_NAME}"]`) !== null;
}
