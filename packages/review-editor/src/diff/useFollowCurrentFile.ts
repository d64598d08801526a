/**
 * The current file follows the diff's scrolling (the tree marks it, `j`/`k`
 * step from it).
 */
import { useCallback, useEffect, useRef } from 'react';
import type { CodeView as CodeViewInstance } from '@pierre/diffs';
import type { ReviewController } from '../app/reviewController.js';
import { filesListed } from '../diffViews/filesInView.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';
import type { SlotMeta } from './slotMeta.js';

type OnScroll = (scrollTop: number, view: CodeViewInstance<SlotMeta, undefined>) => void;

export function useFollowCurrentFile(controller: ReviewController): OnScroll {
  const { store } = controller;
  // The current file is the last one whose top has scrolled past the top edge
  // (at the very bottom, a file the reviewer picked stays current if visible).
  // Only CodeView's own numbers are read (logical positions, its cached
  // viewport height): reading the scroller's scrollHeight/clientHeight here,
  // right after CodeView had written the DOM, forced a layout every frame
  // (bench profile: a third of the main thread's time while scrolling M).
  // Right after a jump the picked file stays current; a scroll meanwhile is
  // looked at once that pin ends.
  const frame = useRef(0);
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commit = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<string | undefined>(undefined);
  useEffect(
    () => () => {
      clearTimeout(retry.current);
      clearTimeout(commit.current);
    },
    [],
  );
  return useCallback(
    function follow(scrollTop: number, view: CodeViewInstance<SlotMeta, undefined>) {
      cancelAnimationFrame(frame.current);
      clearTimeout(retry.current);
      frame.current = requestAnimationFrame(() => {
        const pinnedFor = controller.currentFilePinnedFor();
        if (pinnedFor > 0) {
          retry.current = setTimeout(() => follow(view.getScrollTop(), view), pinnedFor);
          return;
        }
        const height = view.getHeight();
        const s = store.getState();
        if (s.currentFileId && scrollTop + height >= view.getScrollHeight() - 4) {
          const top = view.getTopForItem(s.currentFileId);
          if (top !== undefined && top >= scrollTop && top < scrollTop + height) return;
        }
        const picked = fileAtTop(view, filesListed(s), scrollTop);
        if (!picked) return;
        // Written after this frame, not in it: the write re-renders the tree, which inside
        // the scroll's frame made its longest tasks longer (bench trace, scrolling S one
        // viewport a frame: 12-34 ms of React in each frame that passed a file). One write
        // is pending at a time and takes the latest file, so frames coming faster than the
        // write (a long scroll) never put it off.
        pending.current = picked.id;
        commit.current ??= setTimeout(() => {
          commit.current = undefined;
          const id = pending.current;
          pending.current = undefined;
          if (id === undefined || controller.currentFilePinnedFor() > 0) return; // a jump came in between: it wins
          store.getState().setCurrentFile(id);
        }, 0);
      });
    },
    [controller, store],
  );
}

/**
 * Files are CodeView's items in order, their tops increasing: the last
 * one starting above the top edge, by binary search over CodeView's own
 * (estimated where not yet rendered) positions. Not the rendered items:
 * after a long jump they are still the ones CodeView is about to replace.
 */
function fileAtTop(view: CodeViewInstance<SlotMeta, undefined>, files: readonly ReviewFile[], scrollTop: number): ReviewFile | undefined {
  let low = 0;
  let high = files.length - 1;
  let current = 0;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const top = view.getTopForItem(files[mid]!.id);
    if (top !== undefined && top <= scrollTop + 8) {
      current = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return files[current];
}
