/** What a file's diff cannot show by itself: binary, mode, rename, links, hidden characters; and a picture's pictures (images/). */
import { fileNotices, isImageFile } from '@redline/core';
import { LazyImageDiff } from '../images/LazyImageDiff.js';
import { unsafeLinesOf } from './buildItems.js';
import { useReview } from '../app/reviewContext.js';
import { diffLayoutShown, useNarrowWindow } from './useNarrowWindow.js';

export const LOADING_NOTICE = 'Loading this file’s diff…';

/** Pierre's row height (its CodeView metrics' lineHeight): a loading file holds its guessed rows' room, so the page moves little when its diff lands. */
const ROW_PX = 20;

export function FileNotices({ fileId }: { fileId: string }) {
  const file = useReview((s) => s.fileById.get(fileId));
  if (!file) return null;
  // The core words these, for this page and the server's first screen alike.
  const image = isImageFile(file.facts);
  // A paged review's file whose section has not arrived (docs/design/reviewInPages.md) says so instead (LoadingNotice).
  const notices = file.loading ? [] : fileNotices(file.facts, file.fileDiff.hunks.length > 0, { images: image });
  const unsafe = unsafeLinesOf(file);
  return (
    <div className="file-notices">
      {unsafe.length > 0 ? (
        <div className="unsafe-banner" role="note">
          <strong>This file contains bidirectional or hidden Unicode text</strong> that may be interpreted or compiled differently than
          what appears below ({unsafe.length} {unsafe.length === 1 ? 'line' : 'lines'}, marked). Such characters are shown as chips like{' '}
          <span className="chip chip-unsafe">U+202E</span>.
        </div>
      ) : null}
      {file.loading ? <LoadingNotice fileDiff={file.fileDiff} /> : null}
      {notices.map((notice) => (
        <div key={notice} className="file-notice">
          {notice}
        </div>
      ))}
      {image ? <LazyImageDiff fileId={fileId} /> : null}
    </div>
  );
}

/** A paged review's file still loading, as tall as the rows its placeholder guessed from its counts (pagedReviewFiles.ts) in the layout shown. */
function LoadingNotice({ fileDiff }: { fileDiff: { splitLineCount: number; unifiedLineCount: number } }) {
  const layout = diffLayoutShown(useReview((s) => s.settings.diffStyle), useNarrowWindow(useReview((s) => s.layout.unifiedBelow)));
  const rows = layout === 'split' ? fileDiff.splitLineCount : fileDiff.unifiedLineCount;
  return (
    <div className="file-notice" style={{ minHeight: `${rows * ROW_PX}px` }}>
      {LOADING_NOTICE}
    </div>
  );
}
