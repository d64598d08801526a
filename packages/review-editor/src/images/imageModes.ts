/**
 * How a picture of the diff is compared: old and new side by
 * side, a swipe (the new picture over the old, shown right of a divider the
 * reviewer moves) or an onion skin (the new picture over the old, as opaque
 * as the reviewer sets it). An added or deleted picture has one side, so
 * only the side-by-side view, of that side.
 */
import type { FileStatus, Side } from '@redline/core';

export type ImageMode = 'side-by-side' | 'swipe' | 'onion-skin';

export const IMAGE_MODE_LABELS = {
  'side-by-side': 'Side by side',
  swipe: 'Swipe',
  'onion-skin': 'Onion skin',
} satisfies Record<ImageMode, string>;

/** The sides a file has: a deleted file has no new side, an added one no old side. */
export function imageSides(status: FileStatus): Side[] {
  if (status === 'added') return ['new'];
  if (status === 'deleted') return ['old'];
  return ['old', 'new'];
}

export function imageModes(sides: readonly Side[]): ImageMode[] {
  return sides.length === 2 ? ['side-by-side', 'swipe', 'onion-skin'] : ['side-by-side'];
}

/** The new picture's CSS over the old one at `position` (0 to 100): swipe shows it right of the divider, onion skin at that opacity. */
export function overlayStyle(mode: ImageMode, position: number): { clipPath?: string; opacity?: number } {
  const at = Math.min(100, Math.max(0, position));
  if (mode === 'swipe') return { clipPath: `inset(0 0 0 ${at}%)` };
  if (mode === 'onion-skin') return { opacity: at / 100 };
  return {};
}
