/** Says where the line cursor is, for screen readers (a polite live region; the highlight is what sighted reviewers see). */
import { useReview } from '../app/reviewContext.js';
import { describeCursor } from './lineCursor.js';

export function LineCursorAnnouncer() {
  const text = useReview((s) => {
    const cursor = s.lineCursor;
    const file = cursor ? s.fileById.get(cursor.fileId) : undefined;
    return cursor && file ? describeCursor(cursor, file.path) : '';
  });
  return (
    <div className="sr-only" role="status" aria-live="polite" data-line-cursor-announcer="">
      {text}
    </div>
  );
}
