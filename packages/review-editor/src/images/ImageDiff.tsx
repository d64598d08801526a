/**
 * A picture file of the diff, loaded on demand: this module and
 * its CSS are the lazy chunk (LazyImageDiff.tsx), fetched only when a file
 * the core calls an image (isImageFile) is drawn. It fetches each side from
 * GET /api/image with the session header (an `<img src>` cannot send it),
 * shows it from a blob: URL, and lets the URL go when the file scrolls away.
 * A side over MAX_IMAGE_BYTES is not asked for: a notice stands in.
 */
import { useEffect, useState } from 'react';
import { formatBytes, MAX_IMAGE_BYTES, type Side, errorMessage } from '@redline/core';
import { useController, useReview } from '../app/reviewContext.js';
import type { ReviewFile } from '../reviewLoading/reviewFile.js';
import { ImageCompare, type ImageSideState } from './ImageCompare.js';
import { imageSides } from './imageModes.js';
import './images.css';

type Sides = Partial<Record<Side, ImageSideState>>;

export default function ImageDiff({ fileId }: { fileId: string }) {
  const file = useReview((s) => s.fileById.get(fileId));
  const fingerprint = useReview((s) => s.review?.fingerprint ?? '');
  const sides = useImageSides(file, fingerprint);
  if (!file) return null;
  return <ImageCompare path={file.path} sides={sides} />;
}

function useImageSides(file: ReviewFile | undefined, fingerprint: string): Sides {
  const { api } = useController();
  const [sides, setSides] = useState<Sides>({});
  useEffect(() => {
    if (!file) return;
    const urls: string[] = [];
    let live = true;
    const wanted = imageSides(file.status);
    setSides(Object.fromEntries(wanted.map((side) => [side, { state: 'loading' }])));
    for (const side of wanted) {
      const size = side === 'old' ? file.facts.oldSize : file.facts.newSize;
      const show = (state: ImageSideState) => live && setSides((known) => ({ ...known, [side]: state }));
      if (size !== null && size > MAX_IMAGE_BYTES) {
        show({ state: 'refused', message: `Too large to show (${formatBytes(size)}; pictures up to ${formatBytes(MAX_IMAGE_BYTES)} are shown)` });
        continue;
      }
      api.getImage(file.path, fingerprint, side).then(
        (blob) => {
          const url = URL.createObjectURL(blob);
          urls.push(url);
          show({ state: 'shown', url, bytes: blob.size });
        },
        (error: unknown) => show({ state: 'refused', message: errorMessage(error).replace(/^image: /, '') }),
      );
    }
    return () => {
      live = false;
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [api, file, fingerprint]);
  return sides;
}
